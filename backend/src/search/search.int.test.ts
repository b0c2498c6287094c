import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, startTestBackend, type TestBackend } from '../../test/harness';
import { describeYearRelevance } from './year-relevance.behaviour';

type YearHit = { id: string; year: number; winner: string; song: string; venue: string; city: string; isClassic: boolean; videoUrl: string | null };

let backend: TestBackend;
let client: ApiClient;

beforeAll(async () => {
  backend = await startTestBackend({ IMPORT_ARCHIVE: 'true' });
  client = new ApiClient(backend.url);
});
afterAll(async () => {
  await backend?.stop();
});

const searchYears = async (params: Record<string, string>) => {
  const reply = await client.get(`/api/search/years?${new URLSearchParams(params)}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as YearHit[];
};
const firstYear = async (q: string) => (await searchYears({ q }))[0]?.year;

describeYearRelevance('PostgreSQL', (q) => searchYears({ q }));

describe('year search on the real archive: filters and hostile input', () => {
  it('returns every year newest first for an empty query, and applies filters', async () => {
    const all = await searchYears({ q: '   ' });
    expect(all).toHaveLength(65);
    expect(all.map((y) => y.year)).toEqual([...all.map((y) => y.year)].sort((a, b) => b - a));
    const seventies = await searchYears({ decade: '1970' });
    expect(seventies.length).toBeGreaterThan(5);
    expect(seventies.every((y) => y.year >= 1970 && y.year <= 1979)).toBe(true);
    const classics = await searchYears({ category: 'classics' });
    expect(classics.map((y) => y.year).sort()).toEqual([1974, 1984, 1991, 1999, 2012, 2015, 2023]);
    const lost = await searchYears({ category: 'lost-media' });
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((y) => y.videoUrl === null)).toBe(true);
    expect(await searchYears({ category: 'controversies' })).toEqual([]);
    expect((await searchYears({ category: 'classics', decade: '2010' })).map((y) => y.year)).toEqual([2015, 2012]);
    expect((await searchYears({ q: 'loreen', category: 'winners' })).map((y) => y.year)).toEqual([2023, 2012]);
    expect((await searchYears({ q: 'all', category: 'all', decade: 'all' })).length).toBeGreaterThan(0);
  });

  it('finds nothing for a query with no letter or digit, while an empty query still lists', async () => {
    for (const q of ['%', '_', '\\', "'", '🎤', ' %  _ ']) {
      for (const path of ['years', 'articles', 'videos', 'forum']) {
        const reply = await client.get(`/api/search/${path}?q=${encodeURIComponent(q)}`);
        expect(reply.status, `${path} ${q}`).toBe(200);
        expect(reply.body, `${path} ${q}`).toEqual([]);
      }
    }
    expect((await client.get('/api/search/years?q=')).body).toHaveLength(65);
  });

  it('refuses bad parameters with 400 and a message', async () => {
    // A 10 kB query reaches the app and is refused there; far longer URLs Node itself refuses (431).
    for (const query of ['category=bogus', 'decade=1955', 'decade=abc', 'decade=2030', 'q=a&q=b', `q=${'x'.repeat(201)}`, `q=${'x'.repeat(10_000)}`]) {
      const reply = await client.get(`/api/search/years?${query}`);
      expect(reply.status, query.slice(0, 40)).toBe(400);
      expect(typeof reply.body.error, query.slice(0, 40)).toBe('string');
    }
    for (const path of ['/api/search/articles?q=a&q=b', `/api/search/videos?q=${'x'.repeat(300)}`]) {
      expect((await client.get(path)).status).toBe(400);
    }
  });

  it.each([
    ["'; DROP TABLE rm.years; --"],
    ['%'],
    ['\\'],
    ['_'],
    ['"abba"'],
    ['SELECT * FROM users WHERE 1=1'],
    ['abba\u0000\u0001\u0007'],
    ['<script>alert(1)</script>'],
    ['🎤 ☃ ∞'],
    ['a'],
  ])('answers hostile-looking input %j with results, never an error', async (q) => {
    const reply = await client.get(`/api/search/years?q=${encodeURIComponent(q)}`);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    expect((await client.get('/api/years')).body).toHaveLength(65);
  });

  it('finds control-character-laden and quoted queries by their words', async () => {
    expect(await firstYear('abba\u0000')).toBe(1974);
    expect(await firstYear('"abba"')).toBe(1974);
  });
});

describe('article and video search', () => {
  it('finds articles by words in the title or text, accents folded', async () => {
    const all = await client.get('/api/search/articles');
    expect(all.body).toHaveLength(4);
    const cirkus = (await client.get('/api/search/articles?q=cirkus%20arenan')).body as Array<{ title: string; category: string }>;
    expect(cirkus[0]!.category).toBe('history');
    const noHit = await client.get('/api/search/articles?q=qwxzv');
    expect(noHit.body).toEqual([]);
  });

  it('finds videos by artist, title prefix and typo', async () => {
    const loreen = (await client.get('/api/search/videos?q=loreen')).body as Array<{ artist: string; title: string }>;
    expect(
      loreen
        .slice(0, 2)
        .map((v) => v.title)
        .sort(),
    ).toEqual(['Euphoria', 'Tattoo']);
    expect(((await client.get('/api/search/videos?q=waterl')).body as Array<{ title: string }>)[0]!.title).toBe('Waterloo');
    expect(((await client.get('/api/search/videos?q=herrey')).body as Array<{ artist: string }>)[0]!.artist).toBe('Herreys');
    expect((await client.get('/api/search/videos')).body).toHaveLength(25);
  });
});

describe('search follows the log', () => {
  it('finds an edit as soon as the command answers, and forgets a deleted year', async () => {
    const admin = await adminClient(backend);
    const [abba] = await searchYears({ q: '1974' });
    const edited = await admin.put(`/api/years/${abba!.id}`, { facts: [...(abba as unknown as { facts: string[] }).facts, 'Svarvarmästarens favorit'] });
    expect(edited.status).toBe(200);
    expect(await firstYear('svarvarmästarens')).toBe(1974);

    const [y1958] = await searchYears({ q: '1958' });
    expect(y1958!.year).toBe(1958);
    expect((await admin.delete(`/api/years/${y1958!.id}`)).status).toBe(200);
    expect((await searchYears({ q: 'lilla stjärna' })).some((y) => y.year === 1958)).toBe(false);
  });
});
