import { LIVE_UNKNOWN_EVENT_MESSAGE, type NotificationsUnread } from '@mello/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, startTestBackend, type Reply, type TestBackend, logHead } from '../../test/harness';
import { connectLive, type LiveClient } from '../../test/live-client';

/**
 * The permission matrix of notifications, watching and the name autocomplete. "owner" is the member a fixture's
 * notification belongs to (a reply by "replier" to the owner's post); "member" is another member. Nobody but the
 * owner reads or changes the owner's notifications, over HTTP or a socket; a refused call appends nothing.
 */
type Role = 'anonymous' | 'member' | 'owner' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'owner', 'admin'];
type Fixture = { postId: string; notificationId: string };

type Row = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  url: (f: Fixture) => string;
  body?: unknown;
  expect: Record<Role, number>;
  refused?: Partial<Record<Role, string>>;
  /** Checked after a success: what the caller got, and that the owner's notification is as it should be. */
  effect: (f: Fixture, role: Role, reply: Reply<any>) => Promise<void>;
};

let backend: TestBackend;
let clients: Record<Role, ApiClient>;
let replier: ApiClient;

const ownerHas = async (f: Fixture) =>
  ((await clients.owner.get('/api/notifications')).body.items as Array<{ id: string; read: boolean }>).find((n) => n.id === f.notificationId);

const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/notifications',
    url: () => '/api/notifications',
    expect: { anonymous: 401, member: 200, owner: 200, admin: 200 },
    effect: async (f, role, reply) => {
      const ids = (reply.body.items as Array<{ id: string }>).map((n) => n.id);
      expect(ids.includes(f.notificationId), role).toBe(role === 'owner');
    },
  },
  {
    method: 'GET',
    path: '/api/notifications/unread',
    url: () => '/api/notifications/unread',
    expect: { anonymous: 401, member: 200, owner: 200, admin: 200 },
    effect: async (_f, role, reply) => expect(reply.body.unread > 0, role).toBe(role === 'owner'),
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/read',
    url: (f) => `/api/notifications/${f.notificationId}/read`,
    expect: { anonymous: 401, member: 404, owner: 200, admin: 404 },
    refused: { member: 'Notisen hittades inte', admin: 'Notisen hittades inte' },
    effect: async (f) => expect((await ownerHas(f))?.read).toBe(true),
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    url: () => '/api/notifications/read-all',
    expect: { anonymous: 401, member: 200, owner: 200, admin: 200 },
    effect: async (f, role) => expect((await ownerHas(f))?.read, role).toBe(role === 'owner'),
  },
  {
    method: 'GET',
    path: '/api/forum/posts/:id/watch',
    url: (f) => `/api/forum/posts/${f.postId}/watch`,
    expect: { anonymous: 401, member: 200, owner: 200, admin: 200 },
    effect: async (_f, role, reply) => expect(reply.body.watch, role).toBe(role === 'owner' ? 'watching' : 'none'),
  },
  {
    method: 'PUT',
    path: '/api/forum/posts/:id/watch',
    url: (f) => `/api/forum/posts/${f.postId}/watch`,
    body: { watch: 'muted' },
    expect: { anonymous: 401, member: 200, owner: 200, admin: 200 },
    // Each member chooses for themself only: the owner's own choice is untouched by anyone else's.
    effect: async (f, role) =>
      expect((await clients.owner.get(`/api/forum/posts/${f.postId}/watch`)).body.watch, role).toBe(role === 'owner' ? 'muted' : 'watching'),
  },
  {
    method: 'GET',
    path: '/api/members/names',
    url: () => '/api/members/names?prefix=ag',
    expect: { anonymous: 401, member: 200, owner: 200, admin: 200 },
    effect: async (_f, _role, reply) => expect(reply.body).toEqual({ names: ['Agnes Ägare'] }),
  },
];

