import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, type Reply, type TestBackend } from '../../test/harness';

/**
 * Whose X-Forwarded-For counts (TRUST_PROXY, trust-proxy.ts), seen through the per-address sign-in limit
 * (RATE_LIMIT_LOGIN_PER_IP=3): the test process is the socket peer (127.0.0.1) of every request.
 */
let backend: TestBackend | undefined;
afterEach(async () => {
  await backend?.stop();
  backend = undefined;
});

const start = async (env: Record<string, string>) => {
  backend = await startTestBackend({ RATE_LIMIT_LOGIN_PER_IP: '3', ...env });
  return backend;
};

const randomAddress = () => `${randomInt(1, 224)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const attempt = (forwardedFor?: string): Promise<Reply<any>> =>
  new ApiClient(backend!.url).post(
    '/api/auth/login',
    { email: `okand-${randomInt(1e9)}@example.se`, password: 'vad-som-helst' },
    forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  );

const expectPerIpRefusal = (reply: Reply<any>) => {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.body).toEqual({ error: 'För många inloggningsförsök. Försök igen om 15 minuter.' });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
};

describe('TRUST_PROXY', () => {
  it('unset, in production too: a fresh random X-Forwarded-For on every request does not escape the per-address limit', async () => {
    await start({ NODE_ENV: 'production' });
    for (let i = 1; i <= 3; i += 1) expect((await attempt(randomAddress())).status, `attempt ${i}`).toBe(401);
    expectPerIpRefusal(await attempt(randomAddress()));
    expectPerIpRefusal(await attempt(`${randomAddress()}, ${randomAddress()}`));
  });

  it('1 (one proxy in front): the address it appended is the client, so each client address has its own budget', async () => {
    await start({ TRUST_PROXY: '1' });
    for (let i = 1; i <= 3; i += 1) expect((await attempt('198.51.100.7')).status, `attempt ${i}`).toBe(401);
    expectPerIpRefusal(await attempt('198.51.100.7'));
    // What the client itself put in front of the proxy's entry changes nothing.
    expectPerIpRefusal(await attempt(`${randomAddress()}, 198.51.100.7`));
    // Another client behind the same proxy is not refused.
    expect((await attempt('198.51.100.8')).status).toBe(401);
  });

  it('a list: the header of a peer outside it is ignored, in production too', async () => {
    await start({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.0/8,192.0.2.1' });
    for (let i = 1; i <= 3; i += 1) expect((await attempt(randomAddress())).status, `attempt ${i}`).toBe(401);
    expectPerIpRefusal(await attempt(randomAddress()));
  });

  it('a list with the peer in it: the client is the rightmost address no trusted proxy vouches for', async () => {
    await start({ TRUST_PROXY: 'loopback,10.0.0.0/8' });
    for (let i = 1; i <= 3; i += 1) expect((await attempt(`${randomAddress()}, 198.51.100.7, 10.0.0.4`)).status, `attempt ${i}`).toBe(401);
    expectPerIpRefusal(await attempt(`${randomAddress()}, 198.51.100.7`));
    expect((await attempt('198.51.100.8, 10.0.0.4')).status).toBe(401);
  });

  it('an https PUBLIC_ORIGIN without a trusted proxy still signs in, with a Secure session cookie', async () => {
    await start({ PUBLIC_ORIGIN: 'https://melloarkivet.example' });
    const client = new ApiClient(backend!.url);
    await client.register('saker@example.se', 'member-password-1');
    const reply = await new ApiClient(backend!.url).post('/api/auth/login', { email: 'saker@example.se', password: 'member-password-1' });
    expect(reply.status, reply.text).toBe(200);
    const cookie = reply.headers.getSetCookie().find((line) => line.startsWith('mello.sid='));
    expect(cookie).toMatch(/; secure/i);
  });
});
