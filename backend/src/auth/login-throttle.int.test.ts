import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient, startTestBackend, type Reply, type TestBackend } from '../../test/harness';

/**
 * Failed sign-ins slow the address that fails, never the account (login-throttle.ts). The test process is a
 * trusted proxy (TRUST_PROXY=loopback), so X-Forwarded-For names the client address of each request.
 * RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS=3: three free failures per (account, address), then 1 s, 2 s, 4 s …;
 * RATE_LIMIT_LOGIN_PER_ACCOUNT=8: the account-wide ceiling after which every address waits from its first failure.
 *
 * The clock (Date, which the limits count in; the backend runs in this process) stands still through the file
 * and moves only when a test says a wait has passed, so no answer depends on how fast the machine is.
 */
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ TRUST_PROXY: 'loopback', RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '3', RATE_LIMIT_LOGIN_PER_ACCOUNT: '8' });
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
});
afterAll(async () => {
  vi.useRealTimers();
  await backend?.stop();
});

/** The wall clock moves on by `milliseconds` (timers and I/O are real throughout). */
const wait = (milliseconds: number) => vi.setSystemTime(Date.now() + milliseconds);

const from = (address: string) => ({
  client: new ApiClient(backend.url),
  login(email: string, password: string) {
    return this.client.post('/api/auth/login', { email, password }, { 'x-forwarded-for': address });
  },
});

const retryAfterOf = (reply: Reply<any>) => Number(reply.headers.get('retry-after'));

const expectWait = (reply: Reply<any>, seconds: number) => {
  expect(reply.status, reply.text).toBe(429);
  expect(retryAfterOf(reply)).toBe(seconds);
  const text = seconds === 1 ? 'om en sekund' : `om ${seconds} sekunder`;
  expect(reply.body).toEqual({ error: `För många inloggningsförsök. Försök igen ${text}.` });
  expect(reply.headers.getSetCookie().some((cookie) => cookie.startsWith('mello.sid='))).toBe(false);
};

describe('an attacker guessing one account from one address', () => {
  it('does not keep the owner out: after 20 attempts from the attacker, the owner signs in from another address at once', async () => {
    await new ApiClient(backend.url).register('agare@example.se', 'rätt-lösenord-1');
    const attacker = from('203.0.113.66');
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 20; attempt += 1) statuses.push((await attacker.login('agare@example.se', `gissning-${attempt}`)).status);
    // Three free failures, a fourth that sets a one-second wait, and refusals while it lasts.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(new Set(statuses.slice(4))).toEqual(new Set([429]));

    const owner = from('198.51.100.20');
    const signedIn = await owner.login('agare@example.se', 'rätt-lösenord-1');
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.email).toBe('agare@example.se');
    expect((await owner.client.get('/api/auth/user')).status).toBe(200);
  });

  it('the attacker address waits 1 s, 2 s, 4 s: each failure after a wait doubles the next, and the right password is not even checked meanwhile', async () => {
    const attacker = from('203.0.113.66');
    expectWait(await attacker.login('agare@example.se', 'rätt-lösenord-1'), 1);
    // The owner's success elsewhere did not clear the attacker's wait, and sitting it out buys one attempt each.
    wait(1000);
    expect((await attacker.login('agare@example.se', 'gissning-21')).status).toBe(401);
    expectWait(await attacker.login('agare@example.se', 'gissning-22'), 2);
    wait(1000);
    expectWait(await attacker.login('agare@example.se', 'gissning-22'), 1);
    wait(1000);
    expect((await attacker.login('agare@example.se', 'gissning-23')).status).toBe(401);
    expectWait(await attacker.login('agare@example.se', 'rätt-lösenord-1'), 4);
  });

  it('a success clears the wait of that (account, address) only', async () => {
    await new ApiClient(backend.url).register('glomsk@example.se', 'rätt-lösenord-2');
    const forgetful = from('198.51.100.30');
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await forgetful.login('glomsk@example.se', `fel-${attempt}`)).status).toBe(401);
    expectWait(await forgetful.login('glomsk@example.se', 'rätt-lösenord-2'), 1);
    wait(1000);
    expect((await forgetful.login('glomsk@example.se', 'rätt-lösenord-2')).status).toBe(200);
    // Afresh: three free failures again.
    for (let attempt = 5; attempt <= 7; attempt += 1) expect((await forgetful.login('glomsk@example.se', `fel-${attempt}`)).status).toBe(401);
    expect((await forgetful.login('glomsk@example.se', 'rätt-lösenord-2')).status).toBe(200);
  });
});

describe('a guess spread over many addresses', () => {
  it('over the account-wide ceiling every failing address waits after its first failure; the owner still signs in', async () => {
    await new ApiClient(backend.url).register('mal@example.se', 'rätt-lösenord-3');
    // 8 addresses, one failure each: all within their free failures and within the ceiling.
    for (let i = 1; i <= 8; i += 1) expect((await from(`192.0.2.${i}`).login('mal@example.se', `gissning-${i}`)).status, `address ${i}`).toBe(401);
    // The 9th failure on the account is over the ceiling: its address must wait before trying again.
    const late = from('192.0.2.9');
    expect((await late.login('mal@example.se', 'gissning-9')).status).toBe(401);
    expectWait(await late.login('mal@example.se', 'gissning-10'), 1);
    // The owner, from an address without failures, is not slowed at all.
    expect((await from('198.51.100.40').login('mal@example.se', 'rätt-lösenord-3')).status).toBe(200);
  });
});
