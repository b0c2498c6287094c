import { randomUUID } from 'node:crypto';
import {
  FORUM_LIVE_EVENTS,
  FORUM_WATCHED_POSTS_MAX,
  FORUM_WATCHED_POSTS_MAX_MESSAGE,
  LIVE_SERVER_ERROR_MESSAGE,
  LIVE_TOO_MANY_PENDING_MESSAGE,
  LIVE_UNKNOWN_EVENT_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
} from '@mello/contracts';
import { LIVE_SCHEMA } from '@mello/projections';
import { sql } from 'slonik';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, nextPresence, recordChanges, watchPost, type LiveClient } from '../../test/live-client';
import { LIVE_MAX_PENDING_REQUESTS } from './live-requests';
import { LIVE_MAX_MESSAGE_BYTES } from './socket-server';

/**
 * Hostile input over the real socket.io-client: every event the contract defines (and some it does not), with
 * every wrong shape, from a visitor and from a member. Afterwards the same server must still answer HTTP and a
 * fresh socket must still see a post change.
 */
let backend: TestBackend;
let member: ApiClient;
let post: { id: string };
const logs: string[] = [];
const sockets: LiveClient[] = [];

type Answer = { ok: true; value: unknown } | { ok: false; error: string };
/** The socket without the contract's types: a hostile client sends whatever it likes. */
const raw = (socket: LiveClient) => socket as unknown as Socket;
const ask = (socket: LiveClient, event: string, ...args: unknown[]) =>
  new Promise<Answer>((resolve) => raw(socket).emit(event, ...args, (answer: Answer) => resolve(answer)));
const disconnected = (socket: LiveClient) => new Promise<string>((resolve) => (socket.connected ? socket.once('disconnect', resolve) : resolve('already')));

