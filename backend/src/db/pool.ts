import { createPool, createTypeParserPreset, type DatabasePool } from 'slonik';

export type { DatabasePool } from 'slonik';

/**
 * One slonik pool per process. Stack traces are off (they cost more than the queries on hot paths), int8 is
 * read as a JS number (positions and counts stay far below 2^53) and timestamps as ISO strings.
 *
 * While the database is away a request must fail fast (503) rather than hang: a refused connection fails at
 * once, an unanswered one after `connectionTimeout`, tried twice at most. Connections the server ended are
 * dropped by the pool and replaced on next use, so it recovers by itself when the database is back.
 */
export async function createDatabasePool(connectionUri: string, options: { maximumPoolSize?: number } = {}): Promise<DatabasePool> {
  const typeParsers = createTypeParserPreset().filter(
    (parser) => !['int8', 'timestamp', 'timestamptz'].includes(parser.name),
  );
  return createPool(connectionUri, {
    captureStackTrace: false,
    maximumPoolSize: options.maximumPoolSize ?? 10,
    idleTimeout: 30_000,
    connectionTimeout: 2500,
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
}
