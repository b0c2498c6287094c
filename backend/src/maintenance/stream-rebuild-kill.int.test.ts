import { spawn } from 'node:child_process';
import { COPY_STREAM_APPLICATION_NAME } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../app/paths';
import { STREAM_APPLICATION_NAME } from '../event-store/postgres/stream-all';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { startRebuild } from './rebuild-job';
import { readModelSnapshot } from '../../test/read-model-snapshot';

/**
 * A rebuild killed with SIGKILL in the middle of reading the log in one stream (its cursor open, some batches
 * folded, the forum's applied and the audit history's COPYed into the build schema, its COPY connection open): the
 * server ends the stream's transaction, the live read models are exactly as they were, and the next rebuild drops
 * the half-built schema and rebuilds equal to live.
 */
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = await adminClient(backend);
  for (const year of [1975, 1987, 1999]) expect((await admin.post('/api/years', sampleYear({ year, winner: `Vinnare ${year}` }))).status).toBe(201);
  await appendGeneratedPosts(backend.store, 101);
  await backend.runner.catchUp();
}, 180_000);
afterAll(async () => {
  await backend?.stop();
});

const snapshot = () => readModelSnapshot(backend.pool, ['search_words', 'checkpoints']);
const connections = (applicationName: string) =>
  backend.pool.oneFirst(
    sql.type(
      z.object({ n: z.number() }),
    )`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${applicationName}`,
  );
const streams = () => connections(STREAM_APPLICATION_NAME);
const copies = () => connections(COPY_STREAM_APPLICATION_NAME);
const schemaExists = (name: string) => backend.pool.exists(sql.unsafe`SELECT 1 FROM pg_namespace WHERE nspname = ${name}`);

describe('a rebuild killed mid-stream', () => {
  it('leaves the live read models untouched, and the next rebuild succeeds and equals live', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/test/rebuild-child.ts', backend.databaseUri, '7', '3'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const midStream = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        const line = /mid-stream (\d+)/.exec(stdout);
        if (line) resolve(line[1]!);
      });
      void exited.then(() => reject(new Error(`the rebuild ended before it was killed: ${stdout} ${stderr}`)));
    });
    // 3 batches of 7 events read (21, not a multiple of anything in the log), the rest of the log still in the cursor.
    expect(await midStream).toBe('21');
    expect(await streams()).toBe(1);
    expect(await copies()).toBe(1);
    expect(await schemaExists('rm_next')).toBe(true);

    child.kill('SIGKILL');
    expect(await exited).toBeNull();
    // The server sees the connection go (waited for, not timed): its transaction and cursor end with it.
    while ((await streams()) + (await copies()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await snapshot()).toEqual(before);
    expect(await schemaExists('rm_next')).toBe(true); // left behind, for the next rebuild to drop

    const next = await (await startRebuild({ connectionUri: backend.databaseUri, source: backend.store }, { target: 'all', startedBy: 'test' })).done;
    expect(next.result, next.error ?? '').toBe('succeeded');
    expect(await schemaExists('rm_next')).toBe(false);
    expect(await streams()).toBe(0);
    expect(await copies()).toBe(0);
    const after = await snapshot();
    for (const table of Object.keys(before)) {
      if (table === 'checkpoints') continue;
      expect(after[table], table).toEqual(before[table]);
    }
  });
});
