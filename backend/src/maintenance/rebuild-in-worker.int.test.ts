import os from 'node:os';
import type { DriftProjection, RebuildRun } from '@mello/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { ApiClient, adminClient, startTestBackend, type Reply, type TestBackend } from '../../test/harness';
import { spawnWorker, stopWorker, type SpawnedWorker } from '../../test/worker-process';
import { acquireRebuildLock } from './rebuild-lock';
import { startRebuild } from './rebuild-job';
import { readModelRows, readModelSnapshot } from '../../test/read-model-snapshot';

/**
 * The production shape of the Drift tab's rebuild: an API process started with RUN_PROJECTIONS=false hands the
 * rebuild to the projections worker, a process of its own (`npm run worker`), which claims and runs it; the API
 * answers 202 with the run. The "done when": the rebuild runs while 3 clients read and 2 write through the
 * API (0 errors), and the rebuilt read models, caught up with what the writers appended meanwhile, equal a rebuild
 * of the whole log done afterwards in quiet. Then: 409 while another process holds the lock, and no worker at all.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let worker: SpawnedWorker;
let api: TestBackend;
let admin: ApiClient;

beforeAll(async () => {
  database = await createTestDatabase();
  // The worker imports the archive before it answers its probes; the API waits for its read models.
  worker = await spawnWorker(database.uri, { IMPORT_ARCHIVE: 'true' }, 200_000);
  api = await startTestBackend({ RUN_PROJECTIONS: 'false' }, { database });
  await appendGeneratedPosts(api.store, 200);
  admin = await adminClient(api);
  await caughtUp();
}, 400_000);

afterAll(async () => {
  await api?.stop();
  await stopWorker(worker);
  await database?.drop();
});

type State = { projections: DriftProjection[]; runs: RebuildRun[] };
const state = async (): Promise<State> => {
  const reply = await admin.get('/api/admin/drift');
  expect(reply.status, reply.text).toBe(200);
  return reply.body as State;
};
/** Every projection has applied every event (the worker runs them; this process only reads). */
async function caughtUp() {
  // A loop rather than expect.poll: beforeAll waits for it too.
  const deadline = Date.now() + 120_000;
  while (!(await state()).projections.every((p) => p.behind === 0 && p.status === 'running')) {
    if (Date.now() > deadline) throw new Error(`the worker did not catch up: ${JSON.stringify((await state()).projections)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const finished = async (id: string): Promise<RebuildRun> => {
  await expect.poll(async () => (await state()).runs.find((run) => run.id === id)?.result, { timeout: 120_000, interval: 100 }).not.toBe('running');
  return (await state()).runs.find((run) => run.id === id)!;
};
const snapshot = () => readModelSnapshot(api.pool, ['search_words']);
const requestOf = (runId: string) =>
  api.pool.maybeOne(
    sql.type(z.object({ state: z.string(), claimedBy: z.string().nullable() }))`
      SELECT state, claimed_by AS "claimedBy" FROM public.rebuild_requests WHERE run_id = ${runId}`,
  );

describe('a rebuild asked of an API process without projections', () => {
  it('runs in the worker while 3 clients read and 2 write: reads 200, every write 201, rebuilt = the log', { timeout: 300_000 }, async () => {
    const writers = [new ApiClient(api.url), new ApiClient(api.url)];
    await writers[0]!.register('wilma@example.se', 'member-password-1', { firstName: 'Wilma', lastName: 'Skrivare' });
    await writers[1]!.register('walter@example.se', 'member-password-1', { firstName: 'Walter', lastName: 'Skrivare' });
    const readPaths = ['/api/forum/posts?limit=20', '/api/years', '/api/search/years?q=sverige'];

    let phase: 'before' | 'rebuilding' | 'after' = 'before';
    let going = true;
    const readStatuses: number[] = [];
    const writeStatuses: number[] = [];
    const refusedWrites: string[] = [];
    const posts: Array<{ id: string; reply: string }> = [];
    let writesDuringRebuild = 0;
    const readers = readPaths.map(async (path) => {
      while (going) readStatuses.push((await fetch(`${api.url}${path}`).catch(() => ({ status: 0 }))).status);
    });
    const writing = writers.map(async (writer, w) => {
      for (let i = 0; going; i += 1) {
        const startedIn = phase;
        const title = `Under ombyggnaden ${w}-${i}`;
        const post: Reply<any> = await writer.post('/api/forum/posts', { title, content: 'Skrivet medan läsmodellerna byggs om' });
        writeStatuses.push(post.status);
        if (post.status !== 201) refusedWrites.push(`${post.status} post (${startedIn}→${phase}) ${post.text}`);
        if (post.status !== 201) continue;
        posts.push({ id: post.body.id, reply: `Svar ${w}-${i}` });
        const reply = await writer.post(`/api/forum/posts/${post.body.id}/replies`, { content: `Svar ${w}-${i}` });
        writeStatuses.push(reply.status);
        if (reply.status !== 201) refusedWrites.push(`${reply.status} reply (${startedIn}→${phase}) ${reply.text}`);
        if (startedIn === 'rebuilding' && phase === 'rebuilding') writesDuringRebuild += 1;
      }
    });

    const started: Reply<any> = await admin.post('/api/admin/drift/rebuilds', { target: 'all' });
    phase = 'rebuilding';
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ target: 'all', result: 'running' });
    const run = await finished(started.body.id);
    phase = 'after';
    going = false;
    await Promise.all([...readers, ...writing]);

    expect(run).toMatchObject({ result: 'succeeded', error: null, phase: 'done' });
    // The worker ran it, not the API process that took the request.
    expect(await requestOf(run.id)).toEqual({ state: 'started', claimedBy: `worker:${os.hostname()}:${worker.process.pid}` });
    expect(readStatuses.length).toBeGreaterThan(3);
    expect(readStatuses.filter((status) => status !== 200)).toEqual([]);
    // Every write answered as stored, even one whose read model was late (the swap pauses the live runner).
    expect(refusedWrites).toEqual([]);
    expect(writeStatuses.filter((status) => status !== 201)).toEqual([]);
    expect(writesDuringRebuild, 'no write overlapped the rebuild').toBeGreaterThan(0);

    // Every write answered 201 is in the rebuilt read models (once the run's own RebuildFinished is applied too).
    await expect
      .poll(async () => (await admin.get('/api/admin/history?kind=rebuild')).body.entries.some((entry: { itemId: string }) => entry.itemId === run.id), {
        timeout: 30_000,
      })
      .toBe(true);
    await caughtUp();
    // (Its replies' route: the post's own route would count views, whose events would follow the snapshot.)
    for (const { id, reply } of posts) {
      const replies = await admin.get(`/api/forum/posts/${id}/replies`);
      expect(replies.status, id).toBe(200);
      expect(replies.text, id).toContain(`"${reply}"`);
    }
    const rebuilt = await snapshot();
    expect(rebuilt.forum_posts!.filter((row) => row.includes('Under ombyggnaden'))).toHaveLength(posts.length);

    // And they are what the whole log makes: a rebuild of it done now, in quiet (by the rebuild core itself, which
    // appends no RebuildFinished of its own), builds the same rows.
    const quiet = await (await startRebuild({ connectionUri: database.uri, source: api.store }, { target: 'all', startedBy: 'test' })).done;
    expect(quiet.result).toBe('succeeded');
    await caughtUp();
    const reference = await snapshot();
    expect(Object.keys(reference)).toEqual(Object.keys(rebuilt));
    for (const table of Object.keys(rebuilt)) {
      const missing = rebuilt[table]!.filter((row) => !reference[table]!.includes(row));
      const extra = reference[table]!.filter((row) => !rebuilt[table]!.includes(row));
      expect({ table, missing, extra }).toEqual({ table, missing: [], extra: [] });
    }
  });

  it('is cancelled through the API process: the worker stops it and the live read models stay as they were', { timeout: 120_000 }, async () => {
    // (Not the audit's tables: the cancelled run's RebuildFinished goes there.)
    const live = async () => ({
      years: await readModelRows(api.pool, 'years'),
      forum: await readModelRows(api.pool, 'forum_posts'),
      entries: await readModelRows(api.pool, 'entries'),
    });
    const before = await live();
    const started: Reply<any> = await admin.post('/api/admin/drift/rebuilds', { target: 'all' });
    expect(started.status, started.text).toBe(202);
    const cancelled: Reply<any> = await admin.post(`/api/admin/drift/rebuilds/${started.body.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(202);
    expect(cancelled.body).toMatchObject({ id: started.body.id, cancelRequested: true });
    expect(await finished(started.body.id)).toMatchObject({ result: 'cancelled', error: null });
    expect((await requestOf(started.body.id))?.claimedBy).toBe(`worker:${os.hostname()}:${worker.process.pid}`);
    expect(await live()).toEqual(before);
  });

  it('answers 409 in Swedish while another process holds the rebuild lock, and starts nothing', async () => {
    const before = (await state()).runs.length;
    const held = (await acquireRebuildLock(database.uri))!;
    try {
      const refused = await admin.post('/api/admin/drift/rebuilds', { target: 'forum' });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error).toMatch(/^En ombyggnad av läsmodellerna pågår redan/);
    } finally {
      await held.release();
    }
    expect((await state()).runs.length).toBe(before);
  });

  it('refuses an unknown projection with 400 without asking the worker', async () => {
    const unknown = await admin.post('/api/admin/drift/rebuilds', { target: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Okänd projektion: nope\. Giltiga namn: years, videos/);
  });

  it(
    'with no worker running, answers 503 saying so in Swedish, and the request is expired so that no worker can take it later',
    { timeout: 60_000 },
    async () => {
      worker.process.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      const before = (await state()).runs;
      const refused = await admin.post('/api/admin/drift/rebuilds', { target: 'all' });
      expect(refused.status, refused.text).toBe(503);
      expect(refused.body.error).toMatch(/^Ingen worker svarade inom 5 s, så ombyggnaden startades inte\..*npm run worker/);
      const [request] = await api.pool.any(
        sql.type(z.object({ state: z.string() }))`SELECT state FROM public.rebuild_requests ORDER BY requested_at DESC LIMIT 1`,
      );
      expect(request).toEqual({ state: 'expired' });
      expect((await state()).runs).toEqual(before);
    },
  );
});
