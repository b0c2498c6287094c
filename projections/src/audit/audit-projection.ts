import { sql, type DatabaseTransactionConnection, type SerializableValue } from 'slonik';
import type { ProjectedEvent, Projection } from '../events';
import { rawFragment } from '../raw-sql';
import { AUDITED_EVENT_TYPES, auditRow, type AuditRow } from './audit-entry';

const COLUMNS =
  'position text, type text, action text, kind text, item_id uuid, stream_name text, label text, actor_user_id text, actor_email text, occurred_at timestamptz, content_author text';

async function insertRows(tx: DatabaseTransactionConnection, schema: string, rows: AuditRow[]): Promise<void> {
  // In slices, so one statement's JSON parameter stays small however long the log is.
  for (let i = 0; i < rows.length; i += 2000) {
    await tx.query(sql.unsafe`
      INSERT INTO ${sql.identifier([schema, 'audit_events'])}
      SELECT * FROM jsonb_to_recordset(${sql.jsonb(rows.slice(i, i + 2000) as unknown as SerializableValue)})
        AS r(${rawFragment(COLUMNS)})
      ON CONFLICT (position) DO NOTHING`);
  }
}

/** The table's columns, in the order COPY gets them. */
const COLUMN_NAMES = [
  'position',
  'type',
  'action',
  'kind',
  'item_id',
  'stream_name',
  'label',
  'actor_user_id',
  'actor_email',
  'occurred_at',
  'content_author',
] as const satisfies ReadonlyArray<keyof AuditRow>;

/** The rows folded so far, as COPY's values, taken out of the state (which is left empty). */
const takeRows = (state: unknown): Array<Array<string | null>> => (state as AuditRow[]).splice(0).map((row) => COLUMN_NAMES.map((column) => row[column]));

const rowsOf = (events: readonly ProjectedEvent[]) => events.map(auditRow).filter((row): row is AuditRow => row !== null);

/** The site-wide history the admin filters (kind, user, dates) and pages through: one row per audited event. */
export const auditProjection: Projection = {
  name: 'audit',
  eventTypes: AUDITED_EVENT_TYPES,
  apply: (tx, schema, events) => insertRows(tx, schema, rowsOf(events)),
  bulk: {
    start: (): AuditRow[] => [],
    add: (state, events) => void (state as AuditRow[]).push(...rowsOf(events)),
    // One row per event of the log: COPY, the cheapest way in (a rebuild writes into an empty table).
    flush: (_tx, schema, state, copy) => copy([schema, 'audit_events'], COLUMN_NAMES, takeRows(state)),
    // A row never changes once written: a rebuild COPYs each batch's rows while it reads on.
    streamed: { table: 'audit_events', columns: COLUMN_NAMES, take: takeRows },
  },
};
