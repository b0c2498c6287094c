import { randomUUID } from 'node:crypto';
import { LIVE_SCHEMA } from '@mello/projections';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, startTestBackend, type TestBackend } from '../../test/harness';

type CheckBody = { name: string; ok: boolean; detail: string; ms: number };
type ReadyBody = { status: string; error?: string; checks: CheckBody[] };

let backend: TestBackend;
let client: ApiClient;
const checkpoints = sql.identifier([LIVE_SCHEMA, 'checkpoints']);

beforeAll(async () => {
  // A tiny lag limit, so a few events appended while the runner is stopped make the process unready.
  backend = await startTestBackend({ READY_MAX_LAG: '2' });
  client = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

describe('GET /healthz', () => {
  it('answers 200 { status: "ok" } without a session cookie', async () => {
    const reply = await client.get('/healthz');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok' });
    expect(reply.headers.get('set-cookie')).toBeNull();
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('answers 200 listing the event store, database, search and projections checks, all passing', async () => {
    const reply = await client.get<ReadyBody>('/readyz');
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('ok');
    expect(reply.body.checks.map((c) => c.name)).toEqual(['event-store', 'database', 'search', 'projections']);
    for (const check of reply.body.checks) expect(check).toEqual({ name: check.name, ok: true, detail: expect.any(String), ms: expect.any(Number) });
    expect(reply.body.checks.find((c) => c.name === 'search')!.detail).toBe('postgres');
    expect(reply.body.checks.find((c) => c.name === 'projections')!.detail).toMatch(/^\d+ projections, at most 0 events behind \(limit 2\)$/);
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  it('answers 503 with the failing projection named while a projection has last_error set', async () => {
    await backend.pool.query(sql.unsafe`UPDATE ${checkpoints} SET last_error = 'boom: bad event', last_error_at = now() WHERE projection = 'audit'`);
    try {
      const reply = await client.get<ReadyBody>('/readyz');
      expect(reply.status).toBe(503);
      expect(reply.body.status).toBe('unavailable');
      expect(reply.body.error).toBe('Inte redo: projektionerna ligger efter eller har fel');
      const projections = reply.body.checks.find((c) => c.name === 'projections')!;
      expect(projections.ok).toBe(false);
      expect(projections.detail).toMatch(/^audit failing since \S+: boom: bad event$/);
      expect(reply.body.checks.filter((c) => c.name !== 'projections').every((c) => c.ok)).toBe(true);
    } finally {
      await backend.pool.query(sql.unsafe`UPDATE ${checkpoints} SET last_error = NULL, last_error_at = NULL`);
    }
    expect((await client.get('/readyz')).status).toBe(200);
  });

  it('answers 503 while the projections are further behind than READY_MAX_LAG, and 200 again once they catch up', async () => {
    await backend.runner.stop();
    // Three events (one view count per post) while nothing applies them: three behind, the limit is two.
    for (const viewer of ['a', 'b', 'c']) backend.views.record(randomUUID(), viewer);
    await backend.views.flush();
    // The head the lag is measured against is what is readable: another test file's open transaction on the shared
    // server can hold the new events back for a moment.
    await backend.store.untilReadable(15_000);

    const reply = await client.get<ReadyBody>('/readyz');
    expect(reply.status).toBe(503);
    expect(reply.body.error).toBe('Inte redo: projektionerna ligger efter eller har fel');
    expect(reply.body.checks.find((c) => c.name === 'projections')!.detail).toContain('3 events behind (limit 2)');

    backend.runner.start();
    await vi.waitFor(async () => expect((await client.get('/readyz')).status).toBe(200), { timeout: 15_000, interval: 100 });
  });
});
