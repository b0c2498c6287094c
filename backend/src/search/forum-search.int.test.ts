import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendGeneratedPosts, appendPost } from '../../test/forum-fixtures';
import { ApiClient, startTestBackend, type TestBackend } from '../../test/harness';

type PostHit = { id: string; title: string; category: string; createdAt: string; authorName: string; tags: string[] };

let backend: TestBackend;
let visitor: ApiClient;
let member: ApiClient;
const own: Record<string, string> = {};

const search = async (params: Record<string, string>) => {
  const reply = await visitor.get(`/api/search/forum?${new URLSearchParams(params)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as PostHit[];
};
const post = async (title: string, content: string, extra: Record<string, unknown> = {}) => {
  const reply = await member.post('/api/forum/posts', { title, content, ...extra });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
};

beforeAll(async () => {
  backend = await startTestBackend();
  await appendGeneratedPosts(backend.store, 400);
  // Older than every generated post, so outside the newest rows a search of a common word reads first: the exact
  // title, and the only post with 'pausnum' as a whole word (the generated ones have only 'pausnumret').
  own.oldExact = await appendPost(backend.store, { title: 'Mellanakten', content: 'Hela mellanakten från 1985.', createdAt: '2001-01-01T00:00:00.000Z' });
  own.oldWhole = await appendPost(backend.store, { title: 'Pausnum på VHS', content: 'Ett pausnum från 1986.', createdAt: '2001-01-02T00:00:00.000Z' });
  await backend.runner.catchUp();
  visitor = new ApiClient(backend.url);
  member = new ApiClient(backend.url);
  await member.register('forskare@example.se', 'member-password-1', { firstName: 'Frida', lastName: 'Forskare' });
  own.stormvind = await post('Fångad av en stormvind på VHS', 'Har en gammal inspelning av finalen 1991 från Malmö.', {
    category: 'found',
    tags: ['vhs', 'carola'],
  });
  own.loreen = await post('Loreens repetition 2012', 'Letar efter repetitionen av Euphoria i Globen.', { category: 'lost-media' });
  own.waterloo = await post('Waterloo i Brighton', 'ABBA:s framträdande finns bara i delar, vem har resten?', { category: 'tips' });
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('forum search: the list screen and relevance (PostgreSQL adapter, 405 posts)', () => {
  it('with no words answers the newest posts first, 50 by default, up to limit', async () => {
    const newest = await search({});
    expect(newest).toHaveLength(50);
    expect(newest[0]!.id).toBe(own.waterloo);
    const times = newest.map((hit) => Date.parse(hit.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await search({ limit: '5' })).toHaveLength(5);
    expect(await search({ limit: '200' })).toHaveLength(200);
  });

  it('filters by category, with or without words', async () => {
    const found = await search({ category: 'found', limit: '200' });
    expect(found.length).toBeGreaterThan(50);
    expect(found.every((hit) => hit.category === 'found')).toBe(true);
    expect((await search({ q: 'stormvind', category: 'found' }))[0]!.id).toBe(own.stormvind);
    expect(await search({ q: 'stormvind', category: 'tips' })).toEqual([]);
  });

  it('ranks the exact title first, folds å/ä/ö, forgives a typo and matches prefixes', async () => {
    expect((await search({ q: 'Fångad av en stormvind på VHS' }))[0]!.id).toBe(own.stormvind);
    expect((await search({ q: 'fangad av en stormvind' }))[0]!.id).toBe(own.stormvind);
    expect((await search({ q: 'lorrens repetition' }))[0]!.id).toBe(own.loreen);
    expect((await search({ q: 'water' }))[0]!.id).toBe(own.waterloo);
  });

  it('searches tags, author names and content; two words are both required before partial matches', async () => {
    expect((await search({ q: 'vhs carola' }))[0]!.id).toBe(own.stormvind);
    expect(
      (await search({ q: 'Frida Forskare' }))
        .slice(0, 3)
        .map((hit) => hit.id)
        .sort(),
    ).toEqual([own.stormvind, own.loreen, own.waterloo].sort());
    const hasBoth = (hit: PostHit) => /mellanakten/i.test(hit.title) && /loreen/i.test(hit.title);
    const both = await search({ q: 'mellanakten Loreen', limit: '200' });
    const bothCount = both.filter(hasBoth).length;
    expect(bothCount).toBeGreaterThan(0);
    expect(both.slice(0, bothCount).every(hasBoth)).toBe(true);
    expect(both.length).toBeGreaterThan(bothCount);
  });

  it('a short page of two common words holds only posts with both, in the order of the long list', async () => {
    // 'carola' and 'malmö' are each in about a tenth of the posts and together in a fortieth: with a page smaller than
    // the posts matching both, the posts with only one word are never needed (the search skips scoring them).
    const inPost = (hit: PostHit & { content?: string }, word: RegExp) => word.test(`${hit.title} ${hit.content ?? ''} ${hit.tags.join(' ')}`);
    const long = (await search({ q: 'carola malmö', limit: '200' })) as Array<PostHit & { content?: string }>;
    const both = long.filter((hit) => inPost(hit, /carola/i) && inPost(hit, /malmö/i)).length;
    expect(both).toBeGreaterThan(5);
    expect(long.length).toBeGreaterThan(both);
    const short = await search({ q: 'carola malmö', limit: '5' });
    expect(short.map((hit) => hit.id)).toEqual(long.slice(0, 5).map((hit) => hit.id));
    expect(short.every((hit) => inPost(hit, /carola/i) && inPost(hit, /malmö/i))).toBe(true);
  });

  it('a common word answers a short page from the newest posts, but never misses an older post that ranks first', async () => {
    // 'mellanakten' and 'pausnumret' are each in an eighth of the generated titles: a page of 5 is among the newest
    // 100 posts, which the search reads instead of scoring every match, when no older post can rank higher.
    const mellanakten = await search({ q: 'mellanakten', limit: '5' });
    expect(mellanakten[0]!.id).toBe(own.oldExact);
    expect(mellanakten.map((hit) => hit.id)).toEqual((await search({ q: 'mellanakten', limit: '200' })).slice(0, 5).map((hit) => hit.id));
    expect(mellanakten.slice(1).every((hit) => /^Söker mellanakten /.test(hit.title))).toBe(true);
    const pausnum = await search({ q: 'pausnum', limit: '5' });
    expect(pausnum[0]!.id).toBe(own.oldWhole);
    expect(pausnum.slice(1).every((hit) => /^Söker pausnumret /.test(hit.title))).toBe(true);
    const repet = await search({ q: 'repet', limit: '5' });
    expect(repet.every((hit) => / repetition/i.test(` ${hit.title}`))).toBe(true);
    expect(repet.map((hit) => hit.id)).toEqual((await search({ q: 'repet', limit: '200' })).slice(0, 5).map((hit) => hit.id));
    const times = repet.map((hit) => Date.parse(hit.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('finds an edit as soon as the command answers and forgets a deleted post', async () => {
    const id = await post('Tillfälligt inlägg', 'Om något som snart ändras.');
    expect((await member.put(`/api/forum/posts/${id}`, { title: 'Zebrafinken i pausen' })).status).toBe(200);
    expect((await search({ q: 'zebrafinken' }))[0]!.id).toBe(id);
    expect((await member.delete(`/api/forum/posts/${id}`)).status).toBe(200);
    expect(await search({ q: 'zebrafinken' })).toEqual([]);
  });

  it('refuses bad parameters with 400 and answers hostile input without an error', async () => {
    for (const query of ['category=help', 'category=all&category=tips', 'limit=0', 'limit=201', 'limit=abc', `q=${'x'.repeat(10_000)}`]) {
      const reply = await visitor.get(`/api/search/forum?${query}`);
      expect(reply.status, query.slice(0, 40)).toBe(400);
      expect(typeof reply.body.error).toBe('string');
    }
    for (const q of ["'; DROP TABLE rm.forum_posts; --", '%', '\\', '_', 'x\u0000\u0007y', '"citat"', 'OR 1=1']) {
      const reply = await visitor.get(`/api/search/forum?q=${encodeURIComponent(q)}`);
      expect(reply.status, q).toBe(200);
      expect(Array.isArray(reply.body)).toBe(true);
    }
    expect(await search({ limit: '200' })).toHaveLength(200);
  });
});
