import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/**
 * How many events the log holds, for a rebuild's progress total (rebuild-job.ts, RebuildDeps.countEvents): the
 * PostgreSQL store counts its table; KurrentDB cannot cheaply (null: the bar shows events and rate, no total).
 */
export function eventCounter(pool: CommonQueryMethods, config: { eventStoreUrl?: string | null }): () => Promise<number | null> {
  if (config.eventStoreUrl) return async () => null;
  return () => pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events`);
}
