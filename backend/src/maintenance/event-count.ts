import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/**
 * How many events the log holds, for a rebuild's progress total (rebuild-job.ts, RebuildDeps.countEvents): the
 * PostgreSQL store counts its table; KurrentDB cannot cheaply (null: the bar shows events and rate, no total).
 *
 * The rebuild asks again every few seconds, to have events appended meanwhile in the bar. A count of the whole table
 * reads every row of it each time, so each counter counts
 * the table once per set of types and then only the events after the newest position it counted (an index range
 * of the new ones). An event committed later with a lower position than one already counted is missed: the total is
 * a bar's, and the rebuild never shows it below the events done.
 */
export function eventCounter(pool: CommonQueryMethods, config: { eventStoreUrl?: string | null }): (types?: readonly string[]) => Promise<number | null> {
  if (config.eventStoreUrl) return async () => null;
  const counted = new Map<string, { n: number; upTo: number }>();
  return async (types) => {
    const key = types ? [...types].sort().join(',') : '';
    const known = counted.get(key);
    const row = await pool.one(sql.type(z.object({ n: z.number(), upTo: z.number().nullable() }))`
      SELECT count(*)::int AS n, max(global_position) AS "upTo" FROM es.events
       WHERE ${sql.join(
         [
           sql.fragment`TRUE`,
           ...(known ? [sql.fragment`global_position > ${known.upTo}`] : []),
           ...(types ? [sql.fragment`event_type = ANY(${sql.array([...types], 'text')})`] : []),
         ],
         sql.fragment` AND `,
       )}`);
    const total = { n: (known?.n ?? 0) + row.n, upTo: row.upTo ?? known?.upTo ?? 0 };
    counted.set(key, total);
    return total.n;
  };
}
