import { sql, type DatabasePool, type SerializableValue } from 'slonik';
import { z } from 'zod';

/** A session is live while its row's `expire` is ahead (a session and its row end together, see `set`). */
const LIVE = sql.fragment`expire > now()`;

/**
 * koa-session's external store, in PostgreSQL (`sessions`: sid, sess, expire). The cookie carries only the
 * signed session id. Expired rows are never returned and are swept periodically. `onDestroy` hears every session
 * koa-session ends (a logout, and the old id when signing in regenerates it): the live layer ends its sockets.
 */
export function createPostgresSessionStore(pool: DatabasePool, options: { onDestroy?: (sid: string) => void } = {}) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const row = await pool.maybeOne(sql.type(z.object({ sess: z.record(z.unknown()) }))`
        SELECT sess FROM public.sessions WHERE sid = ${sid} AND ${LIVE}`);
      return row?.sess ?? null;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined): Promise<void> {
      // koa-session passes maxAge plus 10 s here; the session itself ends at its `_expire` (epoch ms), and so
      // does the row, so that an expired session is also an expired row.
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 60 * 60 * 1000;
      const expireMs = typeof sess._expire === 'number' && Number.isFinite(sess._expire) ? sess._expire : null;
      const expire =
        expireMs === null ? sql.fragment`now() + ${ttl} * interval '1 millisecond'` : sql.fragment`to_timestamp(${expireMs / 1000}::double precision)`;
      await pool.query(sql.unsafe`
        INSERT INTO public.sessions (sid, sess, expire)
        VALUES (${sid}, ${sql.jsonb(sess as SerializableValue)}, ${expire})
        ON CONFLICT (sid) DO UPDATE SET sess = excluded.sess, expire = excluded.expire`);
    },
    async destroy(sid: string): Promise<void> {
      await pool.query(sql.unsafe`DELETE FROM public.sessions WHERE sid = ${sid}`);
      options.onDestroy?.(sid);
    },
  };
}

/** Which of these session ids are still live: one query however many, for the live layer's recheck. */
export async function liveSessionIds(pool: DatabasePool, sids: readonly string[]): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const live = await pool.anyFirst(sql.type(z.object({ sid: z.string() }))`
    SELECT sid FROM public.sessions WHERE sid = ANY(${sql.array(sids, 'text')}) AND ${LIVE}`);
  return new Set(live);
}

export async function deleteExpiredSessions(pool: DatabasePool): Promise<number> {
  const result = await pool.query(sql.unsafe`DELETE FROM public.sessions WHERE expire <= now()`);
  return result.rowCount;
}
