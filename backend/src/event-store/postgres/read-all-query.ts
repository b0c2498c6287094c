import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { decodePosition, type ReadAllOptions } from '../port';
import { EVENT_COLUMNS, eventRow } from './event-rows';

/**
 * readAll's statement: the readable events after `after` in log order, at most `maxCount`, only of `types` when given.
 *
 * With types (a rebuild of one projection), each type is its own ordered range of events_by_type and the ranges are
 * merged (a Merge Append), so a page reads about its own rows. `event_type = ANY(…)` cannot be read in log order
 * from that index: PostgreSQL fetched every remaining event of those types, whole, and sorted them for each page,
 * so a rebuild of search_years (40 % of a 100k log) read its events ~4.5 times over.
 */
export function readAllQuery({ after, maxCount, types }: ReadAllOptions) {
  const [xid, position] = after ? decodePosition(after) : [0n, 0n];
  const readable = sql.fragment`(transaction_id, global_position) > (${xid.toString()}::xid8, ${position.toString()}::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
  if (!types) {
    return sql.type(eventRow)`
      SELECT ${EVENT_COLUMNS} FROM es.events
       WHERE ${readable}
       ORDER BY transaction_id, global_position
       LIMIT ${maxCount}`;
  }
  const ranges = [...new Set(types)].map(
    (type) => sql.fragment`(
      SELECT ${EVENT_COLUMNS}, transaction_id AS log_xid FROM es.events
       WHERE event_type = ${type} AND ${readable}
       ORDER BY transaction_id, global_position
       LIMIT ${maxCount})`,
  );
  if (ranges.length === 0) return sql.type(eventRow)`SELECT ${EVENT_COLUMNS} FROM es.events WHERE false`;
  return sql.type(eventRow)`
    SELECT * FROM (${sql.join(ranges, sql.fragment` UNION ALL `)}) ranges
     ORDER BY log_xid, global_position
     LIMIT ${maxCount}`;
}

/**
 * Runs `work` (a read of some types) where the planner reads each type's range along events_by_type: right after a
 * bulk append the statistics still count a few hundred events of a type where there are tens of thousands, and the
 * planner then fetched every remaining one and sorted them (to disk: 64 MB for one type of a 100k log), every page.
 */
export function withTypedReadPlan<T>(pool: DatabasePool, work: (tx: DatabaseTransactionConnection) => Promise<T>): Promise<T> {
  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`SET LOCAL enable_sort = off`);
    await tx.query(sql.unsafe`SET LOCAL enable_bitmapscan = off`);
    return work(tx);
  });
}
