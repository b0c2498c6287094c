import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReadModelProgress } from '@mello/projections';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/error-middleware';
import { restartablePort } from '../../test/free-port';
import { adminClient, ApiClient, sampleYear, startTestBackend, type Reply, type TestBackend, logHead } from '../../test/harness';
import { connectLive, recordChanges, watchList, type LiveClient } from '../../test/live-client';

/**
 * PostgreSQL (the embedded default's event store, read models and sessions) stops under a running backend and
 * starts again on the same port and data. The shared test server must stay up for the other files, so this file
 * runs its own server.
 */
let root: string;
let dataDir: string;
let server: EmbeddedDatabase;
let port: number;
let backend: TestBackend;
let admin: ApiClient;
let member: ApiClient;
let visitor: ApiClient;
let progress: ReadModelProgress;
const sockets: LiveClient[] = [];
const acknowledged: { yearId?: string; postId?: string; yearsList?: string } = {};

const startServer = (preferredPort?: number) =>
  startEmbeddedPostgres({ dataDir, preferredPort: preferredPort ?? restartablePort(1), durable: false, log: (line) => console.log(line) });

const newPost = (client: ApiClient, title: string) =>
  client.post('/api/forum/posts', { title, content: 'Finns det någon inspelning bevarad?', category: 'lost-media' });

