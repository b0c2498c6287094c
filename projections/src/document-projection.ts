import { eventNames, isDocumentEvent, type DocumentEventNames } from '@mello/contracts';
import { sql, type DatabaseTransactionConnection, type SerializableValue } from 'slonik';
import type { ProjectedEvent, Projection } from './events';
import { SEARCH_LANE } from './lanes';
import { rawFragment } from './raw-sql';
import { mergeGinPendingLists } from './search/gin-pending-list';
import { SEARCH_TEXT_COLUMNS } from './search/search-documents';

type Fields = Record<string, unknown>;

export type DocumentProjectionConfig = {
  name: string;
  table: string;
  /** The document's events, from the registry (DOCUMENT_EVENTS.year …). */
  events: DocumentEventNames;
  /** Extra indexed columns derived from the fields (the document itself goes in `doc`). */
  columns: ReadonlyArray<{ name: string; type: 'integer' | 'text' | 'timestamptz' | 'boolean' | 'uuid' | 'text[]'; value: (fields: Fields) => unknown }>;
  /** The stored document's fields when not the event's fields as they are (a search hit keeps only what it shows). */
  doc?: (fields: Fields) => Fields;
  /**
   * Keeps the document's stream revision in a `revision` column: the ETag of a single-document GET and the
   * If-Match it is sent back as (docs/event-sourcing.md). Read with the doc from the same row, so the two agree.
   */
  revision?: boolean;
  /**
   * A search table: a live batch merges its GIN indexes' pending lists after writing (search/gin-pending-list.ts),
   * and the live runner applies it in the search lane (lanes.ts).
   */
  searchTable?: boolean;
};

export type DocumentChanges = {
  /** Final state per id after the batch; createdPosition is null when the row was created in an earlier batch. */
  upserts: Map<string, { fields: Fields; createdPosition: string | null; lastPosition: string; revision: number }>;
  deletes: Set<string>;
  /**
   * The first creation seen per id, kept through a delete: a deleted document restored (re-created) later keeps
   * the place it was first created at, not the place of its restore (ordering must not depend on when it came back).
   */
  places: Map<string, string>;
};

export const noDocumentChanges = (): DocumentChanges => ({ upserts: new Map(), deletes: new Set(), places: new Map() });

/**
 * Pure: folds a batch of document events into the final change per id. Because every event carries the full
 * field set, the last event of an id decides its row, and a batch of any size flushes in two statements.
 */
export function reduceDocumentEvents(
  names: DocumentProjectionConfig['events'],
  events: readonly ProjectedEvent[],
  changes: DocumentChanges = noDocumentChanges(),
): DocumentChanges {
  for (const event of events) {
    if (!isDocumentEvent(event)) continue;
    const { id } = event.data;
    const fields: Fields = event.data.fields;
    if (event.type === names.created) {
      changes.deletes.delete(id);
      if (!changes.places.has(id)) changes.places.set(id, event.position);
      const createdPosition = changes.places.get(id)!;
      changes.upserts.set(id, { fields, createdPosition, lastPosition: event.position, revision: event.streamRevision });
    } else if (event.type === names.updated) {
      const earlier = changes.upserts.get(id);
      changes.upserts.set(id, { fields, createdPosition: earlier?.createdPosition ?? null, lastPosition: event.position, revision: event.streamRevision });
    } else if (event.type === names.deleted) {
      changes.upserts.delete(id);
      changes.deletes.add(id);
    }
  }
  return changes;
}

