import pg from 'pg';
import { answerDeadlineMs, type PoolTimeouts } from './pool';

/**
 * A plain node-postgres pool (for the libraries that take one rather than slonik: the Socket.IO adapter, the rate
 * limits) bounded like the request pools (pool.ts): a connection attempt gives up after `connectMs`, a statement
 * after statement_timeout on the server, and one the server never answers (frozen) after that plus a margin on the
 * client (query_timeout; node-postgres discards a client it fired on). Without these a caller holding an idle
 * connection to a server that hangs would wait for as long as it hangs: a request behind it would never be answered.
 *
 * `onError` hears an idle connection the server ended (a restart): without a listener that is an unhandled 'error'
 * that ends the process; with one, the pool replaces the connection on next use.
 */
export function boundedPgPool(connectionString: string, timeouts: PoolTimeouts, options: { max: number; onError: (error: Error) => void }): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: answerDeadlineMs(timeouts),
  });
  pool.on('error', options.onError);
  return pool;
}
