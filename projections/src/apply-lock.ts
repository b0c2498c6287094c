import { sql, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';

/** Advisory-lock keys: one per read-model schema, so a rebuild's swap can pause the live runner. */
export const applyLockKey = (schema: string) => sql.fragment`hashtextextended(${`melloarkivet:apply:${schema}`}, 0)`;

/**
 * How long a batch waits for the apply lock. A rebuild's swap holds it for as long as its last catch-up
 * and renames take, which under load is more than the pool's statement timeout (5 s): waiting under that timeout,
 * the live runner's batch failed, every projection showed the timeout as its error (and the read-your-writes
 * position, which leaves failing projections out, stood still), and the retry's backoff added up to 5 s more.
 */
export const APPLY_LOCK_WAIT_MS = 120_000;

/**
 * Takes the schema's apply lock for the transaction, waiting up to APPLY_LOCK_WAIT_MS. It asks without blocking and
 * waits between asks on the server (pg_sleep), so that no statement runs into the statement timeout or the pool's
 * answer deadline while the lock is held elsewhere, and the transaction is never idle.
 */
export async function takeApplyLock(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  const deadline = Date.now() + APPLY_LOCK_WAIT_MS;
  const got = sql.type(z.object({ locked: z.boolean() }))`SELECT pg_try_advisory_xact_lock(${applyLockKey(schema)}) AS locked`;
  while (!(await tx.oneFirst(got))) {
    if (Date.now() > deadline) throw new Error(`The apply lock of ${schema} was not free within ${APPLY_LOCK_WAIT_MS / 1000} s (a rebuild's swap holds it)`);
    await tx.query(sql.unsafe`SELECT pg_sleep(0.05)`);
  }
}
