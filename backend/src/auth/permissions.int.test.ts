import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  adminClient,
  sampleArticle,
  sampleVideo,
  sampleYear,
  startTestBackend,
  TEST_ADMIN,
  type Reply,
  type TestBackend,
  logHead,
} from '../../test/harness';

/**
 * Who may change what. One table row per mutating endpoint; every row is tried as each role. Refused calls
 * must answer with the right status and message and leave everything as it was (the lists and the event log);
 * the administrator's call must succeed and have its effect.
 *
 * The forum's rows, where "author" wrote the post or reply, are in forum/forum-permissions.int.test.ts; for the
 * archive there is no authorship, so an author is just a member.
 */

type Role = 'anonymous' | 'member' | 'author' | 'admin';
const ROLES: Role[] = ['anonymous', 'member', 'author', 'admin'];

/** Existing things the rows act on, created by the administrator before the table runs. */
type Fixtures = {
  year: { id: string };
  yearToDelete: { id: string };
  video: { id: string };
  videoToDelete: { id: string };
  article: { id: string };
  articleToDelete: { id: string };
};

type Lists = Record<'years' | 'videos' | 'articles', Array<Record<string, any>>>;

type Row = {
  method: 'POST' | 'PUT' | 'DELETE';
  path: (ctx: Fixtures) => string;
  body?: (ctx: Fixtures) => unknown;
  expect: Record<Role, number>;
  /** What the successful call must have done, seen through the public lists. */
  effect: (ctx: Fixtures, reply: Reply<any>, before: Lists, after: Lists) => void;
};

const ADMIN_ONLY = { anonymous: 401, member: 403, author: 403, admin: 0 } as const;
const REFUSED_BODY: Record<number, unknown> = {
  401: { error: 'Du måste logga in' },
  403: { error: 'Endast administratören får göra detta' },
};

const byId = (list: Array<Record<string, any>>, id: string) => list.find((item) => item.id === id);

