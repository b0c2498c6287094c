import { TYPING_SIGNED_OUT_MESSAGE, type NotificationsUnread } from '@mello/contracts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidOf } from '../auth/auth-test-kit';
import { ApiClient, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, nextPresence, watchPost, type LiveClient } from '../../test/live-client';

/**
 * A socket acts for the session its handshake found: when that session ends (logout, a sign-in over it, its
 * expiry), the socket's connection is closed wherever it is (so a browser reconnects as what its cookie is now),
 * and the old cookie opens only a visitor's socket.
 */
let first: TestBackend;
let second: TestBackend;
let author: ApiClient;
const sockets: LiveClient[] = [];

const open = async (backend: TestBackend, cookie?: string) => {
  const socket = await connectLive(backend.url, cookie ? { cookie } : {});
  sockets.push(socket);
  return socket;
};

/** The reason of the socket's next disconnect, or a failure naming what did not happen. */
const disconnected = (socket: LiveClient, timeoutMs = 10_000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket was still connected ${timeoutMs} ms later`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const emitTyping = (socket: LiveClient, postId: string) => new Promise((resolve) => socket.emit('forum:typing', postId, true, resolve));

const newPost = async (by: ApiClient, title: string) => {
  const reply = await by.post('/api/forum/posts', { title, content: 'Finns det någon inspelning bevarad?' });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { id: string };
};

const registered = async (backend: TestBackend, email: string, firstName: string) => {
  const client = new ApiClient(backend.url);
  expect((await client.register(email, 'member-password-1', { firstName, lastName: 'Test' })).status).toBe(201);
  return client;
};

/** Rechecks that never come within a test: what ends a socket here is the message of the session's end. */
const NO_RECHECK = { sessionRecheckMs: 60 * 60 * 1000 };

beforeAll(async () => {
  first = await startTestBackend({}, { backend: NO_RECHECK });
  // A second API process on the same database: the adapter joins the two.
  second = await startTestBackend({}, { database: { uri: first.databaseUri }, backend: NO_RECHECK });
  author = await registered(first, 'ante@example.se', 'Ante');
}, 90_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await second?.stop();
  await first?.stop();
});

describe('a socket ends with its session', () => {
  it('after logout the socket stops typing as the member, is closed, and the old cookie opens a visitor: typing refused, no unread counts', async () => {
    const bob = await registered(first, 'bob@example.se', 'Bob');
    const post = await newPost(bob, 'Bobs inlägg');
    const reader = await open(first);
    await watchPost(reader, post.id);
    const cookie = bob.cookieHeader;
    const socket = await open(first, cookie);
    await watchPost(socket, post.id);
    const typing = nextPresence(reader, (p) => p.typing.includes('Bob Test'));
    expect(await emitTyping(socket, post.id)).toEqual({ ok: true, value: null });
    await typing;

    const gone = disconnected(socket);
    const stoppedTyping = nextPresence(reader, (p) => p.readers === 1 && p.typing.length === 0);
    expect((await bob.post('/api/auth/logout')).status).toBe(200);
    expect((await bob.get('/api/auth/user')).status).toBe(401);
    // Closed without Socket.IO's disconnect packet, so a browser's client reconnects by itself.
    expect(await gone).toBe('transport close');
    await stoppedTyping;

    const again = await open(first, cookie);
    await watchPost(again, post.id);
    expect(await emitTyping(again, post.id)).toEqual({ ok: false, error: TYPING_SIGNED_OUT_MESSAGE });

    // A reply to Bob's post notifies Bob: his new session's socket hears the count, the old cookie's does not.
    const unheard: number[] = [];
    again.on('notifications:unread', ({ unread }: NotificationsUnread) => unheard.push(unread));
    await bob.login('bob@example.se', 'member-password-1');
    const signedIn = await open(first, bob.cookieHeader);
    const heard = new Promise<number>((resolve) => signedIn.once('notifications:unread', ({ unread }: NotificationsUnread) => resolve(unread)));
    expect((await author.post(`/api/forum/posts/${post.id}/replies`, { content: 'Jag har den!' })).status).toBe(201);
    expect(await heard).toBe(1);
    await first.runner.catchUp();
    expect(unheard).toEqual([]);
  });

  it('a logout through one API process closes the session’s sockets on the other', async () => {
    const cecilia = await registered(first, 'cecilia@example.se', 'Cecilia');
    const post = await newPost(author, 'Två processer, en utloggning');
    const cookie = cecilia.cookieHeader;
    const onSecond = await open(second, cookie);
    const onFirst = await open(first, cookie);
    await watchPost(onSecond, post.id);
    // Her session in another browser stays.
    const elsewhere = new ApiClient(first.url);
    expect((await elsewhere.login('cecilia@example.se', 'member-password-1')).status).toBe(200);
    const bystander = await open(second, elsewhere.cookieHeader);
    await watchPost(bystander, post.id);

    const goneSecond = disconnected(onSecond);
    const goneFirst = disconnected(onFirst);
    expect((await cecilia.post('/api/auth/logout')).status).toBe(200);
    expect(await goneSecond).toBe('transport close');
    expect(await goneFirst).toBe('transport close');
    expect(bystander.connected).toBe(true);
    expect(await emitTyping(bystander, post.id)).toEqual({ ok: true, value: null });

    const again = await open(second, cookie);
    await watchPost(again, post.id);
    expect(await emitTyping(again, post.id)).toEqual({ ok: false, error: TYPING_SIGNED_OUT_MESSAGE });
  });

  it('signing in as someone else in the same browser ends the old session’s sockets', async () => {
    const dan = await registered(first, 'dan@example.se', 'Dan');
    await registered(first, 'eva@example.se', 'Eva');
    const socket = await open(second, dan.cookieHeader);
    const gone = disconnected(socket);
    // The same cookie jar: the sign-in regenerates the session, and Dan's id ends.
    expect((await dan.login('eva@example.se', 'member-password-1')).status).toBe(200);
    expect(await gone).toBe('transport close');
  });
});

// Long enough for a sign-in and a handshake on a loaded machine, short enough to wait out (session-expiry.int.test.ts).
const MAX_AGE_MS = 4000;
const RECHECK_MS = 500;

describe(`a socket ends when its session expires (SESSION_MAX_AGE_MS=${MAX_AGE_MS})`, () => {
  let shortLived: TestBackend;
  beforeAll(async () => {
    shortLived = await startTestBackend({ SESSION_MAX_AGE_MS: String(MAX_AGE_MS) }, { backend: { sessionRecheckMs: RECHECK_MS } });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  it(`is closed by the recheck (every ${RECHECK_MS} ms here) after its expiry, and the cookie then opens a visitor`, async () => {
    const member = await registered(shortLived, 'kort@example.se', 'Kort');
    const cookie = member.cookieHeader;
    const post = await newPost(member, 'Kortlivat');
    const socket = await open(shortLived, cookie);
    await watchPost(socket, post.id);
    expect(await emitTyping(socket, post.id)).toEqual({ ok: true, value: null });

    expect(await disconnected(socket, MAX_AGE_MS + 5000)).toBe('transport close');
    const expired = await shortLived.pool.oneFirst(sql.unsafe`SELECT expire <= now() FROM public.sessions WHERE sid = ${sidOf(member)!}`);
    expect(expired).toBe(true);

    const again = await open(shortLived, cookie);
    await watchPost(again, post.id);
    expect(await emitTyping(again, post.id)).toEqual({ ok: false, error: TYPING_SIGNED_OUT_MESSAGE });
  }, 20_000);
});