/** A read model of one document per row: `doc` is exactly what the API returns ({ id, ...fields }). */
export function documentProjection(config: DocumentProjectionConfig): Projection {
  const eventTypes = eventNames(config.events.created, config.events.updated, config.events.deleted);
  const columns = config.revision ? [...config.columns, { name: 'revision', type: 'integer' as const, value: () => undefined }] : config.columns;
  const extraColumns = columns.map((column) => sql.identifier([column.name]));
  const recordType = sql.join(
    [
      sql.fragment`id uuid`,
      sql.fragment`created_position text`,
      sql.fragment`doc jsonb`,
      ...columns.map((c) => sql.fragment`${sql.identifier([c.name])} ${rawFragment(c.type)}`),
    ],
    sql.fragment`, `,
  );

  const allColumns = sql.join([sql.identifier(['id']), sql.identifier(['created_position']), sql.identifier(['doc']), ...extraColumns], sql.fragment`, `);
  // The document and its columns set from a row of `source`: the batch's (r) or the conflicting insert's (excluded).
  const setFrom = (source: 'r' | 'excluded') => {
    const from = rawFragment(source);
    return sql.join([sql.fragment`doc = ${from}.doc`, ...extraColumns.map((column) => sql.fragment`${column} = ${from}.${column}`)], sql.fragment`, `);
  };
  // A search row whose texts stay is updated without naming them: its generated columns (normalised texts,
  // tsvector) are then not computed again, and its new version, with the same indexed values, fits on the page
  // (SEARCH_TABLE_FILLFACTOR) as a HOT update, which feeds no index. Named, the texts are recomputed and stored
  // anew and the new version feeds every trigram and full-text key again, though nothing a search sees changed.
  // These fragments are the same for every batch: made once per projection.
  const keepsTexts = sql.join(
    SEARCH_TEXT_COLUMNS.map((column) => sql.fragment`t.${sql.identifier([column])} = r.${sql.identifier([column])}`),
    sql.fragment` AND `,
  );
  const setKeepingTexts = sql.join(
    [
      sql.fragment`doc = r.doc`,
      ...columns
        .filter((c) => !(SEARCH_TEXT_COLUMNS as readonly string[]).includes(c.name))
        .map((c) => sql.fragment`${sql.identifier([c.name])} = r.${sql.identifier([c.name])}`),
    ],
    sql.fragment`, `,
  );

  const write = async (tx: DatabaseTransactionConnection, schema: string, { upserts, deletes, places }: DocumentChanges) => {
    const table = sql.identifier([schema, config.table]);
    if (places.size > 0) {
      // Every projection of a document writes the same first place; sorted, so two projections' transactions
      // inserting the same ids take their row locks in one order and never deadlock.
      const sorted = [...places].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      await tx.query(sql.unsafe`
        INSERT INTO ${sql.identifier([schema, 'document_places'])} (id, position)
        SELECT * FROM unnest(${sql.array(
          sorted.map(([id]) => id),
          'uuid',
        )}, ${sql.array(
          sorted.map(([, position]) => position),
          'text',
        )})
        ON CONFLICT (id) DO NOTHING`);
    }
    if (deletes.size > 0) {
      await tx.query(sql.unsafe`DELETE FROM ${table} WHERE id = ANY(${sql.array([...deletes], 'uuid')})`);
    }
    if (upserts.size === 0) return;
    const rows = [...upserts].map(([id, change]) => ({
      id,
      created_position: change.createdPosition ?? change.lastPosition,
      doc: { id, ...(config.doc ? config.doc(change.fields) : change.fields) },
      ...Object.fromEntries(config.columns.map((c) => [c.name, c.value(change.fields)])),
      ...(config.revision ? { revision: change.revision } : {}),
    }));
    const updates = config.searchTable
      ? sql.fragment`
      kept AS (UPDATE ${table} t SET ${setKeepingTexts} FROM r WHERE t.id = r.id AND ${keepsTexts} RETURNING t.id),
      changed AS (UPDATE ${table} t SET ${setFrom('r')} FROM r WHERE t.id = r.id AND NOT (${keepsTexts}) RETURNING t.id),
      updated AS (SELECT id FROM kept UNION ALL SELECT id FROM changed)`
      : sql.fragment`updated AS (UPDATE ${table} t SET ${setFrom('r')} FROM r WHERE t.id = r.id RETURNING t.id)`;
    // A new row takes its document's first place (document_places), which a restored document had before this batch.
    const selected = sql.join(
      [
        sql.fragment`r.id`,
        sql.fragment`coalesce((SELECT p.position FROM ${sql.identifier([schema, 'document_places'])} p WHERE p.id = r.id), r.created_position)`,
        sql.fragment`r.doc`,
        ...extraColumns.map((column) => sql.fragment`r.${column}`),
      ],
      sql.fragment`, `,
    );
    // Rows that exist are UPDATEd and only the others INSERTed: an INSERT … ON CONFLICT DO UPDATE computes a search
    // table's generated columns (normalised text, tsvector) for the proposed row and again for the update, about
    // half of such a row's write without its indexes. The ON CONFLICT stays for a row another transaction inserted
    // meanwhile.
    await tx.query(sql.unsafe`
      WITH r AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${sql.jsonb(rows as unknown as SerializableValue)}) AS r(${recordType})),
      ${updates}
      INSERT INTO ${table} (${allColumns})
      SELECT ${selected} FROM r WHERE NOT EXISTS (SELECT 1 FROM updated u WHERE u.id = r.id)
      ON CONFLICT (id) DO UPDATE SET ${setFrom('excluded')}`);
  };

  return {
    name: config.name,
    ...(config.searchTable ? { lane: SEARCH_LANE } : {}),
    eventTypes,
    apply: async (tx, schema, events) => {
      const changes = reduceDocumentEvents(config.events, events);
      await write(tx, schema, changes);
      if (config.searchTable && changes.upserts.size > 0) await mergeGinPendingLists(tx, schema, config.table);
    },
    // A rebuild starts from empty tables: deletes of rows never written are no-ops, every row is written once.
    bulk: {
      start: noDocumentChanges,
      add: (state, events) => void reduceDocumentEvents(config.events, events, state as DocumentChanges),
      flush: async (tx, schema, state) => {
        // In slices, so one statement's JSON parameter stays a few megabytes however large the archive grows. The
        // places of deleted documents are written too: one restored after the rebuild comes back to its place.
        const { upserts, places } = state as DocumentChanges;
        const all = [...upserts];
        const allPlaces = [...places];
        for (let i = 0; i < Math.max(all.length, allPlaces.length); i += 1000) {
          await write(tx, schema, { upserts: new Map(all.slice(i, i + 1000)), deletes: new Set(), places: new Map(allPlaces.slice(i, i + 1000)) });
        }
      },
    },
  };
}
