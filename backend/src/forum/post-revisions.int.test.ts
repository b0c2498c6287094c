import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type TestBackend } from '../../test/harness';

/** A post's edit history as any reader gets it, and the plain text of its markdown where it is not rendered. */
let backend: TestBackend;
let author: ApiClient;
let visitor: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  author = new ApiClient(backend.url);
  await author.register('redaktor@example.se', 'member-password-1', { displayName: 'Redaktören' });
  visitor = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

describe('GET /api/forum/posts/{id}/revisions', () => {
  it('given a post edited by its author and by the admin, when a visitor reads its revisions, then each version with its changes and public names only', async () => {
    const created = await author.post('/api/forum/posts', { title: 'Söker en inspelning', content: 'Jag söker VHS från 1985 års final.' });
    const id = created.body.id as string;
    expect((await author.put(`/api/forum/posts/${id}`, { content: 'Jag söker VHS från 1986 års final.' })).status).toBe(200);
    const admin = await adminClient(backend);
    expect((await admin.put(`/api/forum/posts/${id}`, { title: 'Söker en inspelning (flyttad)' })).status).toBe(200);

    const reply = await visitor.get(`/api/forum/posts/${id}/revisions`);
    expect(reply.status, reply.text).toBe(200);
    const { versions } = reply.body;
    expect(versions.map((v: any) => [v.number, v.editorName])).toEqual([
      [1, 'Redaktören'],
      [2, 'Redaktören'],
      [3, 'Moderator'],
    ]);
    expect(versions[0]).toMatchObject({ title: 'Söker en inspelning', content: 'Jag söker VHS från 1985 års final.', changes: [] });
    expect(versions[1].changes).toEqual([{ field: 'content', before: 'Jag söker VHS från 1985 års final.', after: 'Jag söker VHS från 1986 års final.' }]);
    expect(versions[2].changes).toEqual([{ field: 'title', before: 'Söker en inspelning', after: 'Söker en inspelning (flyttad)' }]);
    // Nothing private: no e-mail address, no user id.
    expect(reply.text).not.toMatch(/@/);
    expect(reply.text).not.toContain(created.body.authorId);
  });

  it('given an unknown, malformed or deleted post, when its revisions are asked for, then 404 with the forum message', async () => {
    const created = await author.post('/api/forum/posts', { title: 'Raderas strax', content: 'Innehåll som är långt nog.' });
    expect((await author.delete(`/api/forum/posts/${created.body.id}`)).status).toBe(200);
    for (const id of [created.body.id, '00000000-0000-4000-8000-000000000000', 'inte-ett-id']) {
      const reply = await visitor.get(`/api/forum/posts/${id}/revisions`);
      expect(reply.status, id).toBe(404);
      expect(reply.body).toEqual({ error: 'Inlägg hittades inte' });
    }
  });
});

describe('the revisions of a hidden post (moderation)', () => {
  it('given a post the admin hid, when a visitor or a member asks for its revisions, then 403 with the hidden notice; the admin still reads them', async () => {
    const created = await author.post('/api/forum/posts', { title: 'Döljs av moderatorn', content: 'Text som inte ska synas i historiken.' });
    const id = created.body.id as string;
    expect((await author.put(`/api/forum/posts/${id}`, { content: 'Ändrad text som inte heller ska synas.' })).status).toBe(200);
    const admin = await adminClient(backend);
    expect((await admin.post(`/api/admin/moderation/posts/${id}`, { action: 'hide' })).status).toBe(200);

    for (const reader of [visitor, author]) {
      const reply = await reader.get(`/api/forum/posts/${id}/revisions`);
      expect(reply.status, reply.text).toBe(403);
      expect(reply.body).toEqual({ error: 'Inlägget är dolt i väntan på granskning' });
    }
    const asAdmin = await admin.get(`/api/forum/posts/${id}/revisions`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.versions).toHaveLength(2);

    expect((await admin.post(`/api/admin/moderation/posts/${id}`, { action: 'restore' })).status).toBe(200);
    expect((await visitor.get(`/api/forum/posts/${id}/revisions`)).body.versions).toHaveLength(2);
  });
});

describe("a markdown post's plain text", () => {
  const CONTENT = '## Rubrik\n\nJag söker **VHS** från [SVT:s arkiv](https://example.org/zzqxlank) och <script>alert(1)</script>.';

  it('given a markdown post, when a crawler fetches its page, then the meta description is the plain text', async () => {
    const created = await author.post('/api/forum/posts', { title: 'Markdown i huvudet', content: CONTENT });
    const page = await visitor.get(`/forum/post/${created.body.id}`, { accept: 'text/html' });
    const head = page.text.slice(0, page.text.indexOf('</head>'));
    const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1];
    expect(description).toBe('Rubrik Jag söker VHS från SVT:s arkiv och alert(1) .');
  });

  it('given a markdown post, when searching for its link target, then it is not found, but its link text is', async () => {
    await author.post('/api/forum/posts', { title: 'Länk i sökindexet', content: CONTENT });
    const byUrl = await visitor.get('/api/search/forum?q=zzqxlank');
    expect(byUrl.status).toBe(200);
    expect(byUrl.body).toEqual([]);
    const byText = await visitor.get('/api/search/forum?q=arkiv');
    expect(byText.body.map((hit: any) => hit.title)).toContain('Länk i sökindexet');
  });
});
