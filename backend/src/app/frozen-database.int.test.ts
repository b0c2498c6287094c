import { chmod, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/error-middleware';
import { connectLive, type LiveClient } from '../../test/live-client';
import { adminClient, ApiClient, sampleYear, startTestBackend, TEST_ADMIN, type Reply, type TestBackend } from '../../test/harness';

/**
 * PostgreSQL hangs rather than stops: its processes are frozen with SIGSTOP, so connections stay open and
 * statements are taken but never answered. The API must answer 503 while it hangs (within its configured limits,
 * here about 2 s) and serve again by itself on SIGCONT. Its own server, since the shared one must not freeze.
 */
let root: string;
let dataDir: string;
let server: EmbeddedDatabase;
let backend: TestBackend;
let admin: ApiClient;
let visitor: ApiClient;
let frozen: number[] = [];
/** A member's socket connected before the freeze. */
let watching: LiveClient | undefined;

/** Far beyond the configured limits: a request still unanswered by then hangs, and fails the test. */
const HANG_MS = 30_000;
const answered = <T>(call: Promise<T>, name: string) =>
  Promise.race([call, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${name}: no answer within ${HANG_MS} ms`)), HANG_MS).unref())]);

/** The postmaster (from its pid file) and every process it forked: backends, checkpointer, WAL writer... */
async function serverProcesses(): Promise<number[]> {
  const postmaster = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}

const signalAll = (pids: number[], signal: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  }
};

const expectUnavailable = (reply: Reply, call: string) => {
  expect(reply.status, call).toBe(503);
  expect(reply.headers.get('content-type'), call).toContain('application/json');
  expect(reply.body, call).toEqual({ error: DATABASE_UNAVAILABLE_MESSAGE });
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mello-frozen-pg-'));
  await chmod(root, 0o777); // PostgreSQL runs as the unprivileged `postgres` user when the tests run as root
  dataDir = path.join(root, 'data');
  server = await startEmbeddedPostgres({ dataDir, preferredPort: 59_000 + Math.floor(Math.random() * 1000), durable: false });
  const client = new pg.Client({ connectionString: server.adminUri });
  await client.connect();
  await client.query('CREATE DATABASE melloarkivet');
  await client.end();
  backend = await startTestBackend(
    { DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '1000', VIEW_FLUSH_MS: '3600000' },
    { database: { uri: server.uriFor('melloarkivet') } },
  );
  admin = await adminClient(backend);
  visitor = new ApiClient(backend.url);
  expect((await admin.post('/api/years', sampleYear({ year: 1974 }))).status).toBe(201);
});

afterAll(async () => {
  signalAll(frozen, 'SIGCONT'); // whatever happened above, nothing stays frozen
  watching?.close();
  await backend?.stop();
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a PostgreSQL that hangs', () => {
  it('before: a read, a search, a write and a sign-in succeed', async () => {
    expect((await visitor.get('/api/years/by-year/1974')).status).toBe(200);
    // The sign-in leaves the rate limits' own pool an open connection to hang on.
    expect((await new ApiClient(backend.url).post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    expect((await visitor.get('/api/search/years?q=abba')).status).toBe(200);
    expect((await admin.post('/api/years', sampleYear({ year: 1975, winner: 'Lars Berghagen' }))).status).toBe(201);
  });

  it('while it is frozen, a read, a search and a write answer 503 JSON instead of hanging', { timeout: 4 * HANG_MS }, async () => {
    // The postmaster first, so it forks nothing new while its children are listed.
    watching = await connectLive(backend.url, { cookie: admin.cookieHeader });
    const postmaster = (await serverProcesses())[0]!;
    signalAll([postmaster], 'SIGSTOP');
    frozen = [postmaster];
    frozen = await serverProcesses();
    signalAll(frozen, 'SIGSTOP');

    expectUnavailable(await answered(visitor.get('/api/years/by-year/1974'), 'GET year'), 'GET year');
    expectUnavailable(await answered(visitor.get('/api/search/years?q=abba'), 'GET search'), 'GET search');
    expectUnavailable(await answered(admin.post('/api/years', sampleYear({ year: 1976, winner: 'Lasse Berghagen' })), 'POST year'), 'POST year');
    expectUnavailable(await answered(admin.get('/api/auth/user'), 'GET own user'), 'GET own user');
  });

  it('while it is frozen, a sign-in and a sign-up answer 503 JSON instead of hanging', { timeout: 4 * HANG_MS }, async () => {
    // Both count against a rate limit before they meet the users table: the limits' pool must give up too.
    const login = await answered(new ApiClient(backend.url).post('/api/auth/login', TEST_ADMIN), 'POST login');
    expectUnavailable(login, 'POST login');
    const signUp = { email: 'frusen@example.se', password: 'frusen-password-1', displayName: 'Frusen' };
    expectUnavailable(await answered(new ApiClient(backend.url).post('/api/auth/register', signUp), 'POST register'), 'POST register');
  });

  it('while it is frozen, a socket message and a new socket are told the database is away, in Swedish', { timeout: 4 * HANG_MS }, async () => {
    // Like HTTP's 503: the one Swedish message, never the driver's own text (which names hosts, ports or SQL).
    const post = await answered(
      new Promise<{ ok: boolean; error?: string }>((resolve) => watching!.emit('forum:watch-post', '00000000-0000-4000-8000-000000000001', resolve)),
      'forum:watch-post',
    );
    expect(post).toEqual({ ok: false, error: DATABASE_UNAVAILABLE_MESSAGE });
    const refused = await answered(
      connectLive(backend.url, { cookie: admin.cookieHeader }).then(
        (socket) => (socket.close(), 'connected'),
        (error: Error) => error.message,
      ),
      'socket handshake',
    );
    expect(refused).toBe(DATABASE_UNAVAILABLE_MESSAGE);
  });

  it('while it is frozen, more searches at once than the search pool has connections all answer 503', { timeout: 4 * HANG_MS }, async () => {
    // The search pool has 5 connections; a server-rendered search page alone asks 7 searches at once. Before
    // pool-slots.ts the callers slonik queued behind the failing connection attempts never got an answer.
    const kinds = ['years', 'entries', 'artists', 'songwriters', 'articles', 'videos', 'forum', 'years', 'entries', 'videos', 'articles', 'forum'];
    const replies = await Promise.all(kinds.map((kind, i) => answered(visitor.get(`/api/search/${kind}?q=frusen${i}`), `search ${i} (${kind})`)));
    replies.forEach((reply, i) => expectUnavailable(reply, `search ${i} (${kinds[i]})`));
  });

  it('on SIGCONT the same calls succeed again, without a restart', async () => {
    signalAll(frozen, 'SIGCONT');
    frozen = [];
    await expect.poll(async () => (await answered(visitor.get('/api/years/by-year/1974'), 'GET year')).status, { timeout: 20_000, interval: 250 }).toBe(200);
    expect((await answered(visitor.get('/api/search/years?q=abba'), 'GET search')).status).toBe(200);
    expect((await answered(admin.get('/api/auth/user'), 'GET own user')).status).toBe(200);
    const written = await answered(admin.post('/api/years', sampleYear({ year: 1977, winner: 'Forbes' })), 'POST year');
    expect(written.status).toBe(201);
    expect((await visitor.get('/api/years/by-year/1977')).body).toMatchObject({ id: written.body.id, winner: 'Forbes' });
  });
});
