import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { sql, type DatabasePool } from 'slonik';
import type { Config } from '../config';
import type { QueryPool } from '../db/fail-fast-pool';
import { TooManyRequestsError } from '../shared/errors';

/**
 * The rate limits of sign-ins, sign-ups and writes (docs/accounts.md, "Rate limits"), counted by
 * rate-limiter-flexible in one PostgreSQL table (created by the migration `auth-003-rate-limits`), so every API
 * process spends one shared budget.
 *
 * PostgreSQL away: each limiter falls back to this process's own counters (the library's insurance limiter)
 * rather than fail the request. Failing open is safe here because nothing a limit protects works without the
 * database: the sign-in that the limiter let through still meets the users table and answers 503.
 */
export type Limiter = RateLimiterPostgres;

export const RATE_LIMIT_TABLE = 'rate_limits';

/** A budget of `points` per `seconds` (a fixed window from the first hit) for each key of one kind. */
export function createLimiter(pool: QueryPool, kind: string, points: number, seconds: number): Limiter {
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    schemaName: 'public',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    // Expired rows are swept with the sessions (deleteExpiredLimits), not by a timer per limiter.
    clearExpiredByTimeout: false,
    keyPrefix: kind,
    points,
    duration: seconds,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: kind, points, duration: seconds }),
  });
}

/** Deletes the rows whose window ended (expire is epoch milliseconds); run by the API's periodic sweep. */
export async function deleteExpiredLimits(pool: DatabasePool, now = Date.now()): Promise<number> {
  const result = await pool.query(sql.unsafe`DELETE FROM public.rate_limits WHERE expire < ${now}`);
  return result.rowCount;
}

/**
 * Keys are hashed: an e-mail and an address together can exceed the table's 255 characters, and the table then
 * holds no e-mail addresses in clear.
 */
export const limitKey = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url');

export type RateLimits = {
  loginPerIp: Limiter;
  registerPerIp: Limiter;
  writesPerUser: Limiter;
  login: LoginLimiters;
};

/** What the sign-in throttle (login-throttle.ts) keeps. */
export type LoginLimiters = {
  /** Consecutive failures of one (account, address) pair; a success deletes them. */
  pairFailures: Limiter;
  /** The wait a pair has to sit out before its next attempt (a block, set after a failure). */
  pairWait: Limiter;
  /** Failures on one account from anywhere, in a 15-minute window. */
  accountFailures: Limiter;
  policy: LoginDelayPolicy;
};

export type LoginDelayPolicy = { freeFailures: number; accountCeiling: number; maxDelaySeconds: number };

/** The longest wait after failed sign-ins, however many. */
export const MAX_LOGIN_DELAY_SECONDS = 15 * 60;
/** How long a pair's failures are remembered without a success. */
const PAIR_MEMORY_SECONDS = 24 * 60 * 60;
const QUARTER_HOUR = 15 * 60;

export function createRateLimits(pool: QueryPool, settings: Config['rateLimits']): RateLimits {
  return {
    loginPerIp: createLimiter(pool, 'login_ip', settings.loginPerIp, QUARTER_HOUR),
    registerPerIp: createLimiter(pool, 'register_ip', settings.registerPerIp, 60 * 60),
    writesPerUser: createLimiter(pool, 'writes_user', settings.writesPerUserPerMinute, 60),
    login: {
      pairFailures: createLimiter(pool, 'login_pair_failures', Number.MAX_SAFE_INTEGER, PAIR_MEMORY_SECONDS),
      pairWait: createLimiter(pool, 'login_pair_wait', 1, MAX_LOGIN_DELAY_SECONDS),
      accountFailures: createLimiter(pool, 'login_account_failures', Number.MAX_SAFE_INTEGER, QUARTER_HOUR),
      policy: { freeFailures: settings.loginFailuresPerAddress, accountCeiling: settings.loginPerAccount, maxDelaySeconds: MAX_LOGIN_DELAY_SECONDS },
    },
  };
}

/**
 * Seconds the next sign-in attempt of an (account, address) pair must wait after its `pairFailures`-th failure:
 * none for the first `freeFailures`, then 1, 2, 4 … up to `maxDelaySeconds`. Once the account has more than
 * `accountCeiling` failures from anywhere (a distributed guess), no failure is free: every address that fails
 * waits, from its first failure. A delay slows the address that failed; nobody is ever locked out of an account.
 */
export function loginDelaySeconds(pairFailures: number, accountFailures: number, policy: LoginDelayPolicy): number {
  const free = accountFailures > policy.accountCeiling ? 0 : policy.freeFailures;
  if (pairFailures <= free) return 0;
  return Math.min(2 ** (pairFailures - free - 1), policy.maxDelaySeconds);
}

export const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'om en minut' : `om ${minutes} minuter`;
};

/** Like minutesText, but a wait under a minute in whole seconds (the short waits after a failed sign-in). */
export const waitText = (seconds: number) => {
  if (seconds >= 60) return minutesText(seconds);
  const whole = Math.max(1, Math.ceil(seconds));
  return whole === 1 ? 'om en sekund' : `om ${whole} sekunder`;
};

/** Seconds until `key` may go on, or 0 when it is within its budget. Does not count. */
export async function waitFor(limiter: Limiter, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.consumedPoints > limiter.points ? state.msBeforeNext / 1000 : 0;
}

/** 429 when `key` is over its budget; does not count. */
export async function throwIfLimited(limiter: Limiter, key: string, message: (seconds: number) => string): Promise<void> {
  const wait = await waitFor(limiter, key);
  if (wait > 0) throw new TooManyRequestsError(message(wait), wait);
}

/** Counts one hit for `key`; 429 when that takes it over its budget. */
export async function consumeOrThrow(limiter: Limiter, key: string, message: (seconds: number) => string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const wait = refusal.msBeforeNext / 1000;
    throw new TooManyRequestsError(message(wait), wait);
  }
}
