import { DRIFT_ONLY_ADMIN_MESSAGE, type DriftProjection, type RebuildRun } from '@mello/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleVideo, startTestBackend, TEST_ADMIN, type Reply, type TestBackend } from '../../test/harness';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { connectLive, type LiveClient } from '../../test/live-client';

/**
 * The admin console's Drift tab over real HTTP and real sockets, with two API processes' worth of backends on one
 * database: `first` runs the projections (and the rebuilds it is asked for), `second` runs none
 * (RUN_PROJECTIONS=false), like an API process beside a worker. What one of them starts, cancels or retries is
 * seen and done across both, through the database (the rebuild lock, rebuild_runs, NOTIFY).
 */
let first: TestBackend;
let second: TestBackend;
let admin: ApiClient;
let adminOnSecond: ApiClient;
let member: ApiClient;
let visitor: ApiClient;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  // The archive and some forum posts: a log long enough that a rebuild reports progress more than once.
  first = await startTestBackend({ IMPORT_ARCHIVE: 'true' });
  await appendGeneratedPosts(first.store, 200);
  await first.runner.catchUp();
  second = await startTestBackend({ RUN_PROJECTIONS: 'false' }, { database: { uri: first.databaseUri } });
  admin = await adminClient(first);
  adminOnSecond = new ApiClient(second.url);
  await adminOnSecond.login(TEST_ADMIN.email, TEST_ADMIN.password);
  member = new ApiClient(first.url);
  await member.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
  visitor = new ApiClient(first.url);
}, 180_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await second?.stop();
  await first?.stop();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
type State = { projections: DriftProjection[]; rebuild: RebuildRun | null; runs: RebuildRun[] };
const state = async (client = admin): Promise<State> => {
  const reply = await client.get('/api/admin/drift');
  expect(reply.status, reply.text).toBe(200);
  return reply.body as State;
};
/** The run as it ended (the console's list of runs), once it has. */
const finished = async (id: string, client = admin): Promise<RebuildRun> => {
  await expect.poll(async () => (await state(client)).runs.find((run) => run.id === id)?.result, { timeout: 60_000 }).not.toBe('running');
  return (await state(client)).runs.find((run) => run.id === id)!;
};
const rows = (table: string) =>
  first.pool.anyFirst(sql.type(z.object({ row: z.string() }))`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(['rm', table])} t ORDER BY 1`);
const buildSchemas = () =>
  first.pool.anyFirst(sql.type(z.object({ nspname: z.string() }))`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm\\_next%' ORDER BY 1`);

async function socketOf(client: ApiClient, backend: TestBackend) {
  const socket = await connectLive(backend.url, { cookie: client.cookieHeader });
  sockets.push(socket);
  const runs: RebuildRun[] = [];
  const statuses: DriftProjection[][] = [];
  socket.on('drift:run', (run) => runs.push(run));
  socket.on('drift:projections', (projections) => statuses.push(projections));
  const answer = await new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit('drift:watch', resolve));
  return { socket, runs, statuses, answer };
}

describe('who may use the console', () => {
  it('answers a visitor 401 and a member 403 on every route, and changes nothing', async () => {
    const runs = (await state()).runs;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/drift'],
      ['POST', '/api/admin/drift/rebuilds', { target: 'all' }],
      ['POST', `/api/admin/drift/rebuilds/${UNKNOWN}/cancel`],
      ['POST', '/api/admin/drift/projections/years/retry'],
    ];
    for (const [method, url, json] of calls) {
      expect((await visitor.request(method, url, { json })).status, `${method} ${url}`).toBe(401);
      const refused = await member.request(method, url, { json });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body).toEqual({ error: 'Endast administratören får göra detta' });
    }
    expect((await state()).runs).toEqual(runs);
  });

  it('refuses drift:watch to a visitor’s and a member’s socket, in Swedish', async () => {
    expect((await socketOf(visitor, first)).answer).toEqual({ ok: false, error: DRIFT_ONLY_ADMIN_MESSAGE });
    expect((await socketOf(member, second)).answer).toEqual({ ok: false, error: DRIFT_ONLY_ADMIN_MESSAGE });
  });
});

describe('the state', () => {
  it('lists every projection with its status and checkpoint, and no rebuild yet', async () => {
    const { projections, rebuild } = await state(adminOnSecond);
    expect(rebuild).toBeNull();
    expect(projections.map((p) => p.name)).toEqual(expect.arrayContaining(['years', 'videos', 'forum', 'audit']));
    for (const projection of projections) expect(projection).toMatchObject({ status: 'running', behind: 0, lastError: null, stoppedOn: null });
  });
});

