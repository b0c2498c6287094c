import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type Reply, type TestBackend, logHead } from '../../test/harness';

/**
 * The forum rows of the permission matrix (the archive rows are in auth/permissions.int.test.ts). "author" wrote
 * the post and the reply each row acts on; "member" is another signed-in member. Every call gets fresh content,
 * so one role's success cannot change what the next role finds. A refused call must append nothing.
 */
type Role = 'anonymous' | 'member' | 'author' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'author', 'admin'];
type Fixture = { postId: string; replyId: string };

type Row = {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  url: (f: Fixture) => string;
  body?: unknown;
  expect: Record<Role, number>;
  refused?: Partial<Record<Role, string>>;
  effect: (f: Fixture, reply: Reply<any>, read: ApiClient) => Promise<void>;
};

const plural = (target: 'post' | 'reply') => (target === 'post' ? 'posts' : 'replies');

const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/forum/posts',
    url: () => '/api/forum/posts',
    body: { title: 'Ett nytt inlägg', content: 'Med tillräckligt långt innehåll.' },
    expect: { anonymous: 401, member: 201, author: 201, admin: 201 },
    effect: async (_f, reply, read) => expect((await read.get(`/api/forum/posts/${reply.body.id}`)).body.title).toBe('Ett nytt inlägg'),
  },
  {
    method: 'PUT',
    path: '/api/forum/posts/:id',
    url: (f) => `/api/forum/posts/${f.postId}`,
    body: { title: 'Redigerad titel' },
    expect: { anonymous: 401, member: 403, author: 200, admin: 200 },
    refused: { member: 'Du kan bara redigera dina egna inlägg' },
    effect: async (f, _reply, read) => expect((await read.get(`/api/forum/posts/${f.postId}`)).body.title).toBe('Redigerad titel'),
  },
  {
    method: 'DELETE',
    path: '/api/forum/posts/:id',
    url: (f) => `/api/forum/posts/${f.postId}`,
    expect: { anonymous: 401, member: 403, author: 200, admin: 200 },
    refused: { member: 'Du kan bara radera dina egna inlägg' },
    effect: async (f, _reply, read) => {
      expect((await read.get(`/api/forum/posts/${f.postId}`)).status).toBe(404);
      expect((await read.get(`/api/forum/posts/${f.postId}/replies`)).status).toBe(404);
    },
  },
  {
    method: 'POST',
    path: '/api/forum/posts/:id/replies',
    url: (f) => `/api/forum/posts/${f.postId}/replies`,
    body: { content: 'Ett svar' },
    expect: { anonymous: 401, member: 201, author: 201, admin: 201 },
    effect: async (f, _reply, read) => expect((await read.get(`/api/forum/posts/${f.postId}`)).body.repliesCount).toBe(2),
  },
  {
    method: 'DELETE',
    path: '/api/forum/replies/:id',
    url: (f) => `/api/forum/replies/${f.replyId}`,
    expect: { anonymous: 401, member: 403, author: 200, admin: 200 },
    refused: { member: 'Du kan bara radera dina egna svar' },
    effect: async (f, _reply, read) => expect((await read.get(`/api/forum/posts/${f.postId}/replies`)).body).toEqual([]),
  },
  {
    method: 'POST',
    path: '/api/forum/posts/:id/like',
    url: (f) => `/api/forum/posts/${f.postId}/like`,
    expect: { anonymous: 401, member: 200, author: 403, admin: 200 },
    refused: { author: 'Kan inte gilla eget inlägg' },
    effect: async (f, _reply, read) => expect((await read.get(`/api/forum/posts/${f.postId}`)).body.likes).toBe(1),
  },
  {
    method: 'POST',
    path: '/api/forum/replies/:id/like',
    url: (f) => `/api/forum/replies/${f.replyId}/like`,
    expect: { anonymous: 401, member: 200, author: 403, admin: 200 },
    refused: { author: 'Kan inte gilla eget svar' },
    effect: async (f, _reply, read) => expect((await read.get(`/api/forum/posts/${f.postId}/replies`)).body[0].likes).toBe(1),
  },
  // Flags (moderation): the author may not flag their own; the admin's queue shows the flag.
  ...(['post', 'reply'] as const).map((target): Row => ({
    method: 'POST',
    path: `/api/forum/${plural(target)}/:id/flag`,
    url: (f) => `/api/forum/${plural(target)}/${target === 'post' ? f.postId : f.replyId}/flag`,
    body: { reason: 'spam' },
    expect: { anonymous: 401, member: 200, author: 400, admin: 200 },
    refused: { author: target === 'post' ? 'Du kan inte rapportera ditt eget inlägg' : 'Du kan inte rapportera ditt eget svar' },
    effect: async (f) => {
      const queue = await clients.admin.get('/api/admin/moderation');
      const item = queue.body.items.find((entry: { targetId: string }) => entry.targetId === (target === 'post' ? f.postId : f.replyId));
      expect(item.flags).toHaveLength(1);
    },
  })),
  ...(['post', 'reply'] as const).map((target): Row => ({
    method: 'POST',
    path: `/api/admin/moderation/${plural(target)}/:id`,
    url: (f) => `/api/admin/moderation/${plural(target)}/${target === 'post' ? f.postId : f.replyId}`,
    body: { action: 'hide' },
    expect: { anonymous: 401, member: 403, author: 403, admin: 200 },
    refused: { member: 'Endast administratören får göra detta', author: 'Endast administratören får göra detta' },
    effect: async (f, reply) => {
      expect(reply.body.item).toMatchObject({ hidden: 'admin' });
      if (target === 'post') expect((await clients.anonymous.get(`/api/forum/posts/${f.postId}`)).body).toMatchObject({ hidden: true, content: '' });
      else expect((await clients.anonymous.get(`/api/forum/posts/${f.postId}/replies`)).body[0]).toMatchObject({ hidden: true, content: '' });
    },
  })),
  // Bookmarks (issue 19): any member saves any live post or reply for themself; the answer is their own state.
  ...(['posts', 'replies'] as const).flatMap((kind): Row[] => {
    const target = (f: Fixture) => (kind === 'posts' ? f.postId : f.replyId);
    return [
      {
        method: 'PUT',
        path: `/api/forum/${kind}/:id/bookmark`,
        url: (f) => `/api/forum/${kind}/${target(f)}/bookmark`,
        expect: { anonymous: 401, member: 200, author: 200, admin: 200 },
        effect: async (f, reply) => expect(reply.body).toEqual({ targetType: kind === 'posts' ? 'post' : 'reply', targetId: target(f), saved: true }),
      },
      {
        method: 'DELETE',
        path: `/api/forum/${kind}/:id/bookmark`,
        url: (f) => `/api/forum/${kind}/${target(f)}/bookmark`,
        expect: { anonymous: 401, member: 200, author: 200, admin: 200 },
        effect: async (f, reply) => expect(reply.body).toEqual({ targetType: kind === 'posts' ? 'post' : 'reply', targetId: target(f), saved: false }),
      },
    ];
  }),
];

