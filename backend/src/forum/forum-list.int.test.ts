import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'slonik';
import { FORUM_SORTS, compareByKey, encodeCursor, forumSortKey, type ForumPost, type ForumSort } from '@mello/contracts';
import { forumListPageSql } from '@mello/projections';
import { appendGeneratedPosts, appendPostLikes, appendReply } from '../../test/forum-fixtures';
import { ApiClient, startTestBackend, type TestBackend } from '../../test/harness';

type Page = { items: ForumPost[]; nextCursor: string | null };

let backend: TestBackend;
let visitor: ApiClient;
let base: string[];
const TIED_AT = Date.parse('2025-01-01T00:30:00Z');
let all: string[];

const list = async (params: Record<string, string>) => {
  const reply = await visitor.get(`/api/forum/posts?${new URLSearchParams(params)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as Page;
};

/** Every page of a list, following nextCursor; `between` runs after each page (inserts while a reader scrolls). */
async function walk(params: Record<string, string>, between: () => Promise<void> = async () => undefined): Promise<ForumPost[]> {
  const seen: ForumPost[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await list({ ...params, ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(Number(params.limit ?? 20));
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (cursor === null) return seen;
    expect(page.items.length).toBe(Number(params.limit ?? 20));
    await between();
  }
  throw new Error('more than 100 pages');
}

const ids = (posts: readonly ForumPost[]) => posts.map((post) => post.id);
/** Each post once, each after the one before in the order's keys (then id), as the contract defines it. */
function expectInOrder(posts: readonly ForumPost[], sort: ForumSort) {
  expect(new Set(ids(posts)).size).toBe(posts.length);
  for (let i = 1; i < posts.length; i += 1) {
    const before = { key: forumSortKey(posts[i - 1]!, sort), id: posts[i - 1]!.id };
    const after = { key: forumSortKey(posts[i]!, sort), id: posts[i]!.id };
    expect(compareByKey(before, after), `${sort}: ${i}`).toBeLessThan(0);
  }
}

beforeAll(async () => {
  backend = await startTestBackend();
  base = await appendGeneratedPosts(backend.store, 60);
  // Four posts at one instant (and the same instant as base[30]): only the id tells them apart.
  const tied: string[] = [];
  for (let i = 0; i < 4; i += 1) tied.push(...(await appendGeneratedPosts(backend.store, 1, TIED_AT)));
  await appendPostLikes(backend.store, base[3]!, 5);
  await appendPostLikes(backend.store, base[10]!, 5);
  await appendPostLikes(backend.store, base[20]!, 2);
  await appendPostLikes(backend.store, tied[0]!, 1);
  await appendReply(backend.store, base[0]!, '2025-06-01T12:00:00.000Z');
  await appendReply(backend.store, base[5]!, '2025-03-01T12:00:00.000Z');
  await appendReply(backend.store, tied[1]!, '2025-02-01T12:00:00.000Z');
  await backend.runner.catchUp();
  all = [...base, ...tied];
  visitor = new ApiClient(backend.url);
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('GET /api/forum/posts: cursor pages', () => {
  it.each(FORUM_SORTS)('%s: the pages hold every post exactly once, in order', async (sort) => {
    const posts = await walk({ sort, limit: '7' });
    expect(posts).toHaveLength(all.length);
    expect(new Set(ids(posts))).toEqual(new Set(all));
    expectInOrder(posts, sort);
  });

  it('orders by latest activity, newest and most liked (then newest)', async () => {
    expect(ids((await list({ sort: 'activity', limit: '2' })).items)).toEqual([base[0], base[5]]);
    expect(ids((await list({ sort: 'newest', limit: '2' })).items)).toEqual([base[59], base[58]]);
    // base[3] and base[10] have 5 likes each: the newer first.
    expect(ids((await list({ sort: 'liked', limit: '3' })).items)).toEqual([base[10], base[3], base[20]]);
    // The default is latest activity.
    expect(ids((await list({ limit: '1' })).items)).toEqual([base[0]]);
  });

  it.each(FORUM_SORTS)('%s: posts created between page requests neither repeat nor shift a post', async (sort) => {
    const before = new Set((await walk({ sort, limit: '100' })).map((post) => post.id));
    const created: string[] = [];
    const posts = await walk({ sort, limit: '9' }, async () => {
      created.push(...(await appendGeneratedPosts(backend.store, 2, Date.now())));
      await backend.runner.catchUp();
    });
    expect(new Set(ids(posts)).size).toBe(posts.length);
    for (const id of before) expect(ids(posts)).toContain(id);
    expect(posts.every((post) => before.has(post.id) || created.includes(post.id))).toBe(true);
    expectInOrder(posts, sort);
  });

  it('pages a category and a search the same way', async () => {
    const found = await walk({ category: 'found', sort: 'newest', limit: '4' });
    const everyFound = (await walk({ sort: 'newest', limit: '100' })).filter((post) => post.category === 'found');
    expect(ids(found)).toEqual(ids(everyFound));

    const searched = await walk({ q: 'Loreen', sort: 'liked', limit: '3' });
    const matches = (await visitor.get('/api/search/forum?q=Loreen&limit=200')).body as ForumPost[];
    expect(matches.length).toBeGreaterThan(3);
    expect(new Set(ids(searched))).toEqual(new Set(ids(matches)));
    expectInOrder(searched, 'liked');
    expect(await list({ q: '%%' })).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a cursor it did not make for the order asked, and a limit out of bounds, with a 400 naming it', async () => {
    const first = await list({ sort: 'newest', limit: '2' });
    const bad = {
      garbage: 'inte-en-markör!',
      'not json': Buffer.from('{"s":"newest",').toString('base64url'),
      'another order': first.nextCursor!,
      'a day that is not': encodeCursor({ sort: 'activity', key: ['2024-02-30T00:00:00.000Z'], id: base[0]! }),
      'an id that is no uuid': encodeCursor({ sort: 'activity', key: ['2024-02-01T00:00:00.000Z'], id: "x'; DROP TABLE" }),
      'a key of the wrong kind': encodeCursor({ sort: 'activity', key: [5], id: base[0]! }),
      'too many likes': encodeCursor({ sort: 'liked', key: [2 ** 40, '2024-02-01T00:00:00.000Z'], id: base[0]! }),
    };
    for (const [what, cursor] of Object.entries(bad)) {
      const reply = await visitor.get(`/api/forum/posts?${new URLSearchParams({ sort: 'activity', cursor })}`);
      expect(reply.status, what).toBe(400);
      expect((reply.body as { error: string }).error, what).toBe('Ogiltiga uppgifter – cursor: Ogiltig sidmarkör, börja om från första sidan');
    }
    const twice = await visitor.get(`/api/forum/posts?cursor=${first.nextCursor}&cursor=${first.nextCursor}&sort=newest`);
    expect(twice.status).toBe(400);
    expect((await visitor.get('/api/forum/posts?limit=0')).status).toBe(400);
    const over = await visitor.get('/api/forum/posts?limit=101');
    expect(over.status).toBe(400);
    expect((over.body as { error: string }).error).toBe('Ogiltiga uppgifter – limit: Får vara högst 100');
    expect((await list({ limit: '100' })).items).toHaveLength(100);
    expect((await list({})).items).toHaveLength(20);
    const sort = await visitor.get('/api/forum/posts?sort=popular');
    expect(sort.status).toBe(400);
    expect((sort.body as { error: string }).error).toContain('sort: Måste vara en av: activity, newest, liked');
  });

  it('reads each order as a backward index range scan, never a sort of the table', async () => {
    const cursor = (sort: ForumSort) => ({ sort, key: sort === 'liked' ? [1, '2025-01-01T00:30:00.000Z'] : ['2025-01-01T00:30:00.000Z'], id: base[0]! });
    await backend.pool.transaction(async (tx) => {
      // The test table is small enough that a scan would win; without that option the plan is the one 10,000 posts get.
      await tx.query(sql.unsafe`SET LOCAL enable_seqscan = off`);
      for (const sort of FORUM_SORTS) {
        for (const category of [null, 'found']) {
          // With a category, the planner weighs the category's index against the order's own index with the
          // category as a filter by how common that category is in the (shared, concurrently written) test
          // database's statistics. Both read the order backwards without a sort, which is what this test guards.
          const index = category ? `forum_posts_(category_)?${sort}` : `forum_posts_${sort}`;
          for (const after of [null, cursor(sort)]) {
            const query = forumListPageSql({ sort, category, after, limit: 20 });
            const plan = (await tx.anyFirst(sql.unsafe`EXPLAIN ${query}`)).join('\n');
            expect(plan, plan).toMatch(new RegExp(`Index Scan Backward using ${index} on forum_posts`));
            expect(plan, plan).not.toMatch(/(^|->)\s*Sort\b/m);
            if (after) expect(plan, plan).toMatch(/Index Cond: .*ROW\(/);
          }
        }
      }
    });
  });
});
