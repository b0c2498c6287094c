import type { ForumChange } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { ApiClient, adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, recordChanges, watchList, watchPost, type LiveClient } from '../../test/live-client';
import { spawnWorker, stopWorker, type SpawnedWorker } from '../../test/worker-process';

/**
 * The production shape: API processes started with RUN_PROJECTIONS=false, and the projections worker as a process
 * of its own (`npm run worker`'s entry point). Commands still wait for the read models (the worker's progress
 * reaches the API processes through NOTIFY), and each API process pushes forum changes to its own sockets.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let worker: SpawnedWorker;
let first: TestBackend;
let second: TestBackend;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The worker first: it builds the read models the API processes wait for.
  worker = await spawnWorker(database.uri);
  first = await startTestBackend({ RUN_PROJECTIONS: 'false' }, { database });
  second = await startTestBackend({ RUN_PROJECTIONS: 'false' }, { database });
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await first?.stop();
  await second?.stop();
  await stopWorker(worker);
  await database?.drop();
});

const open = async (backend: TestBackend, cookie?: string) => {
  const socket = await connectLive(backend.url, cookie ? { cookie } : {});
  sockets.push(socket);
  return socket;
};

describe('API processes without projections beside a projections worker', () => {
  it('the worker answers its probes, and anything else with a JSON 404', async () => {
    const probes = new ApiClient(worker.url);
    expect(await probes.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await probes.get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const unknown = await probes.get('/api/years');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: expect.any(String) });
  });

  it('a write through an API process is in the read model when the command answers, and its socket gets the change', async () => {
    expect(first.runner.isLeader).toBe(false);
    expect(second.runner.isLeader).toBe(false);

    const admin = await adminClient(first);
    const created = await admin.post('/api/years', sampleYear({ year: 1975, winner: 'Lasse Berghagen' }));
    expect(created.status).toBe(201);
    expect((await new ApiClient(second.url).get('/api/years/by-year/1975')).body).toMatchObject({ winner: 'Lasse Berghagen' });

    const author = new ApiClient(first.url);
    await author.register('ante@example.se', 'member-password-1', { firstName: 'Ante', lastName: 'Author' });
    const post = await author.post('/api/forum/posts', { title: 'Utan projektioner', content: 'Syns det här?' });
    expect(post.status).toBe(201);
    expect((await author.get(`/api/forum/posts/${post.body.id}`)).status).toBe(200);

    const watcher = await open(first, author.cookieHeader);
    const changes = recordChanges(watcher);
    await watchPost(watcher, post.body.id);
    const reply = await author.post(`/api/forum/posts/${post.body.id}/replies`, { content: 'Via arbetaren' });
    expect(reply.status).toBe(201);
    expect(await changes.next('reply-created', (c) => c.reply.id === reply.body.id)).toMatchObject({ repliesCount: 1, reply: { content: 'Via arbetaren' } });
  });

  it('with two API processes, every client gets each change exactly once', async () => {
    const author = new ApiClient(first.url);
    await author.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
    const viaSecond = new ApiClient(second.url);
    await viaSecond.login('mia@example.se', 'member-password-1');

    // On each process: one socket on the list, one on the post (created after the list watchers joined).
    const listWatchers = [await open(first), await open(second)];
    const listChanges = listWatchers.map(recordChanges);
    for (const socket of listWatchers) await watchList(socket);
    const post = (await author.post('/api/forum/posts', { title: 'Exakt en gång', content: 'Räkna meddelandena' })).body as { id: string };
    const postWatchers = [await open(first), await open(second)];
    const postChanges = postWatchers.map(recordChanges);
    for (const socket of postWatchers) await watchPost(socket, post.id);

    const replyIds: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const client = i % 2 === 0 ? author : viaSecond;
      const reply = await client.post(`/api/forum/posts/${post.id}/replies`, { content: `Svar ${i + 1}` });
      expect(reply.status).toBe(201);
      replyIds.push(reply.body.id);
    }
    // Last, a like: once every client has it, the replies before it have been delivered (one ordered stream per process).
    expect((await (await adminClient(second)).post(`/api/forum/posts/${post.id}/like`)).status).toBe(200);

    const everyone = [...listChanges, ...postChanges];
    for (const changes of everyone) await changes.next('post-likes', (c) => c.postId === post.id);
    const count = (seen: ForumChange[], kind: ForumChange['kind']) => seen.filter((c) => c.kind === kind).length;
    for (const changes of everyone) {
      const replies = changes.seen.filter((c): c is Extract<ForumChange, { kind: 'reply-created' }> => c.kind === 'reply-created');
      expect(replies.map((c) => c.reply.id)).toEqual(replyIds);
      expect(count(changes.seen, 'post-likes')).toBe(1);
    }
    for (const changes of listChanges) {
      expect(changes.seen.filter((c) => c.kind === 'post-created' && c.post.id === post.id)).toHaveLength(1);
    }
  });

  it('the worker stops cleanly on SIGTERM', async () => {
    worker.process.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});
