import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodePosition, type LogPosition, type RecordedEvent } from '../port';
import { EVENT_COLUMNS, eventRow, toRecorded } from './postgres-event-store';

/** What the event browser asks of the log (all optional): who caused it is the metadata's actor's user id. */
export type EventLogFilter = {
  stream: string | null;
  type: string | null;
  userId: string | null;
  /** ISO instants: from inclusive, to exclusive (the store's recorded_at). */
  from: string | null;
  to: string | null;
  /** The position of the last event of the previous page: this page is the events before it. */
  before: LogPosition | null;
  limit: number;
};

/**
 * The stored log, newest first, filtered; keyset-paged on the log position (transaction id, global position), never
 * an offset. Only events below the readable horizon (pg_snapshot_xmin, as readAll) are answered: an event committed
 * later by an older transaction would sort before ones already shown, so holding it back until every older
 * transaction has ended is what lets a later page never skip or repeat one while events are appended. Each filter
 * has an index that walks the log backwards from `before` (schema.ts, es-002): a page reads about `limit` rows.
 */
/** A time range holding fewer events than this is read whole and sorted (see browseEvents). */
export const NARROW_RANGE = 5000;

export async function browseEvents(db: CommonQueryMethods, filter: EventLogFilter): Promise<RecordedEvent[]> {
  const conditions = [sql.fragment`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`];
  if (filter.before) {
    const [xid, position] = decodePosition(filter.before);
    conditions.push(sql.fragment`(transaction_id, global_position) < (${xid.toString()}::xid8, ${position.toString()}::bigint)`);
  }
  if (filter.stream !== null) conditions.push(sql.fragment`stream_name = ${filter.stream}`);
  if (filter.type !== null) conditions.push(sql.fragment`event_type = ${filter.type}`);
  if (filter.userId !== null) conditions.push(sql.fragment`(metadata->'actor'->>'userId') = ${filter.userId}`);
  const range = [
    ...(filter.from !== null ? [sql.fragment`recorded_at >= ${filter.from}::timestamptz`] : []),
    ...(filter.to !== null ? [sql.fragment`recorded_at < ${filter.to}::timestamptz`] : []),
  ];
  const where = sql.join([...conditions, ...range], sql.fragment` AND `);
  // A range far back in the log is where walking it backwards reads every newer event first (25 ms at 100k, and
  // growing with the log), and the planner cannot tell: recorded_at follows the log order but its statistics do
  // not say so. So a narrow range (counted on its index, stopping at NARROW_RANGE) is read whole through that
  // index and sorted; a wide one holds many matches near wherever the walk starts, and is walked.
  if (range.length > 0) {
    const inRange = await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM es.events WHERE ${sql.join(range, sql.fragment` AND `)} LIMIT ${NARROW_RANGE}) AS r`);
    if (inRange < NARROW_RANGE) {
      const rows = await db.any(sql.type(eventRow)`
        WITH in_range AS MATERIALIZED (SELECT * FROM es.events WHERE ${where})
        SELECT ${EVENT_COLUMNS} FROM in_range
         ORDER BY transaction_id DESC, global_position DESC
         LIMIT ${filter.limit}`);
      return rows.map(toRecorded);
    }
  }
  const rows = await db.any(sql.type(eventRow)`
    SELECT ${EVENT_COLUMNS} FROM es.events
     WHERE ${where}
     ORDER BY transaction_id DESC, global_position DESC
     LIMIT ${filter.limit}`);
  return rows.map(toRecorded);
}
