import { sql, type DatabaseTransactionConnection, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/**
 * Advisory-lock keys. The schema's: a batch holds it shared, a rebuild's swap exclusive, so the swap pauses every
 * lane of the live runner. A lane's (lanes.ts): a batch holds it exclusive for each lane among its projections, so
 * two batches of the same projection never overlap (a catchUp of every projection waits for each lane's batch),
 * while batches of different lanes do.
 */
export const applyLockKey = (schema: string) => sql.fragment`hashtextextended(${`melloarkivet:apply:${schema}`}, 0)`;
const laneLockKey = (schema: string, lane: string) => sql.fragment`hashtextextended(${`melloarkivet:apply:${schema}:${lane}`}, 0)`;

/**
 * How long a batch waits for the apply lock. A rebuild's swap holds it for as long as its last catch-up
 * and renames take, which under load is more than the pool's statement timeout (5 s): waiting under that timeout,
 * the live runner's batch failed, every projection showed the timeout as its error (and the read-your-writes
 * position, which leaves failing projections out, stood still), and the retry's backoff added up to 5 s more.
 */
export const APPLY_LOCK_WAIT_MS = 120_000;

/**
 * Takes the schema's apply lock (shared), then the locks of `lanes` (exclusive, in name order), for the transaction,
 * waiting up to APPLY_LOCK_WAIT_MS. Each lock is asked for only once all before it are held, so no batch holds a
 * lane's lock while it waits for the schema's (a swap holding that one and applying its last events in the lane would
 * wait for it in turn) and two batches never hold each other's lane: asked in order, they cannot wait in a circle.
 * One statement asks for as many as it can in that order without blocking (a CASE stops at the first refused) and
 * says how many it got; between asks the wait is on the server (pg_sleep), so that no statement runs into the
 * statement timeout or the pool's answer deadline while a lock is held elsewhere, and the transaction is never idle.
 * A swap waiting for the schema's lock makes the shared asks fail until it has had it (PostgreSQL queues a new request
 * behind a conflicting waiter).
 */
export async function takeApplyLock(tx: DatabaseTransactionConnection, schema: string, lanes: readonly string[]): Promise<void> {
  const deadline = Date.now() + APPLY_LOCK_WAIT_MS;
  let wanted: FragmentSqlToken[] = [
    sql.fragment`pg_try_advisory_xact_lock_shared(${applyLockKey(schema)})`,
    ...[...new Set(lanes)].sort().map((lane) => sql.fragment`pg_try_advisory_xact_lock(${laneLockKey(schema, lane)})`),
  ];
  for (;;) {
    const got = await tx.oneFirst(sql.type(z.object({ got: z.number() }))`SELECT ${inOrder(wanted)} AS got`);
    wanted = wanted.slice(got);
    if (wanted.length === 0) return;
    if (Date.now() > deadline) throw new Error(`The apply lock of ${schema} was not free within ${APPLY_LOCK_WAIT_MS / 1000} s (a rebuild's swap holds it)`);
    await tx.query(sql.unsafe`SELECT pg_sleep(0.05)`);
  }
}

/** `CASE WHEN a THEN CASE WHEN b THEN 2 ELSE 1 END ELSE 0 END`: how many of the asks, in order, succeeded. */
function inOrder(asks: readonly FragmentSqlToken[], held = 0): FragmentSqlToken {
  if (asks.length === 0) return sql.fragment`${sql.literalValue(String(held))}::int`;
  return sql.fragment`CASE WHEN ${asks[0]!} THEN ${inOrder(asks.slice(1), held + 1)} ELSE ${sql.literalValue(String(held))}::int END`;
}