const ROWS: Row[] = [
  {
    method: 'POST',
    path: () => '/api/years',
    body: () => sampleYear({ year: 2001, winner: 'Friends', song: 'Lyssna till ditt hjärta' }),
    expect: { ...ADMIN_ONLY, admin: 201 },
    effect: (_ctx, reply, before, after) => {
      expect(reply.body).toMatchObject({ year: 2001, winner: 'Friends' });
      expect(after.years).toHaveLength(before.years.length + 1);
      expect(byId(after.years, reply.body.id)).toMatchObject({ year: 2001, winner: 'Friends' });
    },
  },
  {
    method: 'PUT',
    path: (ctx) => `/api/years/${ctx.year.id}`,
    body: () => ({ winner: 'Ändrad vinnare' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
    effect: (ctx, reply, before, after) => {
      expect(reply.body).toMatchObject({ id: ctx.year.id, winner: 'Ändrad vinnare' });
      expect(byId(before.years, ctx.year.id)!.winner).not.toBe('Ändrad vinnare');
      expect(byId(after.years, ctx.year.id)!.winner).toBe('Ändrad vinnare');
    },
  },
  {
    method: 'DELETE',
    path: (ctx) => `/api/years/${ctx.yearToDelete.id}`,
    expect: { ...ADMIN_ONLY, admin: 200 },
    effect: (ctx, reply, before, after) => {
      expect(reply.body).toEqual({ id: ctx.yearToDelete.id, deleted: true });
      expect(byId(before.years, ctx.yearToDelete.id)).toBeDefined();
      expect(byId(after.years, ctx.yearToDelete.id)).toBeUndefined();
    },
  },
  {
    method: 'POST',
    path: () => '/api/videos',
    body: () => sampleVideo({ title: 'Främling', artist: 'Carola', year: 1983 }),
    expect: { ...ADMIN_ONLY, admin: 201 },
    effect: (_ctx, reply, before, after) => {
      expect(reply.body).toMatchObject({ title: 'Främling', artist: 'Carola' });
      expect(after.videos).toHaveLength(before.videos.length + 1);
      expect(byId(after.videos, reply.body.id)).toMatchObject({ title: 'Främling' });
    },
  },
  {
    method: 'PUT',
    path: (ctx) => `/api/videos/${ctx.video.id}`,
    body: () => ({ title: 'Ändrad titel' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
    effect: (ctx, reply, _before, after) => {
      expect(reply.body).toMatchObject({ id: ctx.video.id, title: 'Ändrad titel' });
      expect(byId(after.videos, ctx.video.id)!.title).toBe('Ändrad titel');
    },
  },
  {
    method: 'DELETE',
    path: (ctx) => `/api/videos/${ctx.videoToDelete.id}`,
    expect: { ...ADMIN_ONLY, admin: 200 },
    effect: (ctx, reply, before, after) => {
      expect(reply.body).toEqual({ id: ctx.videoToDelete.id, deleted: true });
      expect(byId(before.videos, ctx.videoToDelete.id)).toBeDefined();
      expect(byId(after.videos, ctx.videoToDelete.id)).toBeUndefined();
    },
  },
  {
    method: 'POST',
    path: () => '/api/articles',
    body: () => sampleArticle({ title: 'Schlagerns guldålder', category: 'culture' }),
    expect: { ...ADMIN_ONLY, admin: 201 },
    effect: (_ctx, reply, before, after) => {
      expect(reply.body).toMatchObject({ title: 'Schlagerns guldålder', slug: expect.any(String) });
      expect(after.articles).toHaveLength(before.articles.length + 1);
      expect(byId(after.articles, reply.body.id)).toMatchObject({ title: 'Schlagerns guldålder' });
    },
  },
  {
    method: 'PUT',
    path: (ctx) => `/api/articles/${ctx.article.id}`,
    body: () => ({ excerpt: 'Ny ingress.' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
    effect: (ctx, reply, _before, after) => {
      expect(reply.body).toMatchObject({ id: ctx.article.id, excerpt: 'Ny ingress.' });
      expect(byId(after.articles, ctx.article.id)!.excerpt).toBe('Ny ingress.');
    },
  },
  {
    method: 'DELETE',
    path: (ctx) => `/api/articles/${ctx.articleToDelete.id}`,
    expect: { ...ADMIN_ONLY, admin: 200 },
    effect: (ctx, reply, before, after) => {
      expect(reply.body).toEqual({ id: ctx.articleToDelete.id, deleted: true });
      expect(byId(before.articles, ctx.articleToDelete.id)).toBeDefined();
      expect(byId(after.articles, ctx.articleToDelete.id)).toBeUndefined();
    },
  },
];

let backend: TestBackend;
let clients: Record<Role, ApiClient>;
let fixtures: Fixtures;

const lists = async (): Promise<Lists> => {
  const reader = new ApiClient(backend.url);
  const [years, videos, articles] = await Promise.all(['/api/years', '/api/videos', '/api/articles'].map((url) => reader.get(url)));
  for (const reply of [years, videos, articles]) expect(reply!.status).toBe(200);
  return { years: years!.body, videos: videos!.body, articles: articles!.body };
};

const created = async (reply: Promise<Reply<any>>): Promise<{ id: string }> => {
  const result = await reply;
  if (result.status !== 201) throw new Error(`fixture not created: ${result.status} ${result.text}`);
  return result.body;
};

beforeAll(async () => {
  // No timed view flush: a refused call must append nothing, and a flush landing in that window would look like it did.
  backend = await startTestBackend({ VIEW_FLUSH_MS: String(60 * 60 * 1000) });
  const admin = await adminClient(backend);
  const member = new ApiClient(backend.url);
  await member.register('medlem@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
  const author = new ApiClient(backend.url);
  await author.register('forfattare@example.se', 'member-password-1', { firstName: 'Ante', lastName: 'Author' });
  clients = { anonymous: new ApiClient(backend.url), member, author, admin };
  fixtures = {
    year: await created(admin.post('/api/years', sampleYear({ year: 1974 }))),
    yearToDelete: await created(admin.post('/api/years', sampleYear({ year: 1975, winner: 'Lasse Berghagen', song: 'Jennie, Jennie' }))),
    video: await created(admin.post('/api/videos', sampleVideo())),
    videoToDelete: await created(admin.post('/api/videos', sampleVideo({ title: 'Diggi-Loo Diggi-Ley', artist: 'Herreys', year: 1984 }))),
    article: await created(admin.post('/api/articles', sampleArticle())),
    articleToDelete: await created(admin.post('/api/articles', sampleArticle({ title: 'Att radera' }))),
  };
});
afterAll(async () => {
  await backend?.stop();
});

describe('the permission matrix of every mutating endpoint', () => {
  it('covers POST, PUT and DELETE of years, videos and articles', () => {
    const covered = ROWS.map((row) => `${row.method} ${row.path(fixtures).replace(/[0-9a-f-]{36}$/, ':id')}`);
    expect(covered.sort()).toEqual(
      ['/api/years', '/api/videos', '/api/articles'].flatMap((base) => [`POST ${base}`, `PUT ${base}/:id`, `DELETE ${base}/:id`]).sort(),
    );
  });

  for (const row of ROWS) {
    const label = `${row.method} ${row.path(new Proxy({} as Fixtures, { get: () => ({ id: ':id' }) }))}`;
    it(`${label}: ${ROLES.map((role) => `${role} ${row.expect[role]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const expected = row.expect[role];
        const client = clients[role];
        const before = await lists();
        const headBefore = await logHead(backend);
        const reply: Reply<any> = await client.request(row.method, row.path(fixtures), { json: row.body?.(fixtures) });
        expect(reply.status, `${label} as ${role}: ${reply.text}`).toBe(expected);
        const after = await lists();

        if (expected >= 200 && expected < 300) {
          expect(await logHead(backend), `${label} as ${role}: the log did not grow`).not.toBe(headBefore);
          row.effect(fixtures, reply, before, after);
        } else {
          expect(reply.body, `${label} as ${role}`).toEqual(REFUSED_BODY[expected]);
          expect(after, `${label} as ${role}: the lists changed`).toEqual(before);
          expect(await logHead(backend), `${label} as ${role}: something was appended`).toBe(headBefore);
        }
      }
    });
  }

  it('refuses before validating or looking anything up: a bad body or an unknown id gets 401/403, not 400/404', async () => {
    const headBefore = await logHead(backend);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const calls: Array<[Row['method'], string, unknown]> = [
      ['POST', '/api/years', { year: 'inte ett år' }],
      ['PUT', `/api/years/${unknownId}`, { winner: 'x' }],
      ['PUT', '/api/videos/inte-ett-id', { title: 'x' }],
      ['DELETE', `/api/articles/${unknownId}`, undefined],
    ];
    for (const [method, url, json] of calls) {
      for (const [role, status] of [
        ['anonymous', 401],
        ['member', 403],
        ['author', 403],
      ] as const) {
        const reply = await clients[role].request(method, url, { json });
        expect(reply.status, `${method} ${url} as ${role}`).toBe(status);
        expect(reply.body, `${method} ${url} as ${role}`).toEqual(REFUSED_BODY[status]);
      }
    }
    expect(await logHead(backend)).toBe(headBefore);
  });

  it('lets everybody read', async () => {
    for (const role of ROLES) {
      for (const url of ['/api/years', '/api/videos', '/api/articles', '/api/years/by-year/1974']) {
        const reply = await clients[role].get(url);
        expect(reply.status, `${role} ${url}`).toBe(200);
      }
    }
  });
});

describe('the identity on events (audit)', () => {
  const adminId = async () => ((await clients.admin.get('/api/auth/user')).body as { id: string }).id;

  it("an administrator's create carries their id and e-mail as actor and the response's X-Request-Id as correlation id", async () => {
    const reply: Reply<any> = await clients.admin.post('/api/years', sampleYear({ year: 1991, winner: 'Carola', song: 'Fångad av en stormvind' }));
    expect(reply.status).toBe(201);
    const requestId = reply.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const events = await backend.store.readStream(`year-${reply.body.id}`);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.metadata.actor).toEqual({ type: 'user', userId: await adminId(), email: TEST_ADMIN.email });
      expect(event.metadata.correlationId).toBe(requestId);
    }
  });

  it('every event one request causes (also the reservation of the unique year) shares that actor and correlation id', async () => {
    const head = await logHead(backend);
    const reply: Reply<any> = await clients.admin.post(
      '/api/years',
      sampleYear({ year: 1992, winner: 'Christer Björkman', song: 'I morgon är en annan dag' }),
      {
        'x-request-id': 'test-request-1992',
      },
    );
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-request-id')).toBe('test-request-1992');
    const appended = await backend.store.readAll({ after: head, maxCount: 100 });
    expect(appended.length).toBeGreaterThanOrEqual(2); // the year-number claim and the year itself
    expect(appended.map((event) => event.streamName)).toContain(`year-${reply.body.id}`);
    for (const event of appended) {
      expect(event.metadata.actor, event.streamName).toEqual({ type: 'user', userId: await adminId(), email: TEST_ADMIN.email });
      expect(event.metadata.correlationId, event.streamName).toBe('test-request-1992');
    }
  });

  it('updates and deletes carry the actor too, each with its own request id', async () => {
    const createdYear: Reply<any> = await clients.admin.post('/api/years', sampleYear({ year: 1993, winner: 'Arvingarna', song: 'Eloise' }));
    const update = await clients.admin.put(`/api/years/${createdYear.body.id}`, { host: 'Ny programledare' });
    const removal = await clients.admin.delete(`/api/years/${createdYear.body.id}`);
    expect([createdYear.status, update.status, removal.status]).toEqual([201, 200, 200]);
    const events = await backend.store.readStream(`year-${createdYear.body.id}`);
    expect(events).toHaveLength(3);
    const ids = [createdYear, update, removal].map((reply) => reply.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    expect(events.map((event) => event.metadata.correlationId)).toEqual(ids);
    for (const event of events) expect(event.metadata.actor).toEqual({ type: 'user', userId: await adminId(), email: TEST_ADMIN.email });
  });
});
