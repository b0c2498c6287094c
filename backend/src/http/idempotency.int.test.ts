import { randomUUID } from 'node:crypto';
import { ForumPostCreateInputSchema, YearCreateInputSchema } from '@mello/contracts';
import { sql } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/database';
import { ApiClient, adminClient, sampleArticle, sampleVideo, sampleYear, startTestBackend, type Reply, type TestBackend } from '../../test/harness';
import type { CommandContext } from '../shared/command-handler';
import { idempotencySeed } from './idempotency';
import { ABANDONED_AFTER_SECONDS } from './idempotency-keys';

/**
 * Idempotency-Key on every create route, table-driven: the table's rows must be exactly the routes the routers
 * declare with idempotentCreate (first test), so a new create route without a row here fails.
 */

let database: { uri: string; drop: () => Promise<void> };
let backend: TestBackend;
let admin: ApiClient;
let member: ApiClient;
let otherMember: ApiClient;
let postId: string;
let memberAuthor: { userId: string; name: string };
let artistId: string;
let unique = 0;

const MEMBER = { email: 'idem@example.se', password: 'member-password-1' };
const OTHER = { email: 'annan@example.se', password: 'member-password-1' };

type CreateCase = {
  /** Who may create here. */
  client: () => ApiClient;
  /** Another user who may create here too (the archive has only one administrator). */
  other: (() => ApiClient) | null;
  path: () => string;
  /** A fresh valid body each call. */
  body: () => Record<string, unknown>;
  /** The read-model table and the event type that hold one item per create. */
  table: string;
  event: string;
  /** The same body twice without a key, as before this feature: two items, or 409 where the body's key is unique. */
  secondWithoutKey: 201 | 409;
};

const next = () => (unique += 1);
let years = 0;
let slots = 0;
const CASES: Record<string, CreateCase> = {
  'POST /api/forum/posts': {
    client: () => member,
    other: () => otherMember,
    path: () => '/api/forum/posts',
    body: () => ({ title: `Saknas: mellanakten nr ${next()}`, content: 'Finns mellanakten bevarad någonstans?', category: 'lost-media' }),
    table: 'forum_posts',
    event: 'ForumPostCreated',
    secondWithoutKey: 201,
  },
  'POST /api/forum/posts/:id/replies': {
    client: () => member,
    other: () => otherMember,
    path: () => `/api/forum/posts/${postId}/replies`,
    body: () => ({ content: `Jag har en inspelning, nummer ${next()}` }),
    table: 'forum_replies',
    event: 'ForumReplyPosted',
    secondWithoutKey: 201,
  },
  'POST /api/years': {
    client: () => admin,
    other: null,
    path: () => '/api/years',
    // Years have their own counter: the shared one runs past the last year the archive accepts.
    body: () => sampleYear({ year: 1960 + (years += 1) }),
    table: 'years',
    event: 'YearCreated',
    secondWithoutKey: 409,
  },
  'POST /api/videos': {
    client: () => admin,
    other: null,
    path: () => '/api/videos',
    body: () => sampleVideo({ title: `Waterloo ${next()}` }),
    table: 'videos',
    event: 'VideoCreated',
    secondWithoutKey: 201,
  },
  'POST /api/articles': {
    client: () => admin,
    other: null,
    path: () => '/api/articles',
    body: () => sampleArticle({ title: `Från Cirkus till arenan ${next()}` }),
    table: 'articles',
    event: 'ArticleCreated',
    secondWithoutKey: 409,
  },
  'POST /api/entries': {
    client: () => admin,
    other: null,
    path: () => '/api/entries',
    // 1958 is left to this case (the years case starts at 1961); each body its own slot of the final.
    body: () => ({ year: 1958, artistId, song: `Lilla stjärna ${next()}`, runningOrder: (slots += 1) }),
    table: 'entries',
    event: 'EntryCreated',
    secondWithoutKey: 409,
  },
  'POST /api/artists': {
    client: () => admin,
    other: null,
    path: () => '/api/artists',
    body: () => ({ name: `Akten nummer ${next()}` }),
    table: 'artists',
    event: 'ArtistCreated',
    secondWithoutKey: 201,
  },
  'POST /api/sources': {
    client: () => admin,
    other: null,
    path: () => '/api/sources',
    body: () => ({ key: `kalla${next()}`, description: 'En sida som testet hänvisar till' }),
    table: 'sources',
    event: 'SourceCreated',
    secondWithoutKey: 409,
  },
};

