import { LIVE_TOO_MANY_CONNECTIONS_MESSAGE } from '@mello/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, type LiveClient } from '../../test/live-client';

/** One address holds at most RATE_LIMIT_SOCKETS_PER_ADDRESS live connections at once; a forged header gives it no more. */
let backend: TestBackend;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  backend = await startTestBackend({ RATE_LIMIT_SOCKETS_PER_ADDRESS: '3' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await backend?.stop();
});

/** The connect_error a handshake ends with, or 'connected'. */
const attempt = (headers: Record<string, string> = {}) =>
  new Promise<string>((resolve) => {
    const socket = io(backend.url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { origin: backend.url, ...headers } });
    socket.once('connect', () => {
      sockets.push(socket as LiveClient);
      resolve('connected');
    });
    socket.once('connect_error', (error) => resolve(error.message));
  });

describe('live connections per address', () => {
  it('refuses one more than the limit in Swedish, whatever X-Forwarded-For says, and takes one again once a place is free', async () => {
    for (let i = 0; i < 3; i++) sockets.push(await connectLive(backend.url));
    expect(await attempt()).toBe(LIVE_TOO_MANY_CONNECTIONS_MESSAGE);
    // No proxy is trusted: the header is the client's own word, not another address.
    expect(await attempt({ 'x-forwarded-for': '203.0.113.7' })).toBe(LIVE_TOO_MANY_CONNECTIONS_MESSAGE);
    // Refused handshakes hold no place, and HTTP still answers.
    expect((await new ApiClient(backend.url).get('/api/years')).status).toBe(200);

    const leaving = sockets.shift()!;
    const gone = new Promise((resolve) => leaving.once('disconnect', resolve));
    leaving.disconnect();
    await gone;
    await expect.poll(() => attempt(), { timeout: 5000 }).toBe('connected');
    expect(await attempt()).toBe(LIVE_TOO_MANY_CONNECTIONS_MESSAGE);
  });
});
