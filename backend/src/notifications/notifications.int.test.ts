import { LIVE_SCHEMA, allProjections, rebuildReadModels } from '@mello/projections';
import { HIDDEN_POST_NOTICE, HIDDEN_POST_TITLE, HIDDEN_REPLY_NOTICE, notificationText, type Notification, type NotificationsUnread } from '@mello/contracts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, adminClient, startTestBackend, type TestBackend, logHead } from '../../test/harness';
import { connectLive, type LiveClient } from '../../test/live-client';

/**
 * Notifications, mentions and watching over real HTTP and real socket.io-client connections: Anna writes posts,
 * Bo and Cecilia reply, like and mention; each member's socket must get only that member's unread counts.
 */
let backend: TestBackend;
let anna: ApiClient;
let bo: ApiClient;
let cecilia: ApiClient;
let dan: ApiClient;
const sockets: LiveClient[] = [];

/** Every unread count a socket received, and a wait for the next one that matches. */
function recordUnread(socket: LiveClient) {
  const seen: number[] = [];
  const waiters: Array<{ match: (unread: number) => boolean; resolve: () => void }> = [];
  socket.on('notifications:unread', ({ unread }: NotificationsUnread) => {
    seen.push(unread);
    for (const waiter of [...waiters]) {
      if (waiter.match(unread)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return {
    seen,
    /** Resolves at the first message from now on that matches (the test times out otherwise). */
    next: (match: (unread: number) => boolean) => new Promise<void>((resolve) => waiters.push({ match, resolve })),
  };
}

const open = async (client?: ApiClient) => {
  const socket = await connectLive(backend.url, client ? { cookie: client.cookieHeader } : {});
  sockets.push(socket);
  return socket;
};

const newPost = async (by: ApiClient, content = 'Finns det någon inspelning bevarad?') => {
  const reply = await by.post('/api/forum/posts', { title: 'Saknas: finalen 1962 i färg', content });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { id: string; mentions: unknown[] };
};
const replyTo = async (by: ApiClient, postId: string, content: string) => {
  const reply = await by.post(`/api/forum/posts/${postId}/replies`, { content });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { id: string; mentions: Array<{ userId: string; name: string }> };
};
const list = async (client: ApiClient) => {
  const reply = await client.get('/api/notifications');
  expect(reply.status, reply.text).toBe(200);
  return reply.body as { unread: number; items: Notification[] };
};
const about = async (client: ApiClient, postId: string) => (await list(client)).items.filter((n) => n.postId === postId);
const notificationRows = () =>
  backend.pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM ${sql.identifier([LIVE_SCHEMA, 'notifications'])}`);

beforeAll(async () => {
  // No flush of post views (an append every 5 s by default) inside the test that asserts it appended nothing.
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  anna = new ApiClient(backend.url);
  await anna.register('anna@example.se', 'member-password-1', { displayName: 'Anna Berg' });
  bo = new ApiClient(backend.url);
  await bo.register('bo@example.se', 'member-password-1', { displayName: 'Bo' });
  cecilia = new ApiClient(backend.url);
  await cecilia.register('cecilia@example.se', 'member-password-1', { displayName: 'Cecilia' });
  dan = new ApiClient(backend.url);
  await dan.register('dan@example.se', 'member-password-1', { displayName: 'Dan' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await backend?.stop();
});

describe('notifications', () => {
  it("B replies to A's post: A's socket gets the unread count live, C's and a visitor's never do", async () => {
    const annaLive = recordUnread(await open(anna));
    const ceciliaLive = recordUnread(await open(cecilia));
    const visitorLive = recordUnread(await open());
    const post = await newPost(anna);

    const annaTold = annaLive.next((unread) => unread === 1);
    const reply = await replyTo(bo, post.id, 'Jag har den på VHS!');
    await annaTold;
    const [notification] = await about(anna, post.id);
    expect(notification).toMatchObject({ kind: 'reply', postId: post.id, replyId: reply.id, actors: ['Bo'], actorCount: 1, read: false });
    expect(notification!.excerpt).toBe('Jag har den på VHS!');
    expect(notificationText(notification!)).toBe('Bo svarade på ditt inlägg «Saknas: finalen 1962 i färg»');
    expect(await about(cecilia, post.id)).toEqual([]);

    // Then something for Cecilia: her socket gets her own count, and got nothing before it (one socket's messages
    // arrive in the order they were sent, and Anna's was sent first).
    const ceciliaPost = await newPost(cecilia);
    const ceciliaTold = ceciliaLive.next(() => true);
    await replyTo(bo, ceciliaPost.id, 'Svar till Cecilia');
    await ceciliaTold;
    expect(ceciliaLive.seen).toEqual([1]);
    expect(visitorLive.seen).toEqual([]);
    expect(annaLive.seen).toEqual([1]);
  });

  it('a mention links the member and notifies them; a name nobody has stays plain text and notifies no one', async () => {
    const post = await newPost(cecilia);
    const reply = await replyTo(bo, post.id, 'Fråga @[anna berg], hon vet. Eller @Finnsinte.');
    expect(reply.mentions).toEqual([{ userId: expect.any(String), name: 'Anna Berg' }]);
    const [mention] = await about(anna, post.id);
    expect(mention).toMatchObject({ kind: 'mention', replyId: reply.id, actors: ['Bo'] });
    expect(notificationText(mention!)).toBe('Bo nämnde dig i «Saknas: finalen 1962 i färg»');

    const before = await notificationRows();
    const lonely = await newPost(dan, 'Hej @Finnsinte och @[Ingen Alls], vet ni något om detta?');
    expect(lonely.mentions).toEqual([]);
    const plain = await replyTo(dan, lonely.id, 'Ping @Finnsinte igen');
    expect(plain.mentions).toEqual([]);
    expect(await notificationRows()).toBe(before);
  });

  it("withholds what moderation hid: a hidden reply's or post's text is not in the notification about it, and comes back on restore", async () => {
    const admin = await adminClient(backend);
    const post = await newPost(cecilia);
    const reply = await replyTo(bo, post.id, 'Till @[anna berg]: HEMLIGTSVAR som moderatorn döljer.');
    const mentioned = await newPost(dan, 'Till @[anna berg]: HEMLIGTINLÄGG som moderatorn döljer.');
    const texts = async () => JSON.stringify((await list(anna)).items);
    expect(await texts()).toContain('HEMLIGTSVAR');
    expect(await texts()).toContain('HEMLIGTINLÄGG');

    expect((await admin.post(`/api/admin/moderation/replies/${reply.id}`, { action: 'hide' })).status).toBe(200);
    expect((await admin.post(`/api/admin/moderation/posts/${mentioned.id}`, { action: 'hide' })).status).toBe(200);
    await backend.runner.catchUp();
    expect(await texts()).not.toContain('HEMLIG');
    const [onReply] = await about(anna, post.id);
    expect(onReply).toMatchObject({ kind: 'mention', replyId: reply.id, excerpt: HIDDEN_REPLY_NOTICE, postTitle: 'Saknas: finalen 1962 i färg' });
    const [onPost] = await about(anna, mentioned.id);
    expect(onPost).toMatchObject({ kind: 'mention', replyId: null, excerpt: HIDDEN_POST_NOTICE, postTitle: HIDDEN_POST_TITLE });

    expect((await admin.post(`/api/admin/moderation/replies/${reply.id}`, { action: 'restore' })).status).toBe(200);
    await backend.runner.catchUp();
    expect((await about(anna, post.id))[0]!.excerpt).toContain('HEMLIGTSVAR');
  });

  it('one notification per event and member when several reasons apply (a mention in a reply to her own post)', async () => {
    const post = await newPost(anna);
    const reply = await replyTo(bo, post.id, 'Visst, @[Anna Berg]!');
    const items = await about(anna, post.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'mention', replyId: reply.id });
  });

  it('likes are grouped per target: "Dan och 2 till gillade ditt inlägg"', async () => {
    const post = await newPost(anna);
    for (const liker of [bo, cecilia, dan]) expect((await liker.post(`/api/forum/posts/${post.id}/like`)).status).toBe(200);
    const items = await about(anna, post.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'like', replyId: null, actors: ['Dan', 'Cecilia', 'Bo'], actorCount: 3 });
    expect(notificationText(items[0]!)).toBe('Dan och 2 till gillade ditt inlägg «Saknas: finalen 1962 i färg»');
  });

  it('watching: repliers watch the post, a muted post notifies nothing, an explicit watch notifies', async () => {
    const post = await newPost(anna);
    await replyTo(cecilia, post.id, 'Jag letar också.');
    await replyTo(bo, post.id, 'Hittade en ledtråd.');
    expect((await about(cecilia, post.id)).map((n) => n.kind)).toEqual(['watched-reply']);

    expect((await cecilia.get(`/api/forum/posts/${post.id}/watch`)).body).toEqual({ watch: 'watching' });
    expect((await cecilia.put(`/api/forum/posts/${post.id}/watch`, { watch: 'muted' })).body).toEqual({ watch: 'muted' });
    expect((await dan.put(`/api/forum/posts/${post.id}/watch`, { watch: 'watching' })).body).toEqual({ watch: 'watching' });
    await replyTo(bo, post.id, 'Och en till.');
    expect(await about(cecilia, post.id)).toHaveLength(1);
    expect((await about(dan, post.id)).map((n) => n.kind)).toEqual(['watched-reply']);

    const bad = await dan.put(`/api/forum/posts/${post.id}/watch`, { watch: 'always' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("Ange 'watching' eller 'muted'");
    const missing = await dan.put('/api/forum/posts/00000000-0000-4000-8000-000000000000/watch', { watch: 'watching' });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Inlägg hittades inte' } });
  });

  it("mark one and all as read; another member's notification is 404 and nothing is appended", async () => {
    const post = await newPost(anna);
    await replyTo(bo, post.id, 'Ett');
    await replyTo(cecilia, post.id, 'Två');
    const { unread, items } = await list(anna);
    const [first] = items.filter((n) => n.postId === post.id);

    const head = await logHead(backend);
    const foreign = await bo.post(`/api/notifications/${first!.id}/read`);
    expect(foreign).toMatchObject({ status: 404, body: { error: 'Notisen hittades inte' } });
    expect((await bo.post('/api/notifications/inte-ett-id/read')).status).toBe(404);
    expect(await logHead(backend)).toBe(head);

    const annaLive = recordUnread(await open(anna));
    const told = annaLive.next((count) => count === unread - 1);
    expect((await anna.post(`/api/notifications/${first!.id}/read`)).body).toEqual({ unread: unread - 1 });
    await told;
    expect((await about(anna, post.id)).find((n) => n.id === first!.id)?.read).toBe(true);
    expect((await anna.post('/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect((await anna.get('/api/notifications/unread')).body).toEqual({ unread: 0 });
  });

  it('the autocomplete answers public names by prefix, never e-mail addresses', async () => {
    expect((await bo.get('/api/members/names?prefix=ann')).body).toEqual({ names: ['Anna Berg'] });
    expect((await bo.get('/api/members/names?prefix=anna%40')).body).toEqual({ names: [] });
    expect((await bo.get('/api/members/names?prefix=%25')).body).toEqual({ names: [] });
    const empty = await bo.get('/api/members/names?prefix=');
    expect(empty.status).toBe(400);
    expect(JSON.stringify((await bo.get('/api/members/names?prefix=a')).body)).not.toContain('@');
  });

  it('the kept unread count equals the unread notifications through likes, mark-all-read and a deleted post, live too', async () => {
    const counted = (email: string) =>
      backend.pool.oneFirst(sql.type(z.object({ count: z.number() }))`
        SELECT count(*)::int AS count FROM ${sql.identifier([LIVE_SCHEMA, 'notifications'])}
         WHERE NOT read AND user_id = (SELECT id::text FROM public.users WHERE email = ${email})`);
    const unreadOf = async (client: ApiClient) => ((await client.get('/api/notifications/unread')).body as { unread: number }).unread;
    const expectKept = async () => {
      expect(await unreadOf(dan)).toBe(await counted('dan@example.se'));
      expect(await unreadOf(cecilia)).toBe(await counted('cecilia@example.se'));
    };
    const post = await newPost(dan);
    await replyTo(cecilia, post.id, 'Jag letar också.');
    await replyTo(bo, post.id, 'Hittade en ledtråd.');
    expect((await bo.post(`/api/forum/posts/${post.id}/like`)).status).toBe(200);
    await expectKept();
    expect((await dan.post('/api/notifications/read-all')).body).toEqual({ unread: 0 });
    await expectKept();

    // A new liker makes the read like group unread again: one more, told live.
    const danLive = recordUnread(await open(dan));
    const told = danLive.next((unread) => unread === 1);
    expect((await cecilia.post(`/api/forum/posts/${post.id}/like`)).status).toBe(200);
    await told;
    expect(await unreadOf(dan)).toBe(1);
    await expectKept();
    // A like already counted changes nothing; a new liker of a group still unread adds no second unread.
    expect((await cecilia.post(`/api/forum/posts/${post.id}/like`)).status).toBe(200);
    expect(await unreadOf(dan)).toBe(1);
    expect((await anna.post(`/api/forum/posts/${post.id}/like`)).status).toBe(200);
    expect(await unreadOf(dan)).toBe(1);
    await expectKept();

    const ceciliaBefore = await unreadOf(cecilia);
    expect((await dan.delete(`/api/forum/posts/${post.id}`)).status).toBe(200);
    expect(await unreadOf(dan)).toBe(0);
    expect(await unreadOf(cecilia)).toBe(ceciliaBefore - 1);
    await expectKept();
  });

  it('an edit that adds a mention notifies that member once (live); keeping the mention in a later edit does not notify again', async () => {
    const post = await newPost(dan, 'Vem vet något om finalen?');
    const annaLive = recordUnread(await open(anna));
    const { unread: before } = await list(anna);
    const told = annaLive.next((unread) => unread === before + 1);
    const edited = await dan.put(`/api/forum/posts/${post.id}`, { content: 'Vem vet något om finalen? Fråga @[Anna Berg].' });
    expect(edited.status, edited.text).toBe(200);
    // The post's mention is resolved like a new post's: a link to her, and a notification.
    expect((edited.body as { mentions: unknown[] }).mentions).toEqual([{ userId: expect.any(String), name: 'Anna Berg' }]);
    await told;
    const [mention] = await about(anna, post.id);
    expect(mention).toMatchObject({ kind: 'mention', postId: post.id, replyId: null, actors: ['Dan'] });

    // A later edit keeps her mention and names Bo: Bo is told, Anna is not told again.
    const { unread: boBefore } = await list(bo);
    const again = await dan.put(`/api/forum/posts/${post.id}`, { content: 'Fråga @[Anna Berg] eller @Bo, de vet.' });
    expect(again.status, again.text).toBe(200);
    expect((await about(bo, post.id)).map((n) => n.kind)).toEqual(['mention']);
    expect((await list(bo)).unread).toBe(boBefore + 1);
    expect(await about(anna, post.id)).toHaveLength(1);
    expect((await list(anna)).unread).toBe(before + 1);
    // Marked read, removed and named again: still no second notification (once per member and post).
    expect((await anna.post(`/api/notifications/${mention!.id}/read`)).status).toBe(200);
    expect((await dan.put(`/api/forum/posts/${post.id}`, { content: 'Fråga @Bo.' })).status).toBe(200);
    expect((await dan.put(`/api/forum/posts/${post.id}`, { content: 'Fråga @Bo och @[Anna Berg].' })).status).toBe(200);
    expect(await about(anna, post.id)).toHaveLength(1);
    expect((await list(anna)).unread).toBe(before);
    expect(annaLive.seen).toEqual([before + 1, before]);
  });

  it('deleting a reply or a post pushes the lowered unread count live to each member it had notified', async () => {
    const unreadOf = async (client: ApiClient) => ((await client.get('/api/notifications/unread')).body as { unread: number }).unread;
    const danLive = recordUnread(await open(dan));
    const boLive = recordUnread(await open(bo));
    const post = await newPost(dan);
    await replyTo(bo, post.id, 'Jag har ett band.');
    const reply = await replyTo(cecilia, post.id, 'Fråga @Bo om bandet.');
    const [danBefore, boBefore] = [await unreadOf(dan), await unreadOf(bo)];

    // Cecilia's reply notified Dan (a reply to his post) and Bo (a mention): deleting it lowers both, live.
    const danTold = danLive.next((unread) => unread === danBefore - 1);
    const boTold = boLive.next((unread) => unread === boBefore - 1);
    expect((await cecilia.delete(`/api/forum/replies/${reply.id}`)).status).toBe(200);
    await Promise.all([danTold, boTold]);

    // A post that mentions Bo, deleted by its author: Bo's count drops back, live.
    const mentioning = await newPost(anna, 'Vet @Bo något om detta?');
    expect(await unreadOf(bo)).toBe(boBefore);
    const boToldAgain = boLive.next((unread) => unread === boBefore - 1);
    expect((await anna.delete(`/api/forum/posts/${mentioning.id}`)).status).toBe(200);
    await boToldAgain;
    expect(await unreadOf(bo)).toBe(boBefore - 1);
  });

  it('a rebuild from the log gives every member the same notifications', async () => {
    const before = await Promise.all([anna, bo, cecilia, dan].map(list));
    await rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source: backend.store, projections: allProjections });
    expect(await Promise.all([anna, bo, cecilia, dan].map(list))).toEqual(before);
  });
});