let backend: TestBackend;
let clients: Record<Role, ApiClient>;

/** A post and a reply, both written by the author. */
const fixture = async (): Promise<Fixture> => {
  const post = await clients.author.post('/api/forum/posts', { title: 'Författarens inlägg', content: 'Innehåll som är långt nog.' });
  const reply = await clients.author.post(`/api/forum/posts/${post.body.id}/replies`, { content: 'Författarens svar' });
  if (post.status !== 201 || reply.status !== 201) throw new Error('fixture not created');
  return { postId: post.body.id, replyId: reply.body.id };
};

beforeAll(async () => {
  // No timed view flush: a refused call must append nothing, and a flush landing in that window would look like it did.
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  const member = new ApiClient(backend.url);
  await member.register('medlem@example.se', 'member-password-1');
  const author = new ApiClient(backend.url);
  await author.register('forfattare@example.se', 'member-password-1');
  clients = { anonymous: new ApiClient(backend.url), member, author, admin: await adminClient(backend) };
});
afterAll(async () => {
  await backend?.stop();
});

describe('the permission matrix of the forum', () => {
  it('covers every mutating forum call of spec section 7 and of moderation', () => {
    expect(ROWS.map((row) => `${row.method} ${row.path}`).sort()).toEqual(
      [
        'POST /api/forum/posts',
        'PUT /api/forum/posts/:id',
        'DELETE /api/forum/posts/:id',
        'POST /api/forum/posts/:id/replies',
        'DELETE /api/forum/replies/:id',
        'POST /api/forum/posts/:id/like',
        'POST /api/forum/replies/:id/like',
        'POST /api/forum/posts/:id/flag',
        'POST /api/forum/replies/:id/flag',
        'POST /api/admin/moderation/posts/:id',
        'POST /api/admin/moderation/replies/:id',
        'PUT /api/forum/posts/:id/bookmark',
        'DELETE /api/forum/posts/:id/bookmark',
        'PUT /api/forum/replies/:id/bookmark',
        'DELETE /api/forum/replies/:id/bookmark',
      ].sort(),
    );
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.path}: ${ROLES.map((role) => `${role} ${row.expect[role]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const f = await fixture();
        const head = await logHead(backend);
        const reply = await clients[role].request(row.method, row.url(f), { json: row.body });
        expect(reply.status, `${role}: ${reply.text}`).toBe(row.expect[role]);
        if (reply.status < 300) {
          await row.effect(f, reply, clients.anonymous);
        } else {
          const message = reply.status === 401 ? 'Du måste logga in' : row.refused?.[role];
          expect(reply.body, role).toEqual({ error: message });
          expect(await logHead(backend), `${role}: something was appended`).toBe(head);
        }
      }
    });
  }
});

/**
 * The forum's reads that depend on who asks (issue 19): a member's own bookmarks (a visitor 401; each member sees
 * only their own, so another member's saved post is absent from theirs) and a post's revisions (public).
 */
describe('the permission matrix of the forum: reads', () => {
  const READS: Array<{ path: string; url: (f: Fixture) => string; expect: Record<Role, number>; own?: (f: Fixture, body: any) => boolean }> = [
    {
      path: '/api/forum/bookmarks',
      url: () => '/api/forum/bookmarks',
      expect: { anonymous: 401, member: 200, author: 200, admin: 200 },
      own: (f, body) => body.some((item: any) => item.targetId === f.postId),
    },
    {
      path: '/api/forum/posts/:id/my-bookmarks',
      url: (f) => `/api/forum/posts/${f.postId}/my-bookmarks`,
      expect: { anonymous: 401, member: 200, author: 200, admin: 200 },
      own: (f, body) => body.savedIds.includes(f.postId),
    },
    {
      path: '/api/forum/posts/:id/revisions',
      url: (f) => `/api/forum/posts/${f.postId}/revisions`,
      expect: { anonymous: 200, member: 200, author: 200, admin: 200 },
    },
  ];

  for (const read of READS) {
    it(`GET ${read.path}: ${ROLES.map((role) => `${role} ${read.expect[role]}`).join(', ')}`, async () => {
      // Only the member saved the post: the author and the admin must not see it among theirs.
      const f = await fixture();
      expect((await clients.member.put(`/api/forum/posts/${f.postId}/bookmark`)).status).toBe(200);
      for (const role of ROLES) {
        const reply = await clients[role].get(read.url(f));
        expect(reply.status, `${role}: ${reply.text}`).toBe(read.expect[role]);
        if (reply.status === 401) expect(reply.body).toEqual({ error: 'Du måste logga in' });
        else if (read.own) expect(read.own(f, reply.body), role).toBe(role === 'member');
      }
    });
  }
});
