import { randomUUID } from 'node:crypto';
import { neutralPublicName, SYSTEM_ACTOR, type EventOf } from '@mello/contracts';
import { allProjections, rebuildReadModels } from '@mello/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type TestBackend } from '../../test/harness';
import { connectLive, nextPresence, watchPost } from '../../test/live-client';
import { toNewEvents } from '../shared/command-handler';
import { forumPostStream } from './post';
import { forumReplyStream } from './reply';

/**
 * Product decision 10: others see a member's public display name, never their e-mail address — in the forum API,
 * the server-rendered HTML and its JSON-LD, search, the typing indicator and the history; and events written
 * before display names existed (their authorName is an e-mail) are shown with the author's neutral name, both
 * by the live projections and after a rebuild.
 */
let backend: TestBackend;
let member: ApiClient;
let visitor: ApiClient;
const EMAIL = 'hemlig.hanna@example.se';
const NAME = 'Hemliga Hanna';

beforeAll(async () => {
  backend = await startTestBackend();
  member = new ApiClient(backend.url);
  // Only an e-mail and the display name: no first or last name to fall back on.
  await member.register(EMAIL, 'member-password-1', { displayName: NAME });
  visitor = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

/** Every public view of a post, as text: the API bodies, the crawler's HTML (with its JSON-LD) and search. */
async function publicViews(postId: string, word: string) {
  const post = await visitor.get(`/api/forum/posts/${postId}`);
  const list = await visitor.get('/api/forum/posts');
  const replies = await visitor.get(`/api/forum/posts/${postId}/replies`);
  const html = await visitor.get(`/forum/post/${postId}`, { accept: 'text/html' });
  const search = await visitor.get(`/api/search/forum?q=${encodeURIComponent(word)}`);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json" data-page-meta>([\s\S]*?)<\/script>/.exec(html.text)?.[1] ?? 'null');
  return { post, list, replies, html, search, jsonLd, all: [post.text, list.text, replies.text, html.text, search.text].join('\n') };
}

describe('a member registered with only an e-mail', () => {
  it('is shown by display name in the API, the server HTML, its JSON-LD and search; the e-mail appears nowhere', async () => {
    const created = await member.post('/api/forum/posts', {
      title: 'Söker mellanakten från Cirkus',
      content: 'Någon som har cirkusakten på band?',
      category: 'lost-media',
    });
    expect(created.status).toBe(201);
    expect(created.body.authorName).toBe(NAME);
    const reply = await member.post(`/api/forum/posts/${created.body.id}/replies`, { content: 'Jag frågar själv vidare.' });
    expect(reply.body.authorName).toBe(NAME);
    for (const body of [created.text, reply.text]) expect(body).not.toContain(EMAIL);

    const views = await publicViews(created.body.id, 'cirkusakten');
    expect(views.post.body.authorName).toBe(NAME);
    expect(views.replies.body[0].authorName).toBe(NAME);
    expect(views.jsonLd).toMatchObject({ author: { '@type': 'Person', name: NAME } });
    expect(views.search.body.map((hit: { id: string; authorName: string }) => [hit.id, hit.authorName])).toEqual([[created.body.id, NAME]]);
    expect(views.all).not.toContain(EMAIL);
    expect(views.all).not.toContain('hemlig.hanna');
    // Searching for the address answers no hit that carries it.
    expect((await visitor.get(`/api/search/forum?q=${encodeURIComponent(EMAIL)}`)).text).not.toContain(EMAIL);
  });

  it('is shown by display name when typing (Socket.IO presence), and sees their own e-mail only in /api/auth/user', async () => {
    const post = (await member.post('/api/forum/posts', { title: 'Skrivtest för visningsnamn', content: 'Vem skriver nu här?' })).body;
    const reader = await connectLive(backend.url);
    const typist = await connectLive(backend.url, { cookie: member.cookieHeader });
    try {
      await watchPost(reader, post.id);
      await watchPost(typist, post.id);
      const typing = nextPresence(reader, (p) => p.typing.length > 0);
      typist.emit('forum:typing', post.id, true);
      expect((await typing).typing).toEqual([NAME]);
    } finally {
      reader.disconnect();
      typist.disconnect();
    }
    expect((await member.get('/api/auth/user')).body).toMatchObject({ email: EMAIL, publicName: NAME });
  });
});

describe('old events whose authorName is an e-mail address (upcast where the log is read)', () => {
  const authorId = randomUUID();
  const OLD_EMAIL = 'gammal.medlem@example.se';
  const postId = randomUUID();
  const replyId = randomUUID();

  beforeAll(async () => {
    const context = { actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null };
    // Written before posts could name an entry, too: no entryId (read as null).
    const created: { type: 'ForumPostCreated'; data: Omit<EventOf<'ForumPostCreated'>['data'], 'entryId' | 'mentions'> } = {
      type: 'ForumPostCreated',
      data: {
        postId,
        title: 'Gammalt inlägg om radioprogrammet',
        content: 'Skrivet innan visningsnamn fanns.',
        category: 'general',
        priority: null,
        year: null,
        reward: 0,
        tags: [],
        status: 'active',
        authorId,
        authorName: OLD_EMAIL,
        createdAt: '2024-05-01T10:00:00.000Z',
      },
    };
    const replied: { type: 'ForumReplyPosted'; data: Omit<EventOf<'ForumReplyPosted'>['data'], 'mentions'> } = {
      type: 'ForumReplyPosted',
      data: { replyId, postId, content: 'Gammalt svar från samma medlem.', authorId, authorName: OLD_EMAIL, createdAt: '2024-05-01T11:00:00.000Z' },
    };
    await backend.store.appendToStream(forumPostStream(postId), toNewEvents([created], context), { expectedRevision: 'no_stream' });
    await backend.store.appendToStream(forumReplyStream(replyId), toNewEvents([replied], context), { expectedRevision: 'no_stream' });
    await backend.runner.catchUp();
  });

  const expectNeutral = async () => {
    const views = await publicViews(postId, 'radioprogrammet');
    expect(views.post.body.authorName).toBe(neutralPublicName(authorId));
    expect(views.replies.body[0].authorName).toBe(neutralPublicName(authorId));
    expect(views.jsonLd).toMatchObject({ author: { name: neutralPublicName(authorId) } });
    expect(views.search.body.map((hit: { authorName: string }) => hit.authorName)).toEqual([neutralPublicName(authorId)]);
    expect(views.all).not.toContain(OLD_EMAIL);
    expect((await visitor.get(`/api/search/forum?q=${encodeURIComponent(OLD_EMAIL)}`)).text).not.toContain(OLD_EMAIL);
  };

  it('are shown with the neutral public name of their author by the live projections', async () => {
    await expectNeutral();
  });

  it('and after a rebuild of every read model from the log', async () => {
    await rebuildReadModels({ pool: backend.pool, connectionUri: backend.databaseUri, source: backend.store, projections: allProjections });
    await expectNeutral();
  });

  it('the deletion event and the admin history carry the neutral name too', async () => {
    const admin = await adminClient(backend);
    expect((await admin.delete(`/api/forum/posts/${postId}`)).status).toBe(200);
    const deleted = (await backend.store.readStream(forumPostStream(postId))).at(-1)!;
    expect(deleted).toMatchObject({ type: 'ForumPostDeleted', data: { authorName: neutralPublicName(authorId) } });
    const history = await admin.get('/api/admin/history?kind=forum-post');
    const timeline = await admin.get(`/api/admin/history/forum-post/${postId}`);
    expect(history.text).toContain(neutralPublicName(authorId));
    for (const text of [history.text, timeline.text]) expect(text).not.toContain(OLD_EMAIL);
  });
});
