import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { decodePosition, type LogPosition, type RecordedEvent } from '../port';
import { EVENT_COLUMNS, eventRow, toRecorded } from './event-rows';

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
 *
 * A time range is first turned into the span of transaction ids its readable events have (one index-only pass over
 * the range on events_by_recorded_at, which carries the log position: es-003), and the walk is bounded by that span.
 * Without it, a range far back in the log meant reading every newer event first (60–150 ms at 100k events, growing
 * with the log), and the planner cannot tell: recorded_at follows the log order but its statistics do not say so.
 * The span is exact (recorded_at is a transaction's start, not its place in the log, so a range's events need not be
 * contiguous in it; the walk still filters on recorded_at), so no event of the range is ever left out. When the
 * range reaches the log's newest end and starts before its oldest (as far as a walk of a page would go), the span
 * would not shorten the walk and is not computed: SPAN_WORTH_IT events beyond either end make it worth its pass.
 */
export const SPAN_WORTH_IT = 1000;

export async function browseEvents(db: CommonQueryMethods, filter: EventLogFilter): Promise<RecordedEvent[]> {
  const readable = sql.fragment`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
  const conditions = [readable];
  const beforeCondition = filter.before ? positionBefore(filter.before) : null;
  if (beforeCondition) conditions.push(beforeCondition);
  if (filter.stream !== null) conditions.push(sql.fragment`stream_name = ${filter.stream}`);
  if (filter.type !== null) conditions.push(sql.fragment`event_type = ${filter.type}`);
  if (filter.userId !== null) conditions.push(sql.fragment`(metadata->'actor'->>'userId') = ${filter.userId}`);
  const range = [
    ...(filter.from !== null ? [sql.fragment`recorded_at >= ${filter.from}::timestamptz`] : []),
    ...(filter.to !== null ? [sql.fragment`recorded_at < ${filter.to}::timestamptz`] : []),
  ];
  if (range.length > 0 && (await spanWorthIt(db, filter))) {
    const span = await db.one(sql.type(z.object({ lo: z.string().nullable(), hi: z.string().nullable() }))`
      SELECT min(transaction_id) FILTER (WHERE true)::text AS lo, max(transaction_id) FILTER (WHERE true)::text AS hi
        FROM es.events
       WHERE ${sql.join([...range, sql.fragment`transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))`, ...(beforeCondition ? [beforeCondition] : [])], sql.fragment` AND `)}`);
    // (FILTER keeps the planner from answering min/max by walking the log order: the pass this avoids.)
    if (span.lo === null || span.hi === null) return [];
    conditions.push(sql.fragment`transaction_id BETWEEN ${span.lo}::xid8 AND ${span.hi}::xid8`);
  }
  const rows = await db.any(sql.type(eventRow)`
    SELECT ${EVENT_COLUMNS} FROM es.events
     WHERE ${sql.join([...conditions, ...range], sql.fragment` AND `)}
     ORDER BY transaction_id DESC, global_position DESC
     LIMIT ${filter.limit}`);
  return rows.map(toRecorded);
}

const positionBefore = (before: LogPosition) => {
  const [xid, position] = decodePosition(before);
  return sql.fragment`(transaction_id, global_position) < (${xid.toString()}::xid8, ${position.toString()}::bigint)`;
};

/**
 * Whether the walk would pass many events outside the range: SPAN_WORTH_IT or more recorded after its end (the walk
 * reads them before the range's first), or before its start (the last page's walk reads them to the log's start).
 * Counted on the time index, stopping at SPAN_WORTH_IT.
 */
async function spanWorthIt(db: CommonQueryMethods, filter: Pick<EventLogFilter, 'from' | 'to'>): Promise<boolean> {
  const beyond = [
    ...(filter.to !== null ? [sql.fragment`recorded_at >= ${filter.to}::timestamptz`] : []),
    ...(filter.from !== null ? [sql.fragment`recorded_at < ${filter.from}::timestamptz`] : []),
  ];
  // One statement, one round trip: the greater of the two counts.
  const counts = beyond.map((outside) => sql.fragment`(SELECT count(*)::int FROM (SELECT 1 FROM es.events WHERE ${outside} LIMIT ${SPAN_WORTH_IT}) AS r)`);
  const n = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT greatest(${sql.join(counts, sql.fragment`, `)}) AS n`);
  return n >= SPAN_WORTH_IT;
}
