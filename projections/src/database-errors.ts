import {
  BackendTerminatedError,
  BackendTerminatedUnexpectedlyError,
  ConnectionError,
  IdleTransactionTimeoutError,
  StatementCancelledError,
  StatementTimeoutError,
} from 'slonik';

/**
 * Sorting database failures into "the database is away or busy, try again later" and "this statement is wrong".
 * The projections runner retries the first kind with backoff and stops a projection only for the second; the API
 * answers the first kind with 503 (backend/src/http/error-middleware.ts).
 */

/**
 * A statement that got no answer at all within its deadline: the server hangs (frozen, swapping, a stalled disk)
 * rather than refuses. The connection it was sent on is given up (backend/src/db/answer-deadline.ts).
 */
export class DatabaseNotAnsweringError extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The database did not answer within ${deadlineMs} ms`);
    this.name = new.target.name;
  }
}

/** Socket-level codes of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve this session now: class 08 (connection exception), shutdown and
 * start-up (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Contention, not a wrong statement: a deadlock, a serialization failure, a lock or statement timeout. */
const CONTENTION_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014']);

/** node-postgres' own messages for a client whose connection is gone. */
const DEAD_CLIENT_MESSAGES = [/^Connection terminated/, /not queryable/, /^Connection pool (has ended|is being terminated)/];

/** The error and its causes (slonik wraps the driver's error in `cause`). */
function* chain(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; depth < 5 && current !== null && current !== undefined; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The database cannot be reached or ended our session: the same call may work once it is back. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    if (
      link instanceof DatabaseNotAnsweringError ||
      link instanceof ConnectionError ||
      link instanceof BackendTerminatedError ||
      link instanceof BackendTerminatedUnexpectedlyError
    )
      return true;
    const code = codeOf(link);
    if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    const message = (link as { message?: unknown }).message;
    if (link instanceof Error && typeof message === 'string' && DEAD_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** Worth retrying unchanged: the database is unavailable, or the statement lost a race or ran out of time. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (const link of chain(error)) {
    if (link instanceof StatementTimeoutError || link instanceof StatementCancelledError || link instanceof IdleTransactionTimeoutError) return true;
    const code = codeOf(link);
    if (code && CONTENTION_SQLSTATES.has(code)) return true;
  }
  return false;
}