describe('events per second', () => {
  it('pushes each projection’s rate live while events arrive, and falls back to 0 once they stop', { timeout: 120_000 }, async () => {
    const watcher = await socketOf(admin, first);
    expect(watcher.answer).toMatchObject({ ok: true });
    for (const projection of (await state()).projections) expect(projection.eventsPerSecond === null || projection.eventsPerSecond >= 0).toBe(true);

    // A steady trickle of forum posts until a pushed status shows the forum projection moving.
    const moving = () => watcher.statuses.some((projections) => (projections.find((p) => p.name === 'forum')?.eventsPerSecond ?? 0) > 0);
    for (let i = 0; i < 400 && !moving(); i += 1) {
      await appendGeneratedPosts(first.store, 1, Date.parse('2026-02-01T00:00:00Z') + i * 60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(moving(), 'no pushed status showed the forum projection moving').toBe(true);
    const rate = watcher.statuses.map((projections) => projections.find((p) => p.name === 'forum')!.eventsPerSecond).find((r) => (r ?? 0) > 0)!;
    expect(rate).toBeLessThan(5000);

    // Nothing more arrives: the statuses keep coming until every rate is 0 (the tab shows "–"), then stop.
    await expect.poll(() => watcher.statuses.at(-1)?.every((p) => p.eventsPerSecond === 0 || p.eventsPerSecond === null), { timeout: 30_000 }).toBe(true);
    await first.runner.catchUp();
  });
});

describe('a rebuild started from the console', () => {
  it('answers 202 with the run, pushes its progress to every admin watching (in the other process too), never to a member', async () => {
    const watcher = await socketOf(adminOnSecond, second);
    expect(watcher.answer).toEqual({ ok: true, value: { rebuild: null } });
    const memberSocket = await socketOf(member, second);
    const visitorSocket = await socketOf(visitor, first);

    const started: Reply<any> = await admin.post('/api/admin/drift/rebuilds', { target: 'all' });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ target: 'all', startedBy: TEST_ADMIN.email, result: 'running' });
    const run = await finished(started.body.id, adminOnSecond);
    expect(run).toMatchObject({ result: 'succeeded', error: null, phase: 'done' });
    expect(run.events).toBe(run.total);
    expect(run.events).toBeGreaterThan(1000);

    // The admin watching on the other process saw it run and end; the statuses followed.
    await expect
      .poll(() => watcher.runs.find((message) => message.id === run.id && message.result === 'succeeded')?.events, { timeout: 10_000 })
      .toBe(run.total);
    expect(watcher.runs.some((message) => message.id === run.id && message.result === 'running')).toBe(true);
    for (const message of watcher.runs) expect(message.events).toBeLessThanOrEqual(message.total ?? Infinity);
    await expect.poll(() => watcher.statuses.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(watcher.statuses.at(-1)!.map((p) => p.name)).toContain('years');
    // A member's and a visitor's sockets got nothing of it.
    expect(memberSocket.runs).toEqual([]);
    expect(memberSocket.statuses).toEqual([]);
    expect(visitorSocket.runs).toEqual([]);
  });

  it('is in the audit history: who, how it ended, how long', async () => {
    await expect
      .poll(async () => ((await admin.get('/api/admin/history?kind=rebuild')).body as { entries: Array<{ label: string }> }).entries.length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const [entry] = (await admin.get('/api/admin/history?kind=rebuild')).body.entries;
    expect(entry).toMatchObject({ kind: 'rebuild', action: 'rebuild-succeeded', exists: true, actor: { email: TEST_ADMIN.email, system: false } });
    expect(entry.label).toMatch(/^Ombyggnad av alla läsmodeller: klar på [\d,]+ s$/);
    const timeline = await admin.get(`/api/admin/history/rebuild/${entry.itemId}`);
    expect(timeline.status).toBe(200);
    expect(timeline.body).toMatchObject({ kind: 'rebuild', label: entry.label, entries: [{ type: 'RebuildFinished', action: 'created' }] });
  });

  it('two at once, one per process: one 202, the other 409 with a Swedish message', async () => {
    const replies: Array<Reply<any>> = await Promise.all([
      admin.post('/api/admin/drift/rebuilds', { target: 'all' }),
      adminOnSecond.post('/api/admin/drift/rebuilds', { target: 'forum' }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([202, 409]);
    const refused = replies.find((reply) => reply.status === 409)!;
    expect(refused.body.error).toMatch(/^En ombyggnad av läsmodellerna pågår redan/);
    const accepted = replies.find((reply) => reply.status === 202)!;
    expect((await finished(accepted.body.id)).result).toBe('succeeded');
  });

  it('refuses an unknown projection (naming the valid ones) and a missing target with 400, starting nothing', async () => {
    const before = (await state()).runs.length;
    const unknown = await admin.post('/api/admin/drift/rebuilds', { target: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Okänd projektion: nope\. Giltiga namn: years, videos/);
    for (const body of [{}, { target: '' }, { target: 42 }]) {
      const bad = await admin.post('/api/admin/drift/rebuilds', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toEqual(expect.any(String));
    }
    expect((await state()).runs.length).toBe(before);
  });

  for (const where of ['in its own process', 'from the other process'] as const) {
    it(`cancelled ${where}: ends cancelled and leaves the live read models as they were`, async () => {
      const before = { years: await rows('years'), forum: await rows('forum_posts'), entries: await rows('entries') };
      const started: Reply<any> = await admin.post('/api/admin/drift/rebuilds', { target: 'all' });
      expect(started.status).toBe(202);
      const cancelled: Reply<any> = await (where === 'in its own process' ? admin : adminOnSecond).post(`/api/admin/drift/rebuilds/${started.body.id}/cancel`);
      expect(cancelled.status, cancelled.text).toBe(202);
      expect(cancelled.body).toMatchObject({ id: started.body.id, cancelRequested: true });
      const run = await finished(started.body.id);
      expect(run).toMatchObject({ result: 'cancelled', error: null });
      expect({ years: await rows('years'), forum: await rows('forum_posts'), entries: await rows('entries') }).toEqual(before);
      expect(await buildSchemas()).toEqual([]);
      // Cancelling it again, or a run that does not exist.
      expect((await admin.post(`/api/admin/drift/rebuilds/${started.body.id}/cancel`)).status).toBe(409);
    });
  }

  it('answers 404 for cancelling a run that does not exist', async () => {
    for (const id of [UNKNOWN, 'inte-ett-id']) {
      const reply = await admin.post(`/api/admin/drift/rebuilds/${id}/cancel`);
      expect(reply.status, id).toBe(404);
      expect(reply.body).toEqual({ error: 'Ombyggnaden finns inte' });
    }
  });
});

describe('retrying a stopped projection', () => {
  const POISON = 'Giftig video';
  const projection = async (name: string) => (await state(adminOnSecond)).projections.find((p) => p.name === name)!;

  it('stops on the event it cannot apply; a retry from the other process resumes it from there once the cause is fixed', async () => {
    // The videos projection throws on one title until "fixed": its table refuses it.
    await first.pool.query(sql.unsafe`ALTER TABLE rm.videos ADD CONSTRAINT refuses_poison CHECK (doc->>'title' <> ${sql.literalValue(POISON)})`);
    const created = await admin.post('/api/videos', sampleVideo({ title: POISON }));
    expect(created.status, created.text).toBe(201);
    await expect.poll(async () => (await projection('videos')).status, { timeout: 20_000 }).toBe('stopped');
    const stopped = await projection('videos');
    expect(stopped.stoppedOn).toMatchObject({ type: 'VideoCreated', streamName: `video-${created.body.id}` });
    expect(stopped.lastError).toMatch(/refuses_poison|check constraint/);

    // Not fixed yet: retried, it stops on the same event again.
    const early = await adminOnSecond.post('/api/admin/drift/projections/videos/retry');
    expect(early.status, early.text).toBe(202);
    expect(early.body).toEqual({ projection: 'videos', requested: true });
    await expect.poll(async () => (await projection('videos')).lastErrorAt, { timeout: 20_000 }).not.toBe(stopped.lastErrorAt);
    expect(await projection('videos')).toMatchObject({ status: 'stopped', stoppedOn: stopped.stoppedOn });

    await first.pool.query(sql.unsafe`ALTER TABLE rm.videos DROP CONSTRAINT refuses_poison`);
    expect((await adminOnSecond.post('/api/admin/drift/projections/videos/retry')).status).toBe(202);
    await expect.poll(async () => (await projection('videos')).status, { timeout: 20_000 }).toBe('running');
    expect(await projection('videos')).toMatchObject({ lastError: null, stoppedOn: null, behind: 0 });
    expect((await visitor.get(`/api/videos/${created.body.id}`)).body).toMatchObject({ title: POISON });
  });

  it('refuses a projection that has not stopped (409) and one that does not exist (400)', async () => {
    const running = await admin.post('/api/admin/drift/projections/years/retry');
    expect(running.status).toBe(409);
    expect(running.body.error).toBe('Projektionen years har inte stannat: det finns inget att försöka igen');
    const unknown = await admin.post('/api/admin/drift/projections/nope/retry');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Okänd projektion: nope\./);
  });
});
