import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { createLogger } from './logger';
import { capturedLines } from './test-log-lines';

const logs = capturedLines();
let backend: TestBackend;
let admin: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend({}, { backend: { logger: createLogger({ level: 'debug', destination: logs }) } });
  admin = await adminClient(backend);
});
afterAll(async () => {
  await backend?.stop();
});

const requestLines = () => logs.lines.filter((line) => line.msg === 'request');

describe('access log and correlation ids', () => {
  it("logs a write's X-Request-Id, which is also the correlation id of the events it appended", async () => {
    const requestId = 'req-observability-0001';
    const reply = await admin.post('/api/years', sampleYear({ year: 1984 }), { 'x-request-id': requestId });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-request-id')).toBe(requestId);

    const [event] = await backend.store.readStream(`year-${reply.body.id}`);
    expect(event).toMatchObject({ type: 'YearCreated', metadata: { correlationId: requestId, actor: { type: 'user', userId: expect.any(String) } } });
    const { userId } = event!.metadata.actor as { userId: string };

    const line = requestLines().find((l) => l.requestId === requestId);
    expect(line).toMatchObject({ level: 'info', method: 'POST', route: '/api/years', status: 201, userId, requestId });
    expect(line!.ms).toEqual(expect.any(Number));
  });

  it('gives a request without a usable X-Request-Id its own id, logged and answered', async () => {
    const reply = await new ApiClient(backend.url).get('/api/years/by-year/1984', { 'x-request-id': 'no spaces allowed' });
    expect(reply.status).toBe(200);
    const id = reply.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = requestLines().find((l) => l.requestId === id);
    expect(line).toMatchObject({ method: 'GET', route: '/api/years/by-year/:year', status: 200 });
    expect(line).not.toHaveProperty('userId');
  });

  it('logs the path of a request no route matched, and a failed request with its status', async () => {
    const reply = await new ApiClient(backend.url).post('/api/years', { year: 'x' });
    expect(reply.status).toBe(401);
    const unknown = await new ApiClient(backend.url).get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(requestLines().find((l) => l.requestId === reply.headers.get('x-request-id'))).toMatchObject({ method: 'POST', route: '/api/years', status: 401 });
    expect(requestLines().find((l) => l.requestId === unknown.headers.get('x-request-id'))).toMatchObject({
      method: 'GET',
      route: '/api/nothing-here',
      status: 404,
    });
  });

  it('logs probes at debug level', async () => {
    const reply = await new ApiClient(backend.url).get('/healthz');
    expect(requestLines().find((l) => l.requestId === reply.headers.get('x-request-id'))).toMatchObject({ level: 'debug', route: '/healthz', status: 200 });
  });
});
