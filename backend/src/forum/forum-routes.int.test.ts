import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, adminClient, startTestBackend, type TestBackend, logHead } from '../../test/harness';

let backend: TestBackend;
let admin: ApiClient;
let author: ApiClient;
let member: ApiClient;
let visitor: ApiClient;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'Saknas: mellanakten 1975',
  content: 'Finns mellanakten från 1975 bevarad någonstans?',
  category: 'lost-media',
  priority: 'high',
  year: 1975,
  reward: 500,
  tags: ['1975', 'mellanakt'],
  ...overrides,
});

const createPost = async (client: ApiClient, overrides: Record<string, unknown> = {}) => {
  const reply = await client.post('/api/forum/posts', validPost(overrides));
  if (reply.status !== 201) throw new Error(`post not created: ${reply.status} ${reply.text}`);
  return reply.body as Record<string, any>;
};

beforeAll(async () => {
  // No timed view flush: a refused call must append nothing, and a flush landing in that window would look like it did.
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  admin = await adminClient(backend);
  author = new ApiClient(backend.url);
  await author.register('ante@example.se', 'member-password-1', { firstName: 'Ante', lastName: 'Author' });
  member = new ApiClient(backend.url);
  // Registered with only an e-mail and a display name: others must see the display name, never the address.
  await member.register('mia@example.se', 'member-password-1', { displayName: 'Mia från Malmö' });
  visitor = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

describe('POST /api/forum/posts', () => {
  it('creates the post with the server-set author, counts and status, whatever the client sends', async () => {
    const reply = await author.post('/api/forum/posts', {
      ...validPost(),
      tags: [' vhs ', 'vhs', '', 42, null, 'SVT'],
      authorId: 'someone-else',
      authorName: 'Falskt namn',
      likes: 999,
      views: 999,
      repliesCount: 999,
      status: 'solved',
    });
    expect(reply.status).toBe(201);
    const me = (await author.get('/api/auth/user')).body;
    expect(reply.body).toMatchObject({
      title: 'Saknas: mellanakten 1975',
      authorId: me.id,
      authorName: 'Ante Author',
      category: 'lost-media',
      priority: 'high',
      year: 1975,
      reward: 500,
      status: 'active',
      tags: ['vhs', 'SVT'],
      likes: 0,
      views: 0,
      repliesCount: 0,
      lastReplyAt: null,
    });
    expect(Date.parse(reply.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const read = await visitor.get(`/api/forum/posts/${reply.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: reply.body.id, title: reply.body.title });
  });

  it('applies the defaults of spec section 5: category general, no priority, no year, reward 0, no tags', async () => {
    const reply = await member.post('/api/forum/posts', { title: 'Minsta inlägget', content: 'Tio tecken minst här.' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ category: 'general', priority: null, year: null, reward: 0, tags: [], authorName: 'Mia från Malmö' });
    expect(reply.text).not.toContain('mia@example.se');
  });

  it.each([
    [{ title: 'Kort' }, 'title', 'Titel måste vara minst 5 tecken'],
    [{ title: '    Hej!    ' }, 'title', 'Titel måste vara minst 5 tecken'],
    [{ content: 'för kort' }, 'content', 'Innehåll måste vara minst 10 tecken'],
    [{ category: 'help' }, 'category', 'Kategorin måste vara en av'],
    [{ priority: 'urgent' }, 'priority', 'Prioriteten måste vara en av'],
    [{ year: 1957 }, 'year', 'Måste vara minst 1958'],
    [{ year: new Date().getFullYear() + 1 }, 'year', 'Året får vara högst'],
    [{ year: 1975.5 }, 'year', 'Måste vara ett heltal'],
    [{ reward: -1 }, 'reward', 'Måste vara minst 0'],
    [{ reward: 'mycket' }, 'reward', 'Måste vara ett heltal'],
    [{ tags: 'en,två' }, 'tags', 'Taggar måste vara en lista'],
    [{ tags: ['x'.repeat(41)] }, 'tags', 'högst 40 tecken'],
    [{ title: 'x'.repeat(201) }, 'title', 'högst 200 tecken'],
    // Read as 'testing hej' in every list: a right-to-left override turns the letters after it around.
    [{ title: '\u202Egnitset\u202C hej' }, 'title', 'Titeln får inte innehålla tecken som vänder textens riktning'],
    [{ tags: ['VHS', '\u2067SVT\u2069'] }, 'tags', 'En tagg får inte innehålla tecken som vänder textens riktning'],
  ])('refuses %j with 400 naming %s, and creates nothing', async (change, field, message) => {
    const head = await logHead(backend);
    const reply = await author.post('/api/forum/posts', validPost(change));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain(message);
    expect(reply.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    expect(await logHead(backend)).toBe(head);
  });

  it("names a refused field as the forms label it (the contract's labels)", async () => {
    const post = await author.post('/api/forum/posts', validPost({ title: 'Kort' }));
    expect(post.body.error).toBe('Ogiltiga uppgifter – Titel (title): Titel måste vara minst 5 tecken');
    const created = await createPost(author);
    const reply = await member.post(`/api/forum/posts/${created.id}/replies`, { content: '   ' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Ogiltiga uppgifter – Ditt svar (content): Svaret får inte vara tomt');
  });

  it('refuses a body that is not an object, and anonymous callers before validating', async () => {
    expect((await author.post('/api/forum/posts', [validPost()])).status).toBe(400);
    expect((await author.request('POST', '/api/forum/posts', { body: '{"title":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const anonymous = await visitor.post('/api/forum/posts', { title: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'Du måste logga in' });
  });
});

describe('GET, PUT and DELETE /api/forum/posts/{id}', () => {
  it('answers 404 "Inlägg hittades inte" for an unknown or malformed id', async () => {
    for (const id of [UNKNOWN, 'inte-ett-id', '1']) {
      const reply = await visitor.get(`/api/forum/posts/${id}`);
      expect(reply.status, id).toBe(404);
      expect(reply.body).toEqual({ error: 'Inlägg hittades inte' });
    }
    expect((await admin.put(`/api/forum/posts/${UNKNOWN}`, { title: 'Finns inte alls' })).status).toBe(404);
    // A malformed id is a missing post whatever the body: the id is checked before the body is validated.
    expect((await admin.put('/api/forum/posts/inte-ett-id', { title: 'x' })).body).toEqual({ error: 'Inlägg hittades inte' });
    expect((await admin.post('/api/forum/posts/inte-ett-id/replies', { content: '' })).status).toBe(404);
    expect((await admin.delete(`/api/forum/posts/${UNKNOWN}`)).status).toBe(404);
  });

  it('counts the characters a reader sees: invisible ones do not count, an emoji counts once', async () => {
    const zeroWidth = '\u200b'.repeat(12);
    for (const [body, message] of [
      [{ title: zeroWidth, content: 'Ett riktigt innehåll här' }, 'Titel måste vara minst 5 tecken'],
      [{ title: '\u200b Hej \u2060\ufeff', content: 'Ett riktigt innehåll här' }, 'Titel måste vara minst 5 tecken'],
      [{ title: '🎤🎤🎤', content: 'Ett riktigt innehåll här' }, 'Titel måste vara minst 5 tecken'],
      [{ title: 'En bra titel', content: `${zeroWidth}kort${zeroWidth}` }, 'Innehåll måste vara minst 10 tecken'],
    ] as const) {
      const reply = await member.post('/api/forum/posts', validPost(body));
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error).toContain(message);
    }
    const emoji = await member.post('/api/forum/posts', validPost({ title: '🎤🎤🎤🎤🎤' }));
    expect(emoji.status).toBe(201);
    const post = emoji.body as { id: string };
    const blankReply = await member.post(`/api/forum/posts/${post.id}/replies`, { content: '\u200b\u200c\u200d' });
    expect(blankReply.status).toBe(400);
    expect(blankReply.body.error).toContain('Svaret får inte vara tomt');
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).body.repliesCount).toBe(0);
  });

  it('lets the author edit, validates like create, and answers the updated post', async () => {
    const post = await createPost(author);
    const bad = await author.put(`/api/forum/posts/${post.id}`, { title: 'nej' });
    expect(bad.status).toBe(400);
    const edited = await author.put(`/api/forum/posts/${post.id}`, { title: 'Hittad: mellanakten 1975', status: 'solved', tags: ['hittad'] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: post.id, title: 'Hittad: mellanakten 1975', status: 'solved', tags: ['hittad'], content: post.content });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(post.updatedAt));
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).body.title).toBe('Hittad: mellanakten 1975');
  });

  it('refuses another member with 403 and changes nothing; the administrator may edit any post', async () => {
    const post = await createPost(author);
    const head = await logHead(backend);
    const refused = await member.put(`/api/forum/posts/${post.id}`, { title: 'Kapat inlägg' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Du kan bara redigera dina egna inlägg' });
    expect((await member.delete(`/api/forum/posts/${post.id}`)).status).toBe(403);
    expect(await logHead(backend)).toBe(head);
    expect((await admin.put(`/api/forum/posts/${post.id}`, { priority: 'critical' })).body.priority).toBe('critical');
  });

  it('deleting a post removes it and its replies, and the moderation is in the log with the author', async () => {
    const post = await createPost(author);
    await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Ett svar som försvinner' });
    const removed = await admin.delete(`/api/forum/posts/${post.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: post.id, deleted: true });
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).status).toBe(404);
    expect((await visitor.get(`/api/forum/posts/${post.id}/replies`)).status).toBe(404);
    const events = await backend.store.readStream(`forum-post-${post.id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'ForumPostDeleted',
      data: { authorName: 'Ante Author', deletedBy: (await admin.get('/api/auth/user')).body.id },
    });
    expect((await admin.delete(`/api/forum/posts/${post.id}`)).status).toBe(404);
  });

  it('counts a view once per reader and keeps it through the buffered flush', async () => {
    const post = await createPost(author);
    expect((await member.get(`/api/forum/posts/${post.id}`)).body.views).toBe(1);
    expect((await member.get(`/api/forum/posts/${post.id}`)).body.views).toBe(1);
    expect((await admin.get(`/api/forum/posts/${post.id}`)).body.views).toBe(2);
    // The author's edit answers the post as readers see it: with the views not yet flushed.
    expect((await author.put(`/api/forum/posts/${post.id}`, { title: 'Visningar räknas ännu' })).body.views).toBe(2);
    await backend.views.flush();
    await backend.runner.catchUp();
    expect((await author.get(`/api/forum/posts/${post.id}`)).body.views).toBe(3);
    const viewEvents = await backend.store.readStream(`forum-views-${post.id}`);
    expect(viewEvents.map((event) => event.data)).toEqual([{ postId: post.id, count: 2 }]);
  });
});

describe('replies', () => {
  it('a member replies; the list is oldest first; the post counts replies and the last reply time', async () => {
    const post = await createPost(author);
    const first = await member.post(`/api/forum/posts/${post.id}/replies`, { content: '  Jag har den på VHS!  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ postId: post.id, content: 'Jag har den på VHS!', authorName: 'Mia från Malmö', likes: 0 });
    const second = await author.post(`/api/forum/posts/${post.id}/replies`, { content: 'Tack, hör av dig!' });
    const list = await visitor.get(`/api/forum/posts/${post.id}/replies`);
    expect(list.body.map((reply: { id: string }) => reply.id)).toEqual([first.body.id, second.body.id]);
    const after = (await visitor.get(`/api/forum/posts/${post.id}`)).body;
    expect(after.repliesCount).toBe(2);
    expect(after.lastReplyAt).toBe(second.body.createdAt);
  });

  it('refuses empty content, unknown posts and visitors', async () => {
    const post = await createPost(author);
    for (const content of ['', '   ', 42]) {
      const reply = await member.post(`/api/forum/posts/${post.id}/replies`, { content });
      expect(reply.status).toBe(400);
    }
    expect((await member.post(`/api/forum/posts/${UNKNOWN}/replies`, { content: 'Hej' })).status).toBe(404);
    expect((await visitor.post(`/api/forum/posts/${post.id}/replies`, { content: 'Hej' })).status).toBe(401);
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).body.repliesCount).toBe(0);
  });

  it('the reply author and the administrator may delete a reply, others get 403', async () => {
    const post = await createPost(author);
    const reply = (await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Svar att radera' })).body;
    const refused = await author.delete(`/api/forum/replies/${reply.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Du kan bara radera dina egna svar' });
    expect((await member.delete(`/api/forum/replies/${reply.id}`)).status).toBe(200);
    expect((await visitor.get(`/api/forum/posts/${post.id}/replies`)).body).toEqual([]);
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).body).toMatchObject({ repliesCount: 0, lastReplyAt: null });
    expect((await admin.delete(`/api/forum/replies/${reply.id}`)).status).toBe(404);
  });
});

describe('likes', () => {
  it("liking your own post or reply is 403 with the spec's message; liking twice counts once", async () => {
    const post = await createPost(author);
    const own = await author.post(`/api/forum/posts/${post.id}/like`);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ error: 'Kan inte gilla eget inlägg' });
    expect((await member.post(`/api/forum/posts/${post.id}/like`)).body).toEqual({ postId: post.id, likes: 1, liked: true });
    expect((await member.post(`/api/forum/posts/${post.id}/like`)).body).toEqual({ postId: post.id, likes: 1, liked: true });
    expect((await admin.post(`/api/forum/posts/${post.id}/like`)).body.likes).toBe(2);

    const reply = (await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Mitt svar' })).body;
    const ownReply = await member.post(`/api/forum/replies/${reply.id}/like`);
    expect(ownReply.status).toBe(403);
    expect(ownReply.body).toEqual({ error: 'Kan inte gilla eget svar' });
    expect((await author.post(`/api/forum/replies/${reply.id}/like`)).body).toEqual({ replyId: reply.id, postId: post.id, likes: 1, liked: true });
    expect((await author.post(`/api/forum/replies/${reply.id}/like`)).body.likes).toBe(1);
    expect((await visitor.get(`/api/forum/posts/${post.id}/replies`)).body[0].likes).toBe(1);
    expect((await author.get(`/api/forum/posts/${post.id}/my-likes`)).body).toEqual({ likedIds: [reply.id] });
  });

  it('an id spelled in upper case names the same post and reply: one like each, a reply under the post, the same page', async () => {
    const post = await createPost(author);
    const upper = post.id.toUpperCase();
    expect((await member.post(`/api/forum/posts/${upper}/like`)).body).toEqual({ postId: post.id, likes: 1, liked: true });
    expect((await member.post(`/api/forum/posts/${post.id}/like`)).body).toEqual({ postId: post.id, likes: 1, liked: true });
    const reply = await member.post(`/api/forum/posts/${upper}/replies`, { content: 'Svar via versaler' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.postId).toBe(post.id);
    expect((await author.post(`/api/forum/replies/${String(reply.body.id).toUpperCase()}/like`)).body).toMatchObject({ replyId: reply.body.id, likes: 1 });
    expect((await author.post(`/api/forum/replies/${reply.body.id}/like`)).body.likes).toBe(1);
    expect((await visitor.get(`/api/forum/posts/${post.id}/replies`)).body.map((r: { id: string }) => r.id)).toEqual([reply.body.id]);
    expect((await visitor.get(`/api/forum/posts/${upper}`)).body).toMatchObject({ id: post.id, likes: 1, repliesCount: 1 });
    // One like stream per member and target, as with the lower-case id only.
    const likeStreams = await backend.pool.anyFirst(
      sql.type(z.object({ stream: z.string() }))`SELECT DISTINCT stream_name AS stream FROM es.events WHERE stream_name ILIKE ${`forum-like-%${post.id}%`}`,
    );
    expect(likeStreams).toHaveLength(1);
  });

  it("one member's like sent 20 times at once: each answer counts it, as the post then does", async () => {
    const post = await createPost(author);
    const likes = await Promise.all(Array.from({ length: 20 }, () => member.post(`/api/forum/posts/${post.id}/like`)));
    expect(likes.map((reply) => reply.body)).toEqual(likes.map(() => ({ postId: post.id, likes: 1, liked: true })));
    const reply = (await member.post(`/api/forum/posts/${post.id}/replies`, { content: 'Ett svar att gilla' })).body;
    const replyLikes = await Promise.all(Array.from({ length: 20 }, () => author.post(`/api/forum/replies/${reply.id}/like`)));
    expect(replyLikes.map((answer) => answer.body)).toEqual(replyLikes.map(() => ({ replyId: reply.id, postId: post.id, likes: 1, liked: true })));
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).body.likes).toBe(1);
  });

  it('refuses visitors and unknown targets', async () => {
    const post = await createPost(author);
    expect((await visitor.post(`/api/forum/posts/${post.id}/like`)).status).toBe(401);
    expect((await member.post(`/api/forum/posts/${UNKNOWN}/like`)).status).toBe(404);
    expect((await member.post(`/api/forum/replies/${UNKNOWN}/like`)).status).toBe(404);
    expect((await member.post('/api/forum/replies/inte-ett-id/like')).status).toBe(404);
  });

  it('100 members liking one post at the same time leave exactly 100 likes, and a second round changes nothing', async () => {
    const post = await createPost(author);
    // Signed up ten at a time: a hundred slow key derivations at once only tie up the CPU a shared CI machine also
    // gives the other test file (it failed there with a 503 for a sign-up); the likes below are what go at once.
    const members: ApiClient[] = [];
    for (let start = 0; start < 100; start += 10) {
      members.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const client = new ApiClient(backend.url);
            await client.register(`gillare${start + i}@example.se`, 'member-password-1');
            return client;
          }),
        )),
      );
    }
    const first = await Promise.all(members.map((client) => client.post(`/api/forum/posts/${post.id}/like`)));
    expect(first.map((reply) => reply.status)).toEqual(first.map(() => 200));
    const second = await Promise.all(members.map((client) => client.post(`/api/forum/posts/${post.id}/like`)));
    expect(second.every((reply) => reply.status === 200 && reply.body.likes === 100)).toBe(true);
    expect((await visitor.get(`/api/forum/posts/${post.id}`)).body.likes).toBe(100);
  }, 120_000);
});
