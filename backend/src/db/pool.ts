import { createPgDriverFactory } from '@slonik/pg-driver';
import { createPool, createTypeParserPreset, type DatabasePool } from 'slonik';
import { driverWithAnswerDeadline } from './answer-deadline';
import { withPoolSlots } from './pool-slots';
import { driverPreparingStatements } from './prepared-statements';

export type { DatabasePool } from 'slonik';

/** Limits of a pool that serves requests (config.ts, DB_*_TIMEOUT_MS). */
export type PoolTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };

/** How long a statement may stay unanswered before the server is taken to hang: statement_timeout and a margin. */
export const answerDeadlineMs = (timeouts: PoolTimeouts) => timeouts.statementMs + 1000;

/**
 * One slonik pool per process. Stack traces are off (they cost more than the queries on hot paths), int8 is
 * read as a JS number (positions and counts stay far below 2^53) and timestamps as ISO strings.
 *
 * While the database is away a request must fail fast (503) rather than hang: a refused connection fails at
 * once, an unanswered one after `connectionTimeout`, tried twice at most. Connections the server ended are
 * dropped by the pool and replaced on next use, so it recovers by itself when the database is back.
 *
 * With `timeouts` (the pools that serve requests) a statement also ends after statement_timeout on the server,
 * and a server that does not answer at all (frozen) after that plus a margin on the client (answer-deadline.ts).
 * Without them (migrations, rebuilds, imports run by hand) no statement is cut off, however long it runs.
 *
 * With `preparedStatements` each connection keeps that many statements prepared (prepared-statements.ts), and the
 * pool does not run slonik's `DISCARD ALL` when a connection goes back to it, which would drop them (and cost a round
 * trip a statement): only for a pool whose statements leave no session state behind (no SET, LISTEN, session
 * advisory lock or temporary table), as the search pool's single SELECTs.
 */
export async function createDatabasePool(
  connectionUri: string,
  options: { maximumPoolSize?: number; timeouts?: PoolTimeouts; preparedStatements?: number } = {},
): Promise<DatabasePool> {
  const { timeouts, preparedStatements } = options;
  const driver = preparedStatements ? driverPreparingStatements(createPgDriverFactory(), preparedStatements) : createPgDriverFactory();
  const typeParsers = createTypeParserPreset().filter((parser) => !['int8', 'timestamp', 'timestamptz'].includes(parser.name));
  const maximumPoolSize = options.maximumPoolSize ?? 10;
  const pool = await createPool(connectionUri, {
    captureStackTrace: false,
    maximumPoolSize,
    idleTimeout: 30_000,
    connectionTimeout: timeouts?.connectMs ?? 2500,
    statementTimeout: timeouts?.statementMs ?? 'DISABLE_TIMEOUT',
    idleInTransactionSessionTimeout: timeouts?.idleInTransactionMs ?? 'DISABLE_TIMEOUT',
    driverFactory: timeouts ? driverWithAnswerDeadline(answerDeadlineMs(timeouts), driver) : driver,
    ...(preparedStatements && { resetConnection: async () => undefined }),
    ...(timeouts && {
      // A connection given up on is destroyed at once rather than after slonik's default 5 s for its statement.
      gracefulTerminationTimeout: 250,
    }),
    connectionRetryLimit: 1,
    // Command transactions must not be retried blindly: a conflict is an answer (409), not a transient failure.
    transactionRetryLimit: 0,
    queryRetryLimit: 0,
    // The projections runner reads the log through the event store while its read-model transaction is open.
    dangerouslyAllowForeignConnections: true,
    typeParsers: [
      ...typeParsers,
      { name: 'int8', parse: (value) => Number.parseInt(value, 10) },
      { name: 'timestamptz', parse: (value) => new Date(value).toISOString() },
      { name: 'timestamp', parse: (value) => new Date(`${value}Z`).toISOString() },
    ],
  });
  // A pool that serves requests never lets a caller wait on slonik's queue (pool-slots.ts): longer than a connection
  // attempt and an unanswered statement together, and the database is taken to be away.
  return timeouts ? withPoolSlots(pool, maximumPoolSize, timeouts.connectMs + answerDeadlineMs(timeouts)) : pool;
}
