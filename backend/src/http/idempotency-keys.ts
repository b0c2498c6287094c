import { randomUUID } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** How long a key is remembered (the draft asks servers to publish this). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/**
 * A reservation still `pending` after this long belongs to a request whose process died: no create takes this long
 * (the read-model wait gives up after 5 s), so a new request with the key may take it over instead of being told
 * "already in progress" for a day.
 */
export const ABANDONED_AFTER_SECONDS = 60;

export type StoredAnswer = { status: number; body: string };

export type Reservation =
  { outcome: 'reserved'; token: string } | { outcome: 'other-request' } | { outcome: 'in-flight' } | { outcome: 'done'; answer: StoredAnswer };

const existingRow = z.object({ fingerprint: z.string(), state: z.enum(['pending', 'done']), status: z.number().nullable(), body: z.string().nullable() });

/**
 * Reserves (user, key) for a request with `fingerprint`, atomically: one INSERT … ON CONFLICT, so of two requests
 * racing with one key exactly one gets `reserved` — on any number of processes, since the row is the lock. An
 * expired or abandoned row is taken over in the same statement.
 */
export async function reserveKey(db: CommonQueryMethods, userId: string, key: string, fingerprint: string): Promise<Reservation> {
  // A released row can vanish between the INSERT and the SELECT: then the INSERT is tried again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const token = randomUUID();
    const claimed = await db.maybeOneFirst(sql.type(z.object({ token: z.string() }))`
      INSERT INTO public.idempotency_keys (user_id, key, fingerprint, token, state, expires_at)
      VALUES (${userId}, ${key}, ${fingerprint}, ${token}::uuid, 'pending', now() + make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS}))
      ON CONFLICT (user_id, key) DO UPDATE
        SET fingerprint = excluded.fingerprint, token = excluded.token, state = 'pending', status = NULL, body = NULL,
            reserved_at = now(), expires_at = excluded.expires_at
        WHERE idempotency_keys.expires_at <= now()
           OR (idempotency_keys.state = 'pending' AND idempotency_keys.reserved_at <= now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
      RETURNING token::text`);
    if (claimed !== null) return { outcome: 'reserved', token: claimed };
    const row = await db.maybeOne(sql.type(existingRow)`
      SELECT fingerprint, state, status, body FROM public.idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
    if (row === null) continue;
    if (row.fingerprint !== fingerprint) return { outcome: 'other-request' };
    if (row.state === 'pending') return { outcome: 'in-flight' };
    return { outcome: 'done', answer: { status: row.status!, body: row.body ?? '' } };
  }
  return { outcome: 'in-flight' };
}

/** Stores the answer of the request that holds the reservation (`token`), for replays until the key expires. */
export async function recordAnswer(db: CommonQueryMethods, userId: string, key: string, token: string, answer: StoredAnswer): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE public.idempotency_keys SET state = 'done', status = ${answer.status}, body = ${answer.body}
     WHERE user_id = ${userId} AND key = ${key} AND token = ${token}::uuid`);
}

/** Gives the key back (the request failed without a definite answer), so a retry runs afresh. */
export async function releaseKey(db: CommonQueryMethods, userId: string, key: string, token: string): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM public.idempotency_keys WHERE user_id = ${userId} AND key = ${key} AND token = ${token}::uuid`);
}

export async function deleteExpiredIdempotencyKeys(db: CommonQueryMethods): Promise<number> {
  return (await db.query(sql.unsafe`DELETE FROM public.idempotency_keys WHERE expires_at <= now()`)).rowCount;
}