const countRows = (table: string) =>
  backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${sql.identifier(['rm', table])}`);
const countEvents = (type: string) =>
  backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events WHERE event_type = ${type}`);
/** Items in the read model and events in the log, to compare before and after. */
const counts = async (c: CreateCase) => ({ rows: await countRows(c.table), events: await countEvents(c.event) });
const plus = (before: { rows: number; events: number }, n: number) => ({ rows: before.rows + n, events: before.events + n });

/**
 * The crash window: the create committed, but its process died before it stored the answer. Its reservation is
 * left `pending`, and once it is older than ABANDONED_AFTER_SECONDS the next request with the key takes it over.
 */
const abandonAnswer = (key: string) =>
  backend.pool.query(sql.unsafe`
    UPDATE public.idempotency_keys SET state = 'pending', status = NULL, body = NULL,
           reserved_at = now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS + 1})
     WHERE key = ${key}`);

const withKey = (key: string) => ({ 'Idempotency-Key': key });
const create = (c: CreateCase, body: unknown, key?: string, client = c.client()) => client.post(c.path(), body, key === undefined ? {} : withKey(key));
const replayed = (reply: Reply) => reply.headers.get('idempotent-replayed');

async function signIn() {
  admin = await adminClient(backend);
  member = new ApiClient(backend.url);
  await member.login(MEMBER.email, MEMBER.password);
  otherMember = new ApiClient(backend.url);
  await otherMember.login(OTHER.email, OTHER.password);
}

beforeAll(async () => {
  database = await createTestDatabase();
  backend = await startTestBackend({}, { database });
  await new ApiClient(backend.url).register(MEMBER.email, MEMBER.password);
  await new ApiClient(backend.url).register(OTHER.email, OTHER.password);
  await signIn();
  const post = await member.post('/api/forum/posts', { title: 'Inlägget att svara på', content: 'Här samlas svaren i testet.' });
  postId = post.body.id;
  memberAuthor = { userId: post.body.authorId, name: post.body.authorName };
  expect((await admin.post('/api/years', sampleYear({ year: 1958 }))).status).toBe(201);
  artistId = (await admin.post('/api/artists', { name: 'Alice Babs' })).body.id;
});
afterAll(async () => {
  await backend?.stop();
  await database?.drop();
});

it('covers exactly the create routes the routers declare with idempotentCreate', () => {
  expect([...backend.idempotentRoutes].sort()).toEqual(Object.keys(CASES).sort());
});

