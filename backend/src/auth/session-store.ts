import { sql, type DatabasePool, type SerializableValue } from 'slonik';
import { z } from 'zod';

/**
 * koa-session's external store, in PostgreSQL (`sessions`: sid, sess, expire). The cookie carries only the
 * signed session id. Expired rows are never returned and are swept periodically.
 */
export function createPostgresSessionStore(pool: DatabasePool) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const row = await pool.maybeOne(sql.type(z.object({ sess: z.record(z.unknown()) }))`
        SELECT sess FROM public.sessions WHERE sid = ${sid} AND expire > now()`);
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
    },
  };
}

export async function deleteExpiredSessions(pool: DatabasePool): Promise<number> {
  const result = await pool.query(sql.unsafe`DELETE FROM public.sessions WHERE expire <= now()`);
  return result.rowCount;
}
