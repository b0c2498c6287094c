import { TYPING_SIGNED_OUT_MESSAGE, type ForumResync } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, nextPresence, recordChanges, watchList, watchPost, type LiveClient } from '../../test/live-client';

let backend: TestBackend;
let admin: ApiClient;
let author: ApiClient;
let member: ApiClient;
const sockets: LiveClient[] = [];

const open = async (options: Parameters<typeof connectLive>[1] = {}) => {
  const socket = await connectLive(backend.url, options);
  sockets.push(socket);
  return socket;
};

const newPost = async (title = 'Saknas: finalen 1962 i färg') => {
  const reply = await author.post('/api/forum/posts', { title, content: 'Finns det någon inspelning bevarad?', category: 'lost-media' });
  expect(reply.status).toBe(201);
  return reply.body as { id: string };
};

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  author = new ApiClient(backend.url);
  await author.register('ante@example.se', 'member-password-1', { firstName: 'Ante', lastName: 'Author' });
  member = new ApiClient(backend.url);
  await member.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await backend?.stop();
});

describe('live forum over Socket.IO', () => {
  it("a second client sees a first client's reply, like count and deletions, each after the read model has it", async () => {
    const post = await newPost();
    const watcher = await open({ cookie: author.cookieHeader });
    const changes = recordChanges(watcher);
    await watchPost(watcher, post.id);

    const reply = await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Jag vet var den finns!' });
    const created = await changes.next('reply-created', (c) => c.reply.id === reply.body.id);
    expect(created).toMatchObject({ reply: { content: 'Jag vet var den finns!', authorName: 'Mia Medlem', postId: post.id }, repliesCount: 1 });
    expect(created.position).toEqual(expect.any(String));

    await member.post(`/api/forum/posts/${post.id}/like`);
    expect(await changes.next('post-likes', (c) => c.postId === post.id)).toMatchObject({ likes: 1 });

    await author.post(`/api/forum/replies/${reply.body.id}/like`);
    expect(await changes.next('reply-likes', (c) => c.replyId === reply.body.id)).toMatchObject({ likes: 1, postId: post.id });

    await admin.delete(`/api/forum/replies/${reply.body.id}`);
    expect(await changes.next('reply-deleted', (c) => c.replyId === reply.body.id)).toMatchObject({ postId: post.id, repliesCount: 0 });

    await author.put(`/api/forum/posts/${post.id}`, { status: 'solved' });
    expect(await changes.next('post-updated', (c) => c.post.id === post.id)).toMatchObject({ post: { status: 'solved', likes: 1 } });

    await admin.delete(`/api/forum/posts/${post.id}`);
    await changes.next('post-deleted', (c) => c.postId === post.id);
  });

  it('a visitor watching the list sees new posts; messages of posts they do not watch stay out of their socket', async () => {
    const visitor = await open();
    const changes = recordChanges(visitor);
    await watchList(visitor);
    const post = await newPost('Nytt inlägg i listan');
    expect(await changes.next('post-created', (c) => c.post.id === post.id)).toMatchObject({
      post: { title: 'Nytt inlägg i listan', authorName: 'Ante Author' },
    });
    // Reply likes belong to a post's page only.
    const reply = await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Svar' });
    await author.post(`/api/forum/replies/${reply.body.id}/like`);
    await changes.next('reply-created', (c) => c.reply.id === reply.body.id);
    await backend.runner.catchUp();
    expect(changes.seen.some((c) => c.kind === 'reply-likes')).toBe(false);
  });

  it('authenticates with the session cookie: readers are counted and a signed-in reader typing is shown by name; a visitor cannot type', async () => {
    const post = await newPost('Vem skriver?');
    const reader = await open({ cookie: author.cookieHeader });
    expect((await watchPost(reader, post.id)).readers).toBe(1);
    const typist = await open({ cookie: member.cookieHeader });
    const seenByReader = nextPresence(reader, (p) => p.readers === 2);
    await watchPost(typist, post.id);
    await seenByReader;

    const typing = nextPresence(reader, (p) => p.typing.length > 0);
    typist.emit('forum:typing', post.id, true);
    expect((await typing).typing).toEqual(['Mia Medlem']);
    const stopped = nextPresence(reader, (p) => p.typing.length === 0);
    typist.emit('forum:typing', post.id, false);
    await stopped;

    const visitor = await open({ cookie: 'mello.sid=forged; mello.sid.sig=forged' });
    const three = nextPresence(reader, (p) => p.readers === 3);
    await watchPost(visitor, post.id);
    await three;
    const refused = await new Promise((resolve) => visitor.emit('forum:typing', post.id, true, resolve));
    expect(refused).toEqual({ ok: false, error: TYPING_SIGNED_OUT_MESSAGE });

    const left = nextPresence(reader, (p) => p.readers === 2);
    visitor.disconnect();
    await left;
  });

  it('a post watched by its id in upper case is the same room: its changes arrive, its readers are counted together, and typing there works', async () => {
    const post = await newPost('Versaler i id:t');
    const upper = post.id.toUpperCase();
    expect((await member.get(`/api/forum/posts/${upper}`)).status).toBe(200);
    const lower = await open({ cookie: author.cookieHeader });
    expect((await watchPost(lower, post.id)).readers).toBe(1);
    const shouted = await open({ cookie: member.cookieHeader });
    const changes = recordChanges(shouted);
    const seenByLower = nextPresence(lower, (p) => p.readers === 2);
    expect(await watchPost(shouted, upper)).toMatchObject({ postId: post.id, readers: 2 });
    await seenByLower;

    const typing = nextPresence(lower, (p) => p.typing.length > 0);
    expect(await new Promise((resolve) => shouted.emit('forum:typing', upper, true, resolve))).toEqual({ ok: true, value: null });
    expect((await typing).typing).toEqual(['Mia Medlem']);

    const reply = await author.post(`/api/forum/posts/${post.id}/replies`, { content: 'Hörs det i versalrummet?' });
    expect((await changes.next('reply-created', (c) => c.reply.id === reply.body.id)).repliesCount).toBe(1);

    // Leaving by the upper-case id leaves the one room too.
    const left = nextPresence(lower, (p) => p.readers === 1);
    expect(await new Promise((resolve) => shouted.emit('forum:unwatch-post', upper, resolve))).toEqual({ ok: true, value: null });
    expect((await left).typing).toEqual([]);
  });

  it('refuses a handshake from another site', async () => {
    await expect(connectLive(backend.url, { origin: 'https://evil.example', cookie: member.cookieHeader })).rejects.toThrow();
  });

  it('a client that missed messages while disconnected catches up with a resync from where it was', async () => {
    const post = await newPost('Återanslutning');
    const first = await open({ cookie: member.cookieHeader });
    await watchPost(first, post.id);
    first.disconnect();

    const missed = await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Skrivet medan du var borta' });
    await admin.post(`/api/forum/posts/${post.id}/like`);

    const again = await open({ cookie: member.cookieHeader });
    await watchPost(again, post.id);
    const resync = await new Promise<ForumResync>((resolve, reject) =>
      again.emit('forum:resync', { scope: 'post', postId: post.id }, (answer) => (answer.ok ? resolve(answer.value) : reject(new Error(answer.error)))),
    );
    expect(resync).toMatchObject({ scope: 'post', post: { id: post.id, likes: 1, repliesCount: 1 } });
    if (resync.scope !== 'post') throw new Error('wrong scope');
    expect(resync.replies.map((reply) => reply.id)).toEqual([missed.body.id]);
    expect(resync.position).toEqual(expect.any(String));

    const list = await new Promise<ForumResync>((resolve, reject) =>
      again.emit('forum:resync', { scope: 'list' }, (answer) => (answer.ok ? resolve(answer.value) : reject(new Error(answer.error)))),
    );
    expect(list.scope === 'list' && list.posts[0]!.id).toBe(post.id);
  });

  it("a resync answers as the socket's reader reads over HTTP: a hidden post's text and place in the list for the administrator only", async () => {
    const post = await newPost('Saknas: en dold efterlysning');
    expect((await admin.post(`/api/admin/moderation/posts/${post.id}`, { action: 'hide' })).status).toBe(200);
    const resyncOf = (socket: LiveClient, request: { scope: 'post'; postId: string } | { scope: 'list' }) =>
      new Promise<ForumResync>((resolve, reject) =>
        socket.emit('forum:resync', request, (answer) => (answer.ok ? resolve(answer.value) : reject(new Error(answer.error)))),
      );
    const asAdmin = await open({ cookie: admin.cookieHeader });
    const asMember = await open({ cookie: member.cookieHeader });

    expect(await resyncOf(asAdmin, { scope: 'post', postId: post.id })).toMatchObject({
      post: { id: post.id, content: 'Finns det någon inspelning bevarad?' },
    });
    expect(await resyncOf(asMember, { scope: 'post', postId: post.id })).toMatchObject({ post: { id: post.id, hidden: true, content: '' } });
    const listed = async (socket: LiveClient) => {
      const list = await resyncOf(socket, { scope: 'list' });
      return list.scope === 'list' && list.posts.some((item) => item.id === post.id);
    };
    expect(await listed(asAdmin)).toBe(true);
    expect(await listed(asMember)).toBe(false);
  });
});