describe.each(Object.entries(CASES))('%s with Idempotency-Key', (_route, c) => {
  it('two requests in a row with one key: one item, and both answers carry it', async () => {
    const before = await counts(c);
    const key = randomUUID();
    const body = c.body();
    const first = await create(c, body, key);
    const second = await create(c, body, key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    expect(second.status).toBe(201);
    expect(replayed(second)).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await counts(c)).toEqual(plus(before, 1));
  });

  it('the same body in another key order is the same request', async () => {
    const before = await counts(c);
    const key = randomUUID();
    const body = c.body();
    const first = await create(c, body, key);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await create(c, reordered, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    expect(await counts(c)).toEqual(plus(before, 1));
  });

  it('concurrent requests with one key: exactly one item; the others get it replayed or 409', async () => {
    const before = await counts(c);
    const key = randomUUID();
    const body = c.body();
    const replies = await Promise.all(Array.from({ length: 6 }, () => create(c, body, key)));
    const created = replies.filter((reply) => reply.status === 201);
    const busy = replies.filter((reply) => reply.status === 409);
    expect(created.length + busy.length).toBe(replies.length);
    expect(created.filter((reply) => replayed(reply) === null)).toHaveLength(1);
    expect(new Set(created.map((reply) => reply.body.id)).size).toBe(1);
    for (const reply of busy) {
      expect(reply.body).toEqual({ error: 'En begäran med samma Idempotency-Key behandlas redan. Försök igen om en stund.' });
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    expect(await counts(c)).toEqual(plus(before, 1));
    // Once the first is done, a retry gets its answer.
    const retry = await create(c, body, key);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(created[0]!.body.id);
  });

  it('committed but its answer never stored (the process died): the retry after the takeover answers the same item, and makes no second', async () => {
    const before = await counts(c);
    const key = randomUUID();
    const body = c.body();
    const first = await create(c, body, key);
    expect(first.status).toBe(201);
    expect((await abandonAnswer(key)).rowCount).toBe(1);
    const retry = await create(c, body, key);
    expect(retry.status).toBe(201);
    expect(replayed(retry)).toBeNull(); // the takeover ran the route again: it is not the stored answer
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body).toEqual(first.body);
    expect(await counts(c)).toEqual(plus(before, 1));
    // The retry's answer is stored now: the next one is its replay.
    const again = await create(c, body, key);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it("after a crash, another user's retry with the same key and body finds that user's own item", async () => {
    if (!c.other) return expect(c.client()).toBe(admin); // one administrator: nobody else can create here
    const key = randomUUID();
    const body = c.body();
    const before = await counts(c);
    const mine = await create(c, body, key);
    const theirs = await create(c, body, key, c.other());
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect((await abandonAnswer(key)).rowCount).toBe(2);
    const myRetry = await create(c, body, key);
    const theirRetry = await create(c, body, key, c.other());
    expect([myRetry.status, theirRetry.status]).toEqual([201, 201]);
    expect(myRetry.body.id).toBe(mine.body.id);
    expect(theirRetry.body.id).toBe(theirs.body.id);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await counts(c)).toEqual(plus(before, 2));
  });

  it('the same key with another body: 422, and nothing new', async () => {
    const key = randomUUID();
    expect((await create(c, c.body(), key)).status).toBe(201);
    const before = await counts(c);
    const other = await create(c, c.body(), key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'Idempotency-Key har redan använts för en annan begäran' });
    expect(await counts(c)).toEqual(before);
  });

  it("the same key from another user is that user's own key", async () => {
    if (!c.other) return expect(c.client()).toBe(admin); // one administrator: nobody else can create here
    const key = randomUUID();
    const body = c.body();
    const before = await counts(c);
    const mine = await create(c, body, key);
    const theirs = await create(c, body, key, c.other());
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(replayed(theirs)).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await counts(c)).toEqual(plus(before, 2));
  });

  it.each(['', 'a b', 'x'.repeat(256), '""'])('a malformed key %j: 400 naming the header, and nothing new', async (key) => {
    const before = await counts(c);
    const reply = await create(c, c.body(), key);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Ogiltig Idempotency-Key: nyckeln ska vara 1–255 synliga ASCII-tecken');
    expect(await counts(c)).toEqual(before);
  });

  it("the longest key (255 visible characters) and the draft's quoted form are keys", async () => {
    const before = await counts(c);
    const long = `${randomUUID()}${'~'.repeat(255 - 36)}`;
    const body = c.body();
    expect((await create(c, body, long)).status).toBe(201);
    const quotedRetry = await create(c, body, `"${long}"`);
    expect(quotedRetry.status).toBe(201);
    expect(replayed(quotedRetry)).toBe('true');
    expect(await counts(c)).toEqual(plus(before, 1));
  });

  it('a refused request (400) is answered the same on a retry, and a changed body needs a new key', async () => {
    const key = randomUUID();
    const invalid = { ...c.body(), title: 1, content: 1, year: 'x', name: 1, key: 1 };
    const first = await create(c, invalid, key);
    expect(first.status).toBe(400);
    const again = await create(c, invalid, key);
    expect(again.status).toBe(400);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('without a key, the same body twice is two requests, as before', async () => {
    const before = await counts(c);
    const body = c.body();
    const first = await create(c, body);
    const second = await create(c, body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(c.secondWithoutKey);
    expect(replayed(second)).toBeNull();
    expect(await counts(c)).toEqual(plus(before, c.secondWithoutKey === 201 ? 2 : 1));
  });
});

it('a key outlives the backend: a new backend on the same database replays every create', async () => {
  const firsts = new Map<string, { key: string; body: unknown; reply: Reply; before: { rows: number; events: number } }>();
  for (const [route, c] of Object.entries(CASES)) {
    const key = randomUUID();
    const body = c.body();
    const before = await counts(c);
    const reply = await create(c, body, key);
    expect(reply.status, route).toBe(201);
    firsts.set(route, { key, body, reply, before });
  }
  await backend.stop();
  backend = await startTestBackend({}, { database });
  await signIn();
  for (const [route, c] of Object.entries(CASES)) {
    const first = firsts.get(route)!;
    const again = await create(c, first.body, first.key);
    expect(again.status, route).toBe(201);
    expect(replayed(again), route).toBe('true');
    expect(again.body, route).toEqual(first.reply.body);
    expect(await counts(c), route).toEqual(plus(first.before, 1));
  }
});

it('a crashed create whose item was deleted since: the retry answers 404 and makes no new one', async () => {
  const c = CASES['POST /api/forum/posts']!;
  const key = randomUUID();
  const body = c.body();
  const first = await create(c, body, key);
  expect(first.status).toBe(201);
  expect((await member.delete(`/api/forum/posts/${first.body.id}`)).status).toBe(200);
  await abandonAnswer(key);
  const before = await counts(c);
  const retry = await create(c, body, key);
  expect(retry.status).toBe(404);
  expect(retry.body).toEqual({ error: 'Inlägg hittades inte' });
  expect(await counts(c)).toEqual(before);
});

it('two runs of one keyed create at once (the first still running past the takeover): one item, and every run answers it', async () => {
  // The services as the route calls them, with the seed the middleware derives: four runs of one request at once.
  const keyed = (userId: string): CommandContext => ({
    actor: { type: 'user', userId, email: MEMBER.email },
    correlationId: randomUUID(),
    causationId: null,
    idempotencySeed: idempotencySeed(userId, randomUUID(), 'fingerprint'),
  });
  const runs = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: 4 }, run));

  const posts = CASES['POST /api/forum/posts']!;
  const postsBefore = await counts(posts);
  const input = ForumPostCreateInputSchema.parse(posts.body());
  const context = keyed(memberAuthor.userId);
  const answers = await runs(() => backend.forum.createPost(input, { ...memberAuthor, isAdmin: false }, context));
  expect(new Set(answers.map((answer) => (JSON.parse(answer) as { id: string }).id)).size).toBe(1);
  expect(await counts(posts)).toEqual(plus(postsBefore, 1));

  // A year claims its number first: the runs that lose that race find the key their own, not taken.
  const years = CASES['POST /api/years']!;
  const yearsBefore = await counts(years);
  const fields = YearCreateInputSchema.parse(years.body());
  const yearContext = keyed(randomUUID());
  const created = await runs(() => backend.services.years.create(fields, yearContext));
  expect(new Set(created.map((year) => year.id)).size).toBe(1);
  expect(await counts(years)).toEqual(plus(yearsBefore, 1));
  const claims = await backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*)::int AS n FROM es.events WHERE event_type = 'KeyClaimed' AND data->>'ownerId' = ${created[0]!.id}`);
  expect(claims).toBe(1);
});

it('a like needs no key: it is a set, not a toggle, so a resent like (key or not) still counts once', async () => {
  const post = await otherMember.post('/api/forum/posts', { title: 'Inlägget att gilla', content: 'Gilla gärna, två gånger.' });
  const like = () => member.post(`/api/forum/posts/${post.body.id}/like`, undefined, withKey('samma-nyckel'));
  const answers = [await like(), await like()];
  expect(answers.map((answer) => answer.body)).toEqual([
    { postId: post.body.id, likes: 1, liked: true },
    { postId: post.body.id, likes: 1, liked: true },
  ]);
  expect(backend.idempotentRoutes.some((route) => route.includes('/like'))).toBe(false);
});