const fixture = async (): Promise<Fixture> => {
  const post = await clients.owner.post('/api/forum/posts', { title: 'Ägarens inlägg', content: 'Innehåll som är långt nog.' });
  const reply = await replier.post(`/api/forum/posts/${post.body.id}/replies`, { content: 'Ett svar till ägaren' });
  if (post.status !== 201 || reply.status !== 201) throw new Error('fixture not created');
  const list = await clients.owner.get('/api/notifications');
  const notification = (list.body.items as Array<{ id: string; replyId: string }>).find((n) => n.replyId === reply.body.id);
  if (!notification) throw new Error('no notification');
  return { postId: post.body.id, notificationId: notification.id };
};

beforeAll(async () => {
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  const member = new ApiClient(backend.url);
  await member.register('medlem@example.se', 'member-password-1', { displayName: 'Mats Medlem' });
  const owner = new ApiClient(backend.url);
  await owner.register('agare@example.se', 'member-password-1', { displayName: 'Agnes Ägare' });
  replier = new ApiClient(backend.url);
  await replier.register('svarare@example.se', 'member-password-1', { displayName: 'Sven Svarare' });
  clients = { anonymous: new ApiClient(backend.url), member, owner, admin: await adminClient(backend) };
});
afterAll(async () => {
  await backend?.stop();
});

describe('the permission matrix of notifications and watching', () => {
  it('covers every call of notificationsApi', async () => {
    const { notificationsApi } = await import('@mello/contracts');
    expect(ROWS.map((row) => `${row.method} ${row.path}`).sort()).toEqual(
      Object.values(notificationsApi)
        .map((c) => `${c.method} ${c.path}`)
        .sort(),
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
          await row.effect(f, role, reply);
        } else {
          const message = reply.status === 401 ? 'Du måste logga in' : row.refused?.[role];
          expect(reply.body, role).toEqual({ error: message });
          expect(await logHead(backend), `${role}: something was appended`).toBe(head);
          expect((await ownerHas(f))?.read, role).toBe(false);
        }
      }
    });
  }

  it("notifications:unread reaches only the owner's sockets: never a visitor's, another member's or the admin's, and no message joins a room", async () => {
    const sockets: Record<Role, LiveClient> = {
      anonymous: await connectLive(backend.url),
      member: await connectLive(backend.url, { cookie: clients.member.cookieHeader }),
      owner: await connectLive(backend.url, { cookie: clients.owner.cookieHeader }),
      admin: await connectLive(backend.url, { cookie: clients.admin.cookieHeader }),
    };
    try {
      const heard: Record<Role, number[]> = { anonymous: [], member: [], owner: [], admin: [] };
      for (const role of ROLES) sockets[role].on('notifications:unread', ({ unread }: NotificationsUnread) => heard[role].push(unread));
      // Asking to join someone's room is not a message the server knows.
      const raw = sockets.member as unknown as { emitWithAck: (event: string, ...args: unknown[]) => Promise<unknown> };
      for (const event of ['notifications:join', 'join', 'notifications:unread']) {
        expect(await raw.emitWithAck(event, 'member:anything')).toEqual({ ok: false, error: LIVE_UNKNOWN_EVENT_MESSAGE });
      }
      const ownerHeard = new Promise<void>((resolve) => sockets.owner.once('notifications:unread', () => resolve()));
      await fixture();
      await ownerHeard;
      // Then the member gets one of their own: their socket's earlier messages would have arrived before it.
      const memberHeard = new Promise<void>((resolve) => sockets.member.once('notifications:unread', () => resolve()));
      const post = await clients.member.post('/api/forum/posts', { title: 'Medlemmens inlägg', content: 'Innehåll som är långt nog.' });
      await replier.post(`/api/forum/posts/${post.body.id}/replies`, { content: 'Svar till medlemmen' });
      await memberHeard;
      expect(heard.member).toEqual([1]);
      expect(heard.anonymous).toEqual([]);
      expect(heard.admin).toEqual([]);
      expect(heard.owner.length).toBeGreaterThan(0);
    } finally {
      for (const socket of Object.values(sockets)) socket.disconnect();
    }
  });
});
