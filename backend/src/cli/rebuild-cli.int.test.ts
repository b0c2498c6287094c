import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acquireRebuildLock } from '../maintenance/rebuild-lock';
import { freePort } from '../../test/free-port';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { ApiClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { isRunning, postmasterPidOf, spawnStart, startProcessFolder } from '../../test/start-process';
import { readModelSnapshot } from '../../test/read-model-snapshot';
import { runCli, type Outcome, type Spawned } from '../../test/run-cli';

/**
 * The maintenance commands as real processes: `npm run rebuild` (whole and one projection) and `npm run projections`
 * against a running `npm start` on the embedded default while its HTTP reads keep answering; refused while another
 * rebuild holds the lock; killed with SIGKILL mid-rebuild, it leaves the live read models untouched and the next
 * rebuild cleans its half-built schema.
 */
describe('against a running npm start on the embedded default', () => {
  const ADMIN = { email: 'admin@cli.melloarkivet.se', password: 'cli-admin-password-1' };
  const { dataDir, started, cleanup } = startProcessFolder('mello-cli-');
  afterAll(cleanup);

  it('rebuilds beside the live read models while HTTP reads keep answering 200', { timeout: 300_000 }, async () => {
    const site = spawnStart({
      port: await freePort(),
      dataDir,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SESSION_SECRET: 'cli-test-session-secret-long-enough-0000' },
    });
    started.push(site);
    await site.serving();
    const admin = new ApiClient(site.url);
    await admin.login(ADMIN.email, ADMIN.password);
    for (const year of [1974, 1984, 1991]) expect((await admin.post('/api/years', sampleYear({ year, winner: `Vinnare ${year}` }))).status).toBe(201);
    const before = (await admin.get('/api/years')).body;

    // Readers all through each command; every answer is kept.
    const statuses: number[] = [];
    let reading = true;
    const readers = Promise.all(
      [1, 2, 3].map(async () => {
        while (reading)
          statuses.push(
            await fetch(`${site.url}/api/years`).then(
              (reply) => reply.status,
              () => 0,
            ),
          );
      }),
    );
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const all = await runCli('rebuild', [], env);
    const one = await runCli('rebuild', ['--projection', 'years'], env);
    const listed = await runCli('projections', [], env);
    reading = false;
    await readers;

    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/Using the embedded PostgreSQL of the running server \(process \d+\)/);
    expect(all.stdout).toMatch(/Rebuilt and swapped in every read model: \d+ events/);
    expect(all.stderr).toBe('');
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/Rebuilt and swapped in projection years: \d+ events/);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^projection\s+status\s+checkpoint\s+behind\s+last error$/m);
    expect(listed.stdout).toMatch(/^years\s+running\s+\S+\s+0$/m);
    expect(listed.stdout).toMatch(/Last rebuild: projection years, started by cli:/);

    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect((await admin.get('/api/years')).body).toEqual(before);
    // The site still writes, and its runner applies to the swapped-in read models.
    expect((await admin.post('/api/years', sampleYear({ year: 1999, winner: 'Efter ombyggnaden' }))).status).toBe(201);
    expect((await admin.get('/api/years/by-year/1999')).body).toMatchObject({ winner: 'Efter ombyggnaden' });
    // npm start's PostgreSQL was used, not stopped: the site is still there.
    expect(site.exited()).toBe(false);
  });

  it('names the valid projections in one line for an unknown one', { timeout: 60_000 }, async () => {
    const unknown = await runCli('rebuild', ['--projection', 'nope'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Unknown projection "nope"\. Valid names: years, videos, .*audit$/)]);
  });
});

