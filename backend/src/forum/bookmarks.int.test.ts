import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type TestBackend, logHead } from '../../test/harness';

/** Bookmarks over real HTTP: private to their owner, idempotent, gone with the item they name. */
let backend: TestBackend;
let author: ApiClient;
let anna: ApiClient;
let bo: ApiClient;
let visitor: ApiClient;

const createPost = async (title: string) => {
  const post = await author.post('/api/forum/posts', { title, content: 'Innehåll som är långt nog, med **fetstil**.' });
  expect(post.status, post.text).toBe(201);
  return post.body.id as string;
};
const createReply = async (postId: string, content: string) => {
  const reply = await author.post(`/api/forum/posts/${postId}/replies`, { content });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
};

beforeAll(async () => {
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  author = new ApiClient(backend.url);
  await author.register('skribent@example.se', 'member-password-1', { displayName: 'Skribenten' });
  anna = new ApiClient(backend.url);
  await anna.register('anna@example.se');
  bo = new ApiClient(backend.url);
  await bo.register('bo@example.se');
  visitor = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

describe('bookmarks', () => {
  it('given a member saving a post twice, when listed, then it is there once and the second save appended nothing', async () => {
    const postId = await createPost('Ett inlägg att spara');
    const first = await anna.put(`/api/forum/posts/${postId}/bookmark`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ targetType: 'post', targetId: postId, saved: true });
    const head = await logHead(backend);
    const second = await anna.put(`/api/forum/posts/${postId}/bookmark`);
    expect(second.body).toEqual({ targetType: 'post', targetId: postId, saved: true });
    expect(await logHead(backend)).toBe(head);
    const list = await anna.get('/api/forum/bookmarks');
    expect(list.status).toBe(200);
    expect(list.body.filter((item: any) => item.targetId === postId)).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ targetType: 'post', targetId: postId, postId, postTitle: 'Ett inlägg att spara', authorName: 'Skribenten' });
    // The excerpt is the text as read, not its markdown.
    expect(list.body[0].excerpt).toBe('Innehåll som är långt nog, med fetstil .');
  });

  it('given a saved post and a later saved reply, when listed, then newest first, and my-bookmarks names both', async () => {
    const postId = await createPost('Inlägg med ett svar');
    const replyId = await createReply(postId, 'Ett svar som är värt att spara');
    expect((await bo.put(`/api/forum/posts/${postId}/bookmark`)).status).toBe(200);
    const saved = await bo.put(`/api/forum/replies/${replyId}/bookmark`);
    expect(saved.body).toEqual({ targetType: 'reply', targetId: replyId, saved: true });
    const list = await bo.get('/api/forum/bookmarks');
    expect(list.body.map((item: any) => item.targetId)).toEqual([replyId, postId]);
    expect(list.body[0]).toMatchObject({ targetType: 'reply', postId, postTitle: 'Inlägg med ett svar', excerpt: 'Ett svar som är värt att spara' });
    expect((await bo.get(`/api/forum/posts/${postId}/my-bookmarks`)).body.savedIds.sort()).toEqual([postId, replyId].sort());
  });

  it("given members with bookmarks, when one reads, then never another member's, and a visitor gets 401", async () => {
    const postId = await createPost('Bara Annas bokmärke');
    await anna.put(`/api/forum/posts/${postId}/bookmark`);
    const bos = await bo.get('/api/forum/bookmarks');
    expect(bos.body.some((item: any) => item.targetId === postId)).toBe(false);
    expect((await bo.get(`/api/forum/posts/${postId}/my-bookmarks`)).body).toEqual({ savedIds: [] });
    for (const [method, path] of [
      ['GET', '/api/forum/bookmarks'],
      ['GET', `/api/forum/posts/${postId}/my-bookmarks`],
      ['PUT', `/api/forum/posts/${postId}/bookmark`],
      ['DELETE', `/api/forum/posts/${postId}/bookmark`],
    ] as const) {
      const reply = await visitor.request(method, path);
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.body).toEqual({ error: 'Du måste logga in' });
    }
  });

  it('given a saved item, when removed twice, then it is gone and the second removal appended nothing', async () => {
    const postId = await createPost('Spara och ta bort');
    await anna.put(`/api/forum/posts/${postId}/bookmark`);
    const removed = await anna.delete(`/api/forum/posts/${postId}/bookmark`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ targetType: 'post', targetId: postId, saved: false });
    const head = await logHead(backend);
    expect((await anna.delete(`/api/forum/posts/${postId}/bookmark`)).body.saved).toBe(false);
    expect(await logHead(backend)).toBe(head);
    expect((await anna.get('/api/forum/bookmarks')).body.some((item: any) => item.targetId === postId)).toBe(false);
  });

  it('given an unknown or malformed id, when saved, then 404 with the forum message and nothing appended', async () => {
    const head = await logHead(backend);
    const unknown = await anna.put('/api/forum/posts/00000000-0000-4000-8000-000000000000/bookmark');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Inlägg hittades inte' });
    expect((await anna.put('/api/forum/replies/inte-ett-id/bookmark')).status).toBe(404);
    expect(await logHead(backend)).toBe(head);
  });

  it('given saved items of a post, when the post is deleted, then they leave the list', async () => {
    const postId = await createPost('Raderas snart');
    const replyId = await createReply(postId, 'Svar som raderas med inlägget');
    await anna.put(`/api/forum/posts/${postId}/bookmark`);
    await anna.put(`/api/forum/replies/${replyId}/bookmark`);
    const admin = await adminClient(backend);
    expect((await admin.delete(`/api/forum/posts/${postId}`)).status).toBe(200);
    const list = (await anna.get('/api/forum/bookmarks')).body.map((item: any) => item.targetId);
    expect(list).not.toContain(postId);
    expect(list).not.toContain(replyId);
  });

  it('given a saved post and a saved reply that the admin hid, when the member lists their bookmarks, then both stay listed without their text; the admin sees the text', async () => {
    const postId = await createPost('Ett inlägg som döljs');
    const replyId = await createReply(postId, 'Ett svar som döljs');
    expect((await anna.put(`/api/forum/posts/${postId}/bookmark`)).status).toBe(200);
    expect((await anna.put(`/api/forum/replies/${replyId}/bookmark`)).status).toBe(200);
    const admin = await adminClient(backend);
    expect((await admin.put(`/api/forum/posts/${postId}/bookmark`)).status).toBe(200);
    expect((await admin.post(`/api/admin/moderation/posts/${postId}`, { action: 'hide' })).status).toBe(200);
    expect((await admin.post(`/api/admin/moderation/replies/${replyId}`, { action: 'hide' })).status).toBe(200);

    const list = await anna.get('/api/forum/bookmarks');
    expect(list.status).toBe(200);
    const saved = list.body.filter((item: any) => item.postId === postId);
    expect(saved.map((item: any) => [item.targetType, item.postTitle, item.excerpt]).sort()).toEqual([
      ['post', 'Dolt inlägg', ''],
      ['reply', 'Dolt inlägg', ''],
    ]);
    expect(list.text).not.toContain('Ett inlägg som döljs');
    expect(list.text).not.toContain('Ett svar som döljs');

    const adminList = (await admin.get('/api/forum/bookmarks')).body.find((item: any) => item.targetId === postId);
    expect(adminList).toMatchObject({ postTitle: 'Ett inlägg som döljs', excerpt: 'Innehåll som är långt nog, med fetstil .' });
  });
});