const open = async (cookie?: string) => {
  const socket = await connectLive(backend.url, { cookie });
  sockets.push(socket);
  return socket;
};
const newPost = async (title: string) => {
  const reply = await member.post('/api/forum/posts', { title, content: 'Finns det någon inspelning bevarad?', category: 'lost-media' });
  expect(reply.status).toBe(201);
  return reply.body as { id: string };
};
const nested = (depth: number): unknown => {
  let value: unknown = 'botten';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

beforeAll(async () => {
  backend = await startTestBackend({}, { backend: { log: (message) => logs.push(message) } });
  member = new ApiClient(backend.url);
  await member.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
  post = await newPost('Saknas: finalen 1962 i färg');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await backend?.stop();
});

/** Argument lists that match no event's contract: wrong types, null, objects, arrays, deep nesting, too many. */
const invalidForEveryEvent = () => {
  const nonFunctions = ['x', 1, null, {}, [], true];
  return [
    [null],
    [42],
    [{}],
    [[]],
    ['inte-ett-id'],
    [{ scope: 'post', postId: 42 }],
    [{ scope: 'post' }],
    [{ scope: 'överallt' }],
    [{ scope: { scope: 'list' } }],
    [JSON.parse('{"__proto__":{"scope":"list"}}')],
    [nested(1500)],
    [post.id, nested(1500)],
    [post.id, 'ja', 'och', 'mer'],
    ['x'.repeat(2000)],
    // A value that is not a function where an acknowledgement could be, in every position.
    ...nonFunctions.flatMap((notAck) => [
      [notAck, notAck],
      [post.id, notAck],
      [post.id, true, notAck],
      [{ scope: 'list' }, notAck],
      [{ scope: 'post', postId: post.id }, notAck],
    ]),
  ];
};

describe('hostile Socket.IO input', () => {
  it('derives its events from the contract', () => {
    expect(FORUM_LIVE_EVENTS).toEqual([
      'forum:watch-list',
      'forum:unwatch-list',
      'forum:watch-post',
      'forum:unwatch-post',
      'forum:typing',
      'forum:resync',
      'moderation:watch',
      'drift:watch',
    ]);
  });

  for (const who of ['a visitor', 'a member'] as const) {
    it(`${who}: every event with every wrong shape is refused in Swedish, never kills the process, and the socket stays usable`, async () => {
      const socket = await open(who === 'a member' ? member.cookieHeader : undefined);
      const unknownEvents = ['forum:finns-inte', 'error', 'forum:change', 'toString', '__proto__', 'constructor', 'hasOwnProperty'];
      const nonFunctions = ['x', 1, null, {}, [], true];
      for (const event of [...FORUM_LIVE_EVENTS, ...unknownEvents]) {
        const known = (FORUM_LIVE_EVENTS as string[]).includes(event);
        // Without an acknowledgement (where a non-function 'ack' killed the process), then asking for one.
        for (const args of [[], ...invalidForEveryEvent(), ...nonFunctions.map((notAck) => [notAck])]) raw(socket).emit(event, ...args);
        for (const args of invalidForEveryEvent()) {
          const answer = await ask(socket, event, ...args);
          expect(answer, `${event} ${JSON.stringify(args).slice(0, 80)}`).toEqual({ ok: false, error: expect.any(String) });
          if (answer.ok) continue;
          // Swedish, not zod's English.
          expect(answer.error).not.toMatch(/Expected|Invalid|Required|received/);
          if (!known) expect(answer.error).toBe(LIVE_UNKNOWN_EVENT_MESSAGE);
        }
      }
      // A request after all of that is still answered on the same socket (so every message before it was handled).
      expect(await watchPost(socket, post.id)).toMatchObject({ postId: post.id });
      expect(socket.connected).toBe(true);
      // The refusals name the problem.
      expect(await ask(socket, 'forum:watch-post')).toEqual({ ok: false, error: 'Fel antal argument: väntade 1, fick 0' });
      expect(await ask(socket, 'forum:watch-post', 42)).toEqual({ ok: false, error: 'Inläggets id måste vara text' });
      expect(await ask(socket, 'forum:watch-post', 'inte-ett-id')).toEqual({ ok: false, error: POST_NOT_FOUND_MESSAGE });
      expect(await ask(socket, 'forum:typing', post.id, 'ja')).toEqual({ ok: false, error: 'Ange true eller false' });
      expect(await ask(socket, 'forum:resync', { scope: 'överallt' })).toEqual({ ok: false, error: expect.stringContaining('scope') });
    });
  }

  it('a message over the size limit, a 1 MB string or a malformed packet closes only that socket', async () => {
    const oversized = [
      ['forum:watch-post', 'x'.repeat(LIVE_MAX_MESSAGE_BYTES + 1)],
      ['forum:watch-post', 'x'.repeat(1_000_000)],
      ['forum:resync', { scope: 'post', postId: post.id, extra: 'x'.repeat(100_000) }],
    ] as const;
    for (const [event, arg] of oversized) {
      const socket = await open(member.cookieHeader);
      // Either the server reads it and answers, or the connection closes first.
      const outcome = await Promise.race([disconnected(socket).then(() => 'closed'), ask(socket, event, arg).then(() => 'answered')]);
      expect(outcome).toBe('closed');
    }
    // Raw Socket.IO packets, as a client that does not use socket.io-client could send them (socket.io-client
    // itself overflows its stack encoding a deeply nested value).
    const deep = (depth: number) => `2["forum:resync",${'['.repeat(depth)}${']'.repeat(depth)}]`;
    const packets = [
      { packet: '2["forum:watch-list"', closes: true },
      { packet: '2{"forum:watch-list":1}', closes: true },
      { packet: '2["disconnecting"]', closes: true },
      { packet: '9', closes: true },
      { packet: deep(100_000), closes: true },
      { packet: deep(2000), closes: false },
      { packet: '2[1,"x"]', closes: false },
    ];
    for (const { packet, closes } of packets) {
      const socket = await open();
      const closed = disconnected(socket);
      socket.io.engine.send(packet);
      if (closes) {
        expect(await closed).toMatch(/^transport (close|error)$/);
      } else {
        // Ignored or refused, and the socket still answers.
        expect(await watchPost(socket, post.id)).toMatchObject({ postId: post.id });
        socket.disconnect();
      }
    }
  });

  it('a handler that fails answers, closes that socket only, and is logged once with its stack, then only counted', async () => {
    // A real fault: the read model a watch looks posts up in is gone for a moment.
    const posts = sql.identifier([LIVE_SCHEMA, 'forum_posts']);
    await backend.pool.query(sql.unsafe`ALTER TABLE ${posts} RENAME TO forum_posts_away`);
    try {
      for (let i = 0; i < 4; i++) {
        const socket = await open();
        const closed = disconnected(socket);
        expect(await ask(socket, 'forum:watch-post', post.id)).toEqual({ ok: false, error: LIVE_SERVER_ERROR_MESSAGE });
        expect(await closed).toBe('io server disconnect');
      }
      const bystander = await open();
      expect(await ask(bystander, 'forum:watch-list')).toEqual({ ok: true, value: null });
    } finally {
      await backend.pool.query(sql.unsafe`ALTER TABLE ${sql.identifier([LIVE_SCHEMA, 'forum_posts_away'])} RENAME TO forum_posts`);
    }
    const failures = logs.filter((line) => line.startsWith('live: forum:watch-post'));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toMatch(/forum_posts.*\n.*\n\s+at /s);
    expect(failures.slice(1)).toEqual([expect.stringMatching(/\(2 times\)$/), expect.stringMatching(/\(4 times\)$/)]);
    expect(failures.slice(1).join('')).not.toContain('\n');
  });

  it('a long-polling client sending many of the largest legitimate messages at once has each answered (its batches fit the limit)', async () => {
    const socket = await connectLive(backend.url, { transport: 'polling' });
    sockets.push(socket);
    // A reconnecting tab re-joins and resyncs everything it watches in one go; together far over the limit.
    const answers = await Promise.all(Array.from({ length: 100 }, () => ask(socket, 'forum:resync', { scope: 'post', postId: post.id })));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(socket.io.engine.transport.name).toBe('polling');
  });

  it(`a flood of valid messages queues at most ${LIVE_MAX_PENDING_REQUESTS} per socket; the rest are refused and the socket stays usable`, async () => {
    const socket = await open();
    // Each resync reads the post and its replies: they arrive far faster than they are answered.
    const answers = await Promise.all(
      Array.from({ length: 4 * LIVE_MAX_PENDING_REQUESTS }, () => ask(socket, 'forum:resync', { scope: 'post', postId: post.id })),
    );
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((answer) => (answer.ok ? null : answer.error)))).toEqual(new Set([LIVE_TOO_MANY_PENDING_MESSAGE]));
    expect(answers.filter((answer) => answer.ok).length).toBeGreaterThanOrEqual(LIVE_MAX_PENDING_REQUESTS);
    expect(await ask(socket, 'forum:watch-post', post.id)).toMatchObject({ ok: true });
  });

  it('afterwards the same server still answers HTTP, and a fresh socket watches a post and sees its change', async () => {
    const health = await fetch(`${backend.url}/healthz`);
    expect(health.status).toBe(200);
    const api = await member.get(`/api/forum/posts/${post.id}`);
    expect(api.status).toBe(200);
    const watcher = await open();
    const changes = recordChanges(watcher);
    await watchPost(watcher, post.id);
    const reply = await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Fortfarande här' });
    expect(await changes.next('reply-created', (c) => c.reply.id === reply.body.id)).toMatchObject({ reply: { content: 'Fortfarande här' } });
  });
});