describe('on the embedded default with no npm start running', () => {
  const { dataDir, cleanup } = startProcessFolder('mello-cli-own-');
  afterAll(cleanup);

  /** Runs `script` on the folder, and SIGTERM once it has started its own PostgreSQL; that server must be gone. */
  async function stoppedOnceStarted(script: 'rebuild' | 'projections'): Promise<Outcome> {
    let cli: Spawned | null = null;
    const outcome = runCli(script, [], { DATA_DIR: dataDir, DATABASE_URL: '' }, (spawned) => (cli = spawned));
    await vi.waitFor(() => expect(cli!.output()).toContain('Embedded PostgreSQL on'), { timeout: 120_000, interval: 20 });
    const postmaster = postmasterPidOf(dataDir);
    expect(postmaster).not.toBeNull();
    process.kill(cli!.pid, 'SIGTERM');
    const result = await outcome;
    expect(isRunning(postmaster!)).toBe(false);
    return result;
  }

  it('npm run rebuild told to stop by SIGTERM: cancels, stops the PostgreSQL it started, exits 143', { timeout: 180_000 }, async () => {
    const { code, stderr } = await stoppedOnceStarted('rebuild');
    expect(code, stderr).toBe(143);
    expect(stderr).toContain('Cancelling the rebuild (SIGTERM');
    expect(stderr).toContain('Rebuild of every read model cancelled: the live read models are unchanged');
  });

  it('npm run projections told to stop by SIGTERM: stops the PostgreSQL it started, exits 143', { timeout: 180_000 }, async () => {
    const { code, stderr } = await stoppedOnceStarted('projections');
    expect(code, stderr).toBe(143);
  });
});

describe('with DATABASE_URL', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    // Applying thousands of generated posts on a busy machine must not hit the request pool's statement timeout.
    backend = await startTestBackend({ IMPORT_ARCHIVE: 'true', DB_STATEMENT_TIMEOUT_MS: '120000' });
  }, 180_000);
  afterAll(async () => {
    await backend?.stop();
  });

  const snapshot = () => readModelSnapshot(backend.pool, ['checkpoints']);
  const schemaExists = (name: string) => backend.pool.exists(sql.unsafe`SELECT 1 FROM pg_namespace WHERE nspname = ${name}`);

  it('is refused in one line while another process rebuilds', { timeout: 240_000 }, async () => {
    const held = (await acquireRebuildLock(backend.databaseUri))!;
    try {
      const refused = await runCli('rebuild', [], { DATABASE_URL: backend.databaseUri });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^Rebuild of every read model refused: another rebuild is running \(it has only just started\)\. Wait for it/),
      ]);
    } finally {
      await held.release();
    }
  });

  it('killed with SIGKILL mid-rebuild leaves the live read models untouched; the next rebuild cleans up', { timeout: 240_000 }, async () => {
    // Enough of a log that the rebuild is still loading when it is killed (the forum applies page by page).
    await appendGeneratedPosts(backend.store, 3000);
    await backend.runner.catchUp();
    const before = await snapshot();

    let pid = 0;
    const killed = runCli('rebuild', [], { DATABASE_URL: backend.databaseUri }, (spawned) => (pid = spawned.pid));
    let sawBuild = false;
    for (let exited = false; !sawBuild && !exited;) {
      sawBuild = await schemaExists('rm_next');
      exited = await Promise.race([killed.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 5))]);
    }
    expect(sawBuild, 'the rebuild finished before it could be killed').toBe(true);
    process.kill(pid, 'SIGKILL');
    expect((await killed).code).toBeNull();

    // The fault as it happens: live as it was, the half-built schema left behind, its run still marked running.
    expect(await snapshot()).toEqual(before);
    expect(await schemaExists('rm_next')).toBe(true);
    const runs = () =>
      backend.pool.any(
        sql.type(z.object({ result: z.string(), started_by: z.string() }))`SELECT result, started_by FROM public.rebuild_runs ORDER BY started_at`,
      );
    expect((await runs()).at(-1)?.result).toBe('running');

    const next = await runCli('rebuild', ['--projection', 'forum'], { DATABASE_URL: backend.databaseUri });
    expect(next.code, next.stderr).toBe(0);
    expect(await schemaExists('rm_next')).toBe(false);
    expect((await runs()).slice(-2).map((run) => run.result)).toEqual(['interrupted', 'succeeded']);
    const after = await snapshot();
    for (const table of Object.keys(before)) if (table !== 'checkpoints') expect(after[table], table).toEqual(before[table]);
  });
});