const expectUnavailable = (reply: Reply, call: string) => {
  expect(reply.status, call).toBe(503);
  expect(reply.body, call).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
  expect(reply.headers.get('content-type'), call).toContain('application/json');
  expect(Number(reply.headers.get('retry-after')), call).toBeGreaterThan(0);
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mello-outage-pg-'));
  // PostgreSQL runs as the unprivileged `postgres` user when the tests run as root.
  await chmod(root, 0o777);
  dataDir = path.join(root, 'data');
  server = await startServer();
  port = server.port;
  const client = new pg.Client({ connectionString: server.adminUri });
  await client.connect();
  await client.query('CREATE DATABASE melloarkivet');
  await client.end();
  // Views are flushed by the test itself (VIEW_FLUSH_MS far away), so it decides when the flush meets the outage.
  backend = await startTestBackend({ VIEW_FLUSH_MS: '3600000' }, { database: { uri: server.uriFor('melloarkivet') } });
  progress = new ReadModelProgress(backend.pool, backend.databaseUri);
  await progress.start();
  admin = await adminClient(backend);
  member = new ApiClient(backend.url);
  await member.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
  visitor = new ApiClient(backend.url);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await progress?.close();
  await backend?.stop();
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a PostgreSQL outage', () => {
  it('before: writes are acknowledged, a view is buffered and a socket watches the forum list', async () => {
    const year = await admin.post('/api/years', sampleYear({ year: 1974 }));
    expect(year.status).toBe(201);
    acknowledged.yearId = year.body.id;
    acknowledged.yearsList = (await visitor.get('/api/years')).text;
    const post = await newPost(member, 'Saknas: finalen 1962 i färg');
    expect(post.status).toBe(201);
    acknowledged.postId = post.body.id;
    // Member's view of the post, buffered in memory until a flush.
    expect((await member.get(`/api/forum/posts/${acknowledged.postId}`)).status).toBe(200);
    expect(backend.views.pendingFor(acknowledged.postId!)).toBe(1);

    const socket = await connectLive(backend.url);
    sockets.push(socket);
    await watchList(socket);
  });

  it('while it is stopped, reads and writes answer 503 JSON with Retry-After, signed in or not, and nothing is appended', async () => {
    await server.stop();

    // Reads of the read models, a signed-in user's session lookup, and commands of every kind.
    expectUnavailable(await visitor.get('/api/years/by-year/1974'), 'GET year');
    expectUnavailable(await visitor.get(`/api/forum/posts/${acknowledged.postId}`), 'GET forum post');
    expectUnavailable(await visitor.get('/api/search/years?q=abba'), 'GET search');
    expectUnavailable(await admin.get('/api/auth/user'), 'GET own user (session store)');
    expectUnavailable(await member.get(`/api/forum/posts/${acknowledged.postId}/replies`), 'GET replies signed in');
    expectUnavailable(await admin.post('/api/years', sampleYear({ year: 1975, winner: 'Lars Berghagen' })), 'POST year');
    // A list this process holds in its list cache (per read-model position) may still be answered from memory:
    // the last state the read model had, never a 500.
    const list = await visitor.get('/api/years');
    if (list.status === 200) expect(list.text).toBe(acknowledged.yearsList);
    else expectUnavailable(list, 'GET years list');
    expectUnavailable(await member.post(`/api/forum/posts/${acknowledged.postId}/replies`, { content: 'Skrivet under avbrottet' }), 'POST reply');
    expectUnavailable(await visitor.post('/api/auth/login', { email: 'mia@example.se', password: 'member-password-1' }), 'POST login');
    expectUnavailable(
      await visitor.post('/api/auth/register', { email: 'ny@example.se', password: 'member-password-1', displayName: 'Ny medlem' }),
      'POST register',
    );

    // The buffered view cannot be appended: it is kept for the next flush, not dropped.
    await backend.views.flush();
    expect(backend.views.pendingFor(acknowledged.postId!)).toBe(1);

    // The runner lost its leader connection (and with it the lock), the progress waiter its LISTEN connection.
    await expect.poll(() => backend.runner.isLeader, { timeout: 10_000 }).toBe(false);
    await expect.poll(() => progress.listening, { timeout: 10_000 }).toBe(false);
  });

  it('when it is back on the same port and data, everything recovers without a restart and nothing acknowledged is lost', async () => {
    server = await startServer(port);
    expect(server.port).toBe(port);

    // The pool reconnects on next use: the first call may still meet the database starting up (503), then 200.
    await expect.poll(async () => (await visitor.get('/api/years/by-year/1974')).status, { timeout: 20_000, interval: 250 }).toBe(200);
    expect((await visitor.get('/api/years/by-year/1974')).body).toMatchObject({ id: acknowledged.yearId, winner: 'ABBA' });
    expect((await visitor.get(`/api/forum/posts/${acknowledged.postId}`)).body).toMatchObject({ title: 'Saknas: finalen 1962 i färg' });
    // Sessions survived (they live in PostgreSQL): still signed in.
    expect((await admin.get('/api/auth/user')).status).toBe(200);

    // The writes refused during the outage left nothing behind.
    expect((await visitor.get('/api/years/by-year/1975')).status).toBe(404);
    expect((await visitor.get(`/api/forum/posts/${acknowledged.postId}/replies`)).body).toEqual([]);
    const stray = await backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM es.events WHERE data::text LIKE '%Lars Berghagen%' OR data::text LIKE '%under avbrottet%'`);
    expect(stray).toBe(0);

    // The runner competes for leadership again, and the progress listener is back.
    await expect.poll(() => backend.runner.isLeader, { timeout: 20_000 }).toBe(true);
    await expect.poll(() => progress.listening, { timeout: 20_000 }).toBe(true);
  });

  it('after recovery a new write reaches the read models, the progress waiter and a socket connected before the outage', async () => {
    const changes = recordChanges(sockets[0]!);
    const created = await newPost(member, 'Efter avbrottet: finns pausnumret 1984?');
    expect(created.status).toBe(201);
    // Read your writes: the command answered after the read model had it.
    expect((await visitor.get(`/api/forum/posts/${created.body.id}`)).status).toBe(200);
    expect(await progress.waitFor(await logHead(backend), 10_000)).toBe(true);
    expect(await changes.next('post-created', (change) => change.post.id === created.body.id, 20_000)).toMatchObject({
      post: { title: 'Efter avbrottet: finns pausnumret 1984?' },
    });

    // A socket opened after the outage gets changes too (the session store and the adapter are back).
    const fresh = await connectLive(backend.url, { cookie: member.cookieHeader });
    sockets.push(fresh);
    const freshChanges = recordChanges(fresh);
    await watchList(fresh);
    const second = await newPost(member, 'Ytterligare ett inlägg efter avbrottet');
    await freshChanges.next('post-created', (change) => change.post.id === second.body.id, 20_000);
  });

  it('the view buffered through the outage is counted once the store is back', async () => {
    await backend.views.flush();
    expect(backend.views.pendingFor(acknowledged.postId!)).toBe(0);
    // The same member again: within the window it is not a new view, so the count shows only the buffered one.
    await expect.poll(async () => (await member.get(`/api/forum/posts/${acknowledged.postId}`)).body.views, { timeout: 10_000 }).toBe(2);
  });
});
