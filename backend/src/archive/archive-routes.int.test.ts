import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleArticle, sampleVideo, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';
import { articleSlugTakenMessage } from './articles/article';
import { sourceKeyTakenMessage } from './lineups/source';
import { yearTakenMessage } from './years/year';

let backend: TestBackend;
let admin: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  anonymous = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

const years = async () => (await anonymous.get('/api/years')).body as Array<Record<string, any>>;

describe('years', () => {
  it('lists nothing before anything is created', async () => {
    const reply = await anonymous.get('/api/years');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it('creates a year and serves it at once from the read model (read your writes)', async () => {
    const created = await admin.post('/api/years', sampleYear({ year: 1974 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ year: 1974, winner: 'ABBA', song: 'Waterloo', imageUrl: null, videoUrl: null, isClassic: true });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await years()).toEqual([created.body]);
    const byYear = await anonymous.get('/api/years/by-year/1974');
    expect(byYear.status).toBe(200);
    expect(byYear.body).toEqual(created.body);
  });

  it('lists years newest first', async () => {
    await admin.post('/api/years', sampleYear({ year: 1984, winner: 'Herreys', song: 'Diggi-Loo Diggi-Ley' }));
    await admin.post('/api/years', sampleYear({ year: 1958, winner: 'Alice Babs', song: 'Lilla stjärna' }));
    expect((await years()).map((y) => y.year)).toEqual([1984, 1974, 1958]);
  });

  it('answers 404 "Year not found" for a year that is not in the archive or is not a number', async () => {
    for (const path of ['/api/years/by-year/1964', '/api/years/by-year/abc', '/api/years/by-year/99999', '/api/years/by-year/-1']) {
      const reply = await anonymous.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toEqual({ error: 'Year not found' });
    }
  });

  it('applies the create-form defaults and splits comma-separated facts on create', async () => {
    const reply = await admin.post('/api/years', {
      ...sampleYear({ year: 1991 }),
      facts: ' Vann Eurovision i Rom,  Carolas andra seger , ',
      controversies: 'Ingen',
      isClassic: undefined,
      sources: undefined,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.facts).toEqual(['Vann Eurovision i Rom', 'Carolas andra seger']);
    expect(reply.body.controversies).toEqual(['Ingen']);
    expect(reply.body.isClassic).toBe(false);
    expect(reply.body.sources).toEqual([]);
    const withoutYear = await admin.post('/api/years', { ...sampleYear(), year: undefined, winner: 'Årets vinnare' });
    expect(withoutYear.status).toBe(201);
    expect(withoutYear.body.year).toBe(new Date().getFullYear());
  });

  it('refuses a second year with the same number (409) and keeps one', async () => {
    const before = await years();
    const reply = await admin.post('/api/years', sampleYear({ year: 1974, winner: 'Någon annan' }));
    expect(reply.status).toBe(409);
    expect(reply.body.error).toContain('1974');
    expect(await years()).toEqual(before);
  });

  it('lets exactly one of many concurrent creates of the same number win, and tells the others the number is taken', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => admin.post('/api/years', sampleYear({ year: 1999, winner: `Vinnare ${i}` }))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    // Not 'someone else changed this at the same time, reload': a create that lost the race for the number is told
    // what a later one is told.
    expect(replies.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(7).fill(yearTakenMessage({ year: 1999 })));
    expect((await years()).filter((y) => y.year === 1999)).toHaveLength(1);
  });

  it('tells concurrent creates of one article address and one source key that it is taken, one of each made', async () => {
    const articles = await Promise.all(
      Array.from({ length: 6 }, (_, i) => admin.post('/api/articles', { ...sampleArticle({ title: `Samtidig ${i}` }), slug: 'samtidig' })),
    );
    expect(articles.filter((r) => r.status === 201)).toHaveLength(1);
    expect(articles.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(5).fill(articleSlugTakenMessage({ slug: 'samtidig' })));
    const sources = await Promise.all(Array.from({ length: 6 }, (_, i) => admin.post('/api/sources', { key: 'samtidig-kalla', description: `Källa ${i}` })));
    expect(sources.filter((r) => r.status === 201)).toHaveLength(1);
    expect(sources.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(5).fill(sourceKeyTakenMessage({ key: 'samtidig-kalla' })));
  });

  it.each([
    ['missing winner', { winner: undefined }, 'winner'],
    ['empty song', { song: '   ' }, 'song'],
    ['year before 1958', { year: 1957 }, 'year'],
    ['year far in the future', { year: 3000 }, 'year'],
    ['year as text', { year: 'nittonhundra' }, 'year'],
    ['year with decimals', { year: 1974.5 }, 'year'],
    ['facts as a number', { facts: 12 }, 'facts'],
    ['a fact that is not text', { facts: [{}] }, 'facts.0'],
    ['controversies of numbers', { controversies: [1, 2] }, 'controversies.0'],
    ['isClassic as text', { isClassic: 'ja' }, 'isClassic'],
    ['videoUrl that is not a web address', { videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
    ['venue as null', { venue: null }, 'venue'],
    ['description too long', { description: 'x'.repeat(10_001) }, 'description'],
  ])('refuses a year with %s (400 naming the field)', async (_label, change, field) => {
    const before = await years();
    const reply = await admin.post('/api/years', { ...sampleYear({ year: 2001 }), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain(field);
    // In Swedish: none of zod's English defaults ('Invalid input', 'Expected …, received …', 'Required').
    expect(reply.body.error).not.toMatch(/Invalid|Expected|Required/);
    expect(reply.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await years()).toEqual(before);
  });

  it('refuses bodies that are not JSON objects', async () => {
    const before = await years();
    for (const body of ['[]', '"text"', '42', 'null', '{"year":', '']) {
      const reply = await admin.request('POST', '/api/years', { body, headers: { 'content-type': 'application/json' } });
      expect([400], body).toContain(reply.status);
      expect(typeof reply.body.error, body).toBe('string');
    }
    const wrongType = await admin.request('POST', '/api/years', { body: 'year=1974', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongType.status).toBe(415);
    expect(await years()).toEqual(before);
  });

  it('updates some fields, keeps the rest, and serves the change at once', async () => {
    const [abba] = (await years()).filter((y) => y.year === 1974);
    const reply = await admin.put(`/api/years/${abba!.id}`, { winner: 'ABBA (Agnetha, Björn, Benny, Anni-Frid)', facts: ['Ett', 'Två'] });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...abba, winner: 'ABBA (Agnetha, Björn, Benny, Anni-Frid)', facts: ['Ett', 'Två'] });
    expect((await anonymous.get('/api/years/by-year/1974')).body).toEqual(reply.body);
  });

  it('moves a year to a free number and frees the old one; refuses a taken number', async () => {
    const created = await admin.post('/api/years', sampleYear({ year: 2002, winner: 'Afro-dite' }));
    const moved = await admin.put(`/api/years/${created.body.id}`, { year: 2003 });
    expect(moved.status).toBe(200);
    expect((await anonymous.get('/api/years/by-year/2002')).status).toBe(404);
    expect((await anonymous.get('/api/years/by-year/2003')).body.winner).toBe('Afro-dite');
    const reuse = await admin.post('/api/years', sampleYear({ year: 2002, winner: 'Ny vinnare' }));
    expect(reuse.status).toBe(201);
    const taken = await admin.put(`/api/years/${created.body.id}`, { year: 1974 });
    expect(taken.status).toBe(409);
    expect((await anonymous.get('/api/years/by-year/2003')).body.winner).toBe('Afro-dite');
  });

  it('answers 404 for unknown ids and 400 for bad updates, changing nothing', async () => {
    const before = await years();
    expect((await admin.put('/api/years/00000000-0000-4000-8000-000000000000', { winner: 'X' })).status).toBe(404);
    expect((await admin.put('/api/years/not-a-uuid', { winner: 'X' })).status).toBe(404);
    expect((await admin.delete('/api/years/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const id = before[0]!.id;
    const bad = await admin.put(`/api/years/${id}`, { winner: '', year: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['winner', 'year']);
    expect(await years()).toEqual(before);
  });

  it('never loses an update: of concurrent edits each either lands as its own event or gets 409', async () => {
    const target = (await years()).find((y) => y.year === 1984)!;
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => admin.put(`/api/years/${target.id}`, { winner: `Herreys ${i}` })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const events = await backend.store.readStream(`year-${target.id}`);
    const updates = events.filter((e) => e.type === 'YearUpdated');
    expect(updates).toHaveLength(ok.length);
    const lastWinner = (updates.at(-1)!.data as { fields: { winner: string } }).fields.winner;
    expect((await anonymous.get('/api/years/by-year/1984')).body.winner).toBe(lastWinner);
  });

  it('deletes a year: gone from the lists, its number free, a second delete 404', async () => {
    const target = (await years()).find((y) => y.year === 1958)!;
    const reply = await admin.delete(`/api/years/${target.id}`);
    expect(reply.status).toBe(200);
    expect((await years()).some((y) => y.id === target.id)).toBe(false);
    expect((await anonymous.get('/api/years/by-year/1958')).status).toBe(404);
    expect((await admin.delete(`/api/years/${target.id}`)).status).toBe(404);
    expect((await admin.put(`/api/years/${target.id}`, { winner: 'X' })).status).toBe(404);
    expect((await admin.post('/api/years', sampleYear({ year: 1958 }))).status).toBe(201);
  });

  it('records who did it: the events carry the admin and the request id', async () => {
    const reply = await admin.post('/api/years', sampleYear({ year: 2012, winner: 'Loreen', song: 'Euphoria' }));
    const [event] = await backend.store.readStream(`year-${reply.body.id}`);
    expect(event!.type).toBe('YearCreated');
    expect(event!.metadata).toMatchObject({
      actor: { type: 'user', email: 'admin@test.melloarkivet.se' },
      correlationId: reply.headers.get('x-request-id'),
      schemaVersion: 1,
    });
    expect(event!.metadata.causationId).toBeTruthy();
    expect(Date.parse(event!.metadata.occurredAt)).not.toBeNaN();
  });
});

describe('videos', () => {
  const videos = async () => (await anonymous.get('/api/videos')).body as Array<Record<string, any>>;

  it('creates a video with the create-form defaults and lists it in creation order', async () => {
    const first = await admin.post('/api/videos', { ...sampleVideo(), category: undefined, year: undefined });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ platform: 'youtube', category: 'classic', views: 0, year: new Date().getFullYear(), isRare: false, sources: [] });
    const second = await admin.post('/api/videos', sampleVideo({ title: 'Euphoria', artist: 'Loreen', year: 2012, platform: 'other' }));
    expect(second.status).toBe(201);
    expect((await videos()).map((v) => v.id)).toEqual([first.body.id, second.body.id]);
  });

  it.each([
    ['a missing title', { title: undefined }, 'title'],
    ['a bad url', { videoUrl: 'not a url' }, 'videoUrl'],
    ['an unknown category', { category: 'bloopers' }, 'category'],
    ['an unknown platform', { platform: 'myspace' }, 'platform'],
    ['negative views', { views: -1 }, 'views'],
  ])('refuses a video with %s', async (_label, change, field) => {
    const before = await videos();
    const reply = await admin.post('/api/videos', { ...sampleVideo(), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await videos()).toEqual(before);
  });

  it('updates and deletes a video', async () => {
    const [video] = await videos();
    const updated = await admin.put(`/api/videos/${video!.id}`, { views: '1200', isRare: true });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ views: 1200, isRare: true, title: video!.title });
    expect((await videos())[0]).toEqual(updated.body);
    expect((await admin.delete(`/api/videos/${video!.id}`)).status).toBe(200);
    expect((await videos()).some((v) => v.id === video!.id)).toBe(false);
    expect((await admin.delete(`/api/videos/${video!.id}`)).status).toBe(404);
  });
});

describe('articles', () => {
  const articles = async () => (await anonymous.get('/api/articles')).body as Array<Record<string, any>>;

  it('derives the slug from the title and applies the defaults', async () => {
    const before = Date.now();
    const reply = await admin.post('/api/articles', sampleArticle({ title: 'Från Cirkus till arenan: 1959–2025!' }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      slug: 'från-cirkus-till-arenan-1959-2025',
      author: 'Admin',
      readTime: 5,
      featured: false,
      authorTitle: '',
      imageUrl: null,
    });
    expect(Date.parse(reply.body.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a taken slug (409) and a title without letters or digits (400)', async () => {
    const before = await articles();
    const taken = await admin.post('/api/articles', sampleArticle({ title: 'Från cirkus till arenan 1959 2025' }));
    expect(taken.status).toBe(409);
    const explicit = await admin.post('/api/articles', sampleArticle({ title: 'Annan titel', slug: 'från-cirkus-till-arenan-1959-2025' }));
    expect(explicit.status).toBe(409);
    const symbols = await admin.post('/api/articles', sampleArticle({ title: '!!! ???' }));
    expect(symbols.status).toBe(400);
    expect(symbols.body.issues[0].path).toBe('slug');
    const badSlug = await admin.post('/api/articles', sampleArticle({ slug: 'Inte OK' }));
    expect(badSlug.status).toBe(400);
    const badCategory = await admin.post('/api/articles', sampleArticle({ category: 'gossip' }));
    expect(badCategory.status).toBe(400);
    expect(await articles()).toEqual(before);
  });

  it('lists newest publication first, updates a slug and frees the old one, deletes', async () => {
    const older = await admin.post('/api/articles', sampleArticle({ title: 'Äldre', publishedAt: '2020-01-01T10:00:00Z', featured: true }));
    expect(older.status).toBe(201);
    expect((await articles()).at(-1)!.id).toBe(older.body.id);
    const renamed = await admin.put(`/api/articles/${older.body.id}`, { slug: 'nytt-namn', readTime: '7' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ slug: 'nytt-namn', readTime: 7, title: 'Äldre', featured: true });
    expect((await admin.post('/api/articles', sampleArticle({ title: 'Äldre' }))).status).toBe(201);
    expect((await admin.delete(`/api/articles/${older.body.id}`)).status).toBe(200);
    expect((await articles()).some((a) => a.id === older.body.id)).toBe(false);
    expect((await admin.post('/api/articles', sampleArticle({ title: 'Nytt namn' }))).status).toBe(201);
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a JSON error', async () => {
    const reply = await anonymous.get('/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body.error).toContain('/api/nothing-here');
  });
});