describe('rooms a socket may join', () => {
  const posts: Array<{ id: string }> = [];
  beforeAll(async () => {
    for (let i = 0; i <= FORUM_WATCHED_POSTS_MAX; i++) posts.push(await newPost(`Inlägg nummer ${i + 1}`));
  });

  it('refuses a post that does not exist or was deleted, and joins no room for it', async () => {
    const socket = await open();
    for (let i = 0; i < 500; i++) expect(await ask(socket, 'forum:watch-post', randomUUID())).toEqual({ ok: false, error: POST_NOT_FOUND_MESSAGE });
    const deleted = await newPost('Raderas strax');
    const admin = await adminClient(backend);
    expect((await admin.delete(`/api/forum/posts/${deleted.id}`)).status).toBeLessThan(300);
    expect(await ask(socket, 'forum:watch-post', deleted.id)).toEqual({ ok: false, error: POST_NOT_FOUND_MESSAGE });
    // None of the refused ones took a place: the socket can still watch as many real posts as the cap allows.
    for (const { id } of posts.slice(0, FORUM_WATCHED_POSTS_MAX)) expect(await ask(socket, 'forum:watch-post', id)).toMatchObject({ ok: true });
    socket.disconnect();
  });

  it(`refuses a post over the cap of ${FORUM_WATCHED_POSTS_MAX} at once and joins nothing; watching again what it watches is no new room`, async () => {
    const socket = await open();
    for (const { id } of posts.slice(0, FORUM_WATCHED_POSTS_MAX)) expect(await ask(socket, 'forum:watch-post', id)).toMatchObject({ ok: true });
    const over = posts[FORUM_WATCHED_POSTS_MAX]!.id;
    expect(await ask(socket, 'forum:watch-post', over)).toEqual({ ok: false, error: FORUM_WATCHED_POSTS_MAX_MESSAGE });
    expect(await ask(socket, 'forum:watch-post', posts[0]!.id)).toMatchObject({ ok: true, value: { readers: 1 } });
    // Another reader of the refused post is alone there: the capped socket did not join.
    const other = await open();
    expect((await watchPost(other, over)).readers).toBe(1);
    // Leaving one makes room for another.
    expect(await ask(socket, 'forum:unwatch-post', posts[0]!.id)).toEqual({ ok: true, value: null });
    const joined = nextPresence(other, (p) => p.readers === 2);
    expect(await ask(socket, 'forum:watch-post', over)).toMatchObject({ ok: true, value: { postId: over } });
    await joined;
    socket.disconnect();
    other.disconnect();
  });

  it("a socket's messages are handled in the order sent: an unwatch right after a watch leaves it out of the room", async () => {
    const socket = await open();
    const target = posts[0]!.id;
    // Not awaited: the watch looks the post up in the database, the unwatch needs nothing.
    socket.emit('forum:watch-post', target);
    const left = ask(socket, 'forum:unwatch-post', target);
    expect(await left).toEqual({ ok: true, value: null });
    const other = await open();
    expect((await watchPost(other, target)).readers).toBe(1);
    socket.disconnect();
    other.disconnect();
  });

  it('a client watching and unwatching many posts in sequence is never refused', async () => {
    const socket = await open(member.cookieHeader);
    for (let round = 0; round < 3; round++) {
      for (const [i, { id }] of posts.entries()) {
        expect(await ask(socket, 'forum:watch-post', id)).toMatchObject({ ok: true, value: { postId: id } });
        // A tab briefly watches the post it left beside the one it opened.
        if (i > 0) expect(await ask(socket, 'forum:unwatch-post', posts[i - 1]!.id)).toEqual({ ok: true, value: null });
      }
      expect(await ask(socket, 'forum:unwatch-post', posts.at(-1)!.id)).toEqual({ ok: true, value: null });
    }
    socket.disconnect();
  });
});
