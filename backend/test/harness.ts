import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'slonik';
import { z } from 'zod';
import { loadConfig, type Config } from '../src/config';
import { startBackend, type Backend, type BackendOptions } from '../src/app/backend';
import { createTestDatabase } from './database';
import { encodePosition, type LogPosition } from '../src/event-store/port';

export const TEST_ADMIN = { email: 'admin@test.melloarkivet.se', password: 'admin-password-1' };

export type TestBackend = Backend & { config: Config; stop: () => Promise<void> };

/**
 * The log's last committed event. A test asserting that a call appended nothing (or something) compares two of
 * these after awaiting its calls, whose appends are committed by then. The store's own head is the readable one: it
 * stops below any transaction still open anywhere on the server (another test file's import, say), and waiting for
 * that to end can outlast any timeout on a loaded machine (CI's moderation test read a head two events short).
 */
export async function logHead(backend: Pick<Backend, 'store' | 'pool'>): Promise<LogPosition | null> {
  if (backend.store.kind !== 'postgres') return backend.store.headPosition();
  const row = await backend.pool.maybeOne(sql.type(z.object({ xid: z.string(), position: z.number() }))`
    SELECT transaction_id::text AS xid, global_position AS position FROM es.events
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`);
  return row ? encodePosition(row.xid, row.position) : null;
}

/** The settings every backend and worker of the tests shares (the database, port and data folder are their own). */
export const TEST_SETTINGS = {
  HOST: '127.0.0.1',
  SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  IMPORT_ARCHIVE: 'false',
};

/**
 * A real backend (HTTP on a free port, projections runner, PostgreSQL on the test server) on a fresh database.
 * The archive import is off unless asked for, so tests start from an empty log.
 */
export async function startTestBackend(
  env: Record<string, string> = {},
  options: { database?: { uri: string }; backend?: BackendOptions } = {},
): Promise<TestBackend> {
  const ownDatabase = options.database ? null : await createTestDatabase();
  const database = options.database ?? ownDatabase!;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mello-test-data-'));
  const config = loadConfig({
    DATABASE_URL: database.uri,
    PORT: '0',
    DATA_DIR: dataDir,
    ...TEST_SETTINGS,
    RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    RATE_LIMIT_LOGIN_PER_IP: '10000',
    RATE_LIMIT_REGISTER_PER_IP: '10000',
    ...env,
  });
  const backend = await startBackend(config, options.backend);
  return {
    ...backend,
    config,
    stop: async () => {
      await backend.close();
      await ownDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Reply<T = unknown> = { status: number; body: T; headers: Headers; text: string };

/** A browser-like API client: keeps its session cookie, sends JSON. */
export class ApiClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /**
   * `timeoutMs`: the request is aborted (the call rejects) when no answer has come by then. A streaming answer
   * (`text/event-stream`, the admin's live event feed) never ends: it is judged by its status and headers, its body
   * cut off and answered as empty.
   */
  async request<T = any>(
    method: string,
    url: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const signal = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body, redirect: 'manual', signal });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream');
    if (streaming) await response.body?.cancel();
    const text = streaming ? '' : await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, { headers });
  }
  post<T = any>(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, { json, headers });
  }
  put<T = any>(url: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, { json, headers });
  }
  delete<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, { headers });
  }

  async login(email: string, password: string): Promise<Reply<any>> {
    const reply = await this.post('/api/auth/login', { email, password });
    if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
    return reply;
  }

  /**
   * Registers and signs in. The public display name defaults to the full name when both parts are given, else to
   * the e-mail's local part ('mia' for mia@example.se), so fixtures stay readable and distinct.
   */
  async register(
    email: string,
    password = 'member-password-1',
    names: { firstName?: string; lastName?: string; displayName?: string } = {},
  ): Promise<Reply<any>> {
    const displayName = names.displayName ?? defaultDisplayName(email, names);
    const reply = await this.post('/api/auth/register', { email, password, ...names, displayName });
    if (reply.status !== 201) throw new Error(`register failed: ${reply.status} ${reply.text}`);
    return reply;
  }
}

export const defaultDisplayName = (email: string, names: { firstName?: string; lastName?: string } = {}) =>
  names.firstName && names.lastName ? `${names.firstName} ${names.lastName}` : email.split('@')[0]!;

export async function adminClient(backend: TestBackend): Promise<ApiClient> {
  const client = new ApiClient(backend.url);
  await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

/** A valid year body for POST /api/years. */
export const sampleYear = (overrides: Record<string, unknown> = {}) => ({
  year: 1974,
  winner: 'ABBA',
  song: 'Waterloo',
  venue: 'Konserthuset',
  city: 'Göteborg',
  host: 'Johan Sandström',
  date: '9 februari 1974',
  description: 'ABBA vann med Waterloo.',
  facts: ['Vann Eurovision'],
  controversies: [],
  sources: ['Testkälla'],
  isClassic: true,
  ...overrides,
});

export const sampleVideo = (overrides: Record<string, unknown> = {}) => ({
  title: 'Waterloo',
  artist: 'ABBA',
  year: 1974,
  videoUrl: 'https://www.youtube.com/watch?v=3FsVeMz1F5c',
  duration: '3:04',
  category: 'winner',
  ...overrides,
});

export const sampleArticle = (overrides: Record<string, unknown> = {}) => ({
  title: 'Från Cirkus till arenan',
  excerpt: 'Finalens resa genom Sverige.',
  content: '## Rubrik\n\nText med [länk](https://sv.wikipedia.org/wiki/Melodifestivalen).',
  category: 'history',
  ...overrides,
});
