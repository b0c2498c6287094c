import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, type LiveClient } from '../../test/live-client';

const TOKEN = 'metrics-test-token-0123456789';

let backend: TestBackend;
let admin: ApiClient;
let socket: LiveClient | null = null;

/** The value of one sample of the Prometheus text, or undefined: `name{a="1",b="2"} value`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const scrape = async () => {
  const reply = await new ApiClient(backend.url).get<string>('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.text;
};

beforeAll(async () => {
  backend = await startTestBackend({ METRICS_TOKEN: TOKEN });
  admin = await adminClient(backend);
});
afterAll(async () => {
  socket?.disconnect();
  await backend?.stop();
});

describe('GET /metrics', () => {
  it('answers 401 with a JSON error without the token or with a wrong one', async () => {
    const anonymous = new ApiClient(backend.url);
    for (const headers of [undefined, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }]) {
      const reply = await anonymous.get('/metrics', headers);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: expect.stringContaining('token') });
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('labels HTTP latency by route pattern, not by the raw path, and collapses unknown paths to one value', async () => {
    expect((await admin.post('/api/years', sampleYear({ year: 1974 }))).status).toBe(201);
    expect((await admin.get('/api/years/by-year/1974')).status).toBe(200);
    expect((await admin.get('/api/years/by-year/1999')).status).toBe(404);
    expect((await admin.get('/api/no-such-thing/123')).status).toBe(404);
    expect((await admin.get('/api/no-such-thing/456')).status).toBe(404);
    // A guard in front of the route answers: still the route's pattern, not the guard's.
    expect((await new ApiClient(backend.url).get('/api/admin/history/year/not-a-uuid')).status).toBe(401);
    expect((await admin.delete('/api/years/by-year/1974')).status).toBe(405);

    const text = await scrape();
    const count = (labels: Record<string, string>) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/years/by-year/:year', status: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/years/by-year/:year', status: '404' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/years', status: '201' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status: '404' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/admin/history/:kind/:id', status: '401' })).toBe(1);
    expect(count({ method: 'DELETE', route: '/api/years/by-year/:year', status: '405' })).toBe(1);
    expect(text).not.toContain('/api/years/by-year/1974');
    expect(text).not.toContain('no-such-thing');
    // Histogram buckets are cumulative: the +Inf bucket holds every observation.
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/years/by-year/:year', status: '200', le: '+Inf' })).toBe(1);
  });

  it('counts appended events by type', async () => {
    const before = sample(await scrape(), 'mello_events_appended_total', { type: 'YearCreated' }) ?? 0;
    expect((await admin.post('/api/years', sampleYear({ year: 1975, winner: 'Lasse Berghagen', song: 'Jennie, Jennie' }))).status).toBe(201);
    const after = await scrape();
    expect(sample(after, 'mello_events_appended_total', { type: 'YearCreated' })).toBe(before + 1);
  });

  it('observes search latency by kind', async () => {
    expect((await admin.get('/api/search/years?q=abba')).status).toBe(200);
    expect((await admin.get('/api/search/years?q=waterloo')).status).toBe(200);
    expect((await admin.get('/api/search/articles?q=arenan')).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'mello_search_duration_seconds_count', { kind: 'years' })).toBe(2);
    expect(sample(text, 'mello_search_duration_seconds_count', { kind: 'articles' })).toBe(1);
    expect(sample(text, 'mello_search_duration_seconds_sum', { kind: 'years' })).toBeGreaterThan(0);
  });

  it('reports each projection as caught up and not failing after a write has been read back', async () => {
    const text = await scrape();
    for (const projection of ['years', 'search_years', 'audit']) {
      expect(sample(text, 'mello_projection_lag_events', { projection })).toBe(0);
      expect(sample(text, 'mello_projection_failing', { projection })).toBe(0);
    }
  });

  it('counts connected Socket.IO clients', async () => {
    expect(sample(await scrape(), 'mello_socket_connections')).toBe(0);
    socket = await connectLive(backend.url);
    expect(sample(await scrape(), 'mello_socket_connections')).toBe(1);
  });

  it('includes the default process metrics', async () => {
    const text = await scrape();
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
