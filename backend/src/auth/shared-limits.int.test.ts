import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteExpiredLimits } from './rate-limit';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * Two backends on one database (two API processes behind one proxy) spend one budget: the limits are counted in
 * PostgreSQL, not in each process. Both trust the test process as their proxy (TRUST_PROXY=loopback), so each
 * test picks its client address with X-Forwarded-For.
 */
let first: TestBackend;
let second: TestBackend;
const limits = { TRUST_PROXY: 'loopback', RATE_LIMIT_LOGIN_PER_IP: '4', RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '2', RATE_LIMIT_WRITES_PER_MINUTE: '3' };

beforeAll(async () => {
  first = await startTestBackend(limits);
  second = await startTestBackend(limits, { database: { uri: first.databaseUri } });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const login = (backend: TestBackend, address: string, email: string, password = 'fel-lösenord') =>
  new ApiClient(backend.url).post('/api/auth/login', { email, password }, { 'x-forwarded-for': address });

describe('two backend processes on one database', () => {
  it('share the per-address sign-in budget: 4 attempts spread over both, and the 5th is refused by either', async () => {
    const address = '198.51.100.50';
    const statuses = [];
    for (const [index, backend] of [first, second, first, second].entries()) statuses.push((await login(backend, address, `okand-${index}@example.se`)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    for (const backend of [first, second]) {
      const refused = await login(backend, address, 'okand-5@example.se');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'För många inloggningsförsök. Försök igen om 15 minuter.' });
    }
  });

  it('share the wait after failed sign-ins: failures on one process make the same address wait on the other', async () => {
    await new ApiClient(first.url).register('delad@example.se', 'rätt-lösenord-1');
    const address = '198.51.100.51';
    // The clock (Date, in which the limits count; both backends run in this process) stands still, so the
    // one-second wait cannot run out between the failure and the check, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      expect((await login(first, address, 'delad@example.se')).status).toBe(401);
      expect((await login(second, address, 'delad@example.se')).status).toBe(401);
      expect((await login(first, address, 'delad@example.se')).status).toBe(401);
      const refused = await login(second, address, 'delad@example.se', 'rätt-lösenord-1');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
    } finally {
      vi.useRealTimers();
    }
  });

  it('share the per-user write budget: 3 writes spread over both, and the 4th is refused by either', async () => {
    const admin = await adminClient(first);
    const onSecond = new ApiClient(second.url);
    const cookie = { cookie: admin.cookieHeader };
    const statuses = [
      (await admin.post('/api/years', sampleYear({ year: 1960 }))).status,
      (await onSecond.post('/api/years', sampleYear({ year: 1961 }), cookie)).status,
      (await admin.post('/api/years', sampleYear({ year: 1962 }))).status,
    ];
    expect(statuses).toEqual([201, 201, 201]);
    expect((await onSecond.post('/api/years', sampleYear({ year: 1963 }), cookie)).status).toBe(429);
    expect((await admin.post('/api/years', sampleYear({ year: 1963 }))).status).toBe(429);
  });

  it('keep their counts in one table, whose ended windows the sweep deletes while open ones stay', async () => {
    const rows = async () => Number(await first.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM public.rate_limits`));
    const before = await rows();
    // Now: at most the one-second wait above has ended; the 15-minute and 24-hour windows are open and stay.
    const ended = await deleteExpiredLimits(first.pool);
    expect(ended).toBeLessThanOrEqual(1);
    const open = await rows();
    expect(open).toBe(before - ended);
    expect(open).toBeGreaterThanOrEqual(4);
    // A day and a quarter on, every window of these tests has ended.
    expect(await deleteExpiredLimits(first.pool, Date.now() + 25 * 60 * 60 * 1000)).toBe(open);
    expect(await rows()).toBe(0);
  });
});
