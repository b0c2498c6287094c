import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, VideoView } from '@mello/contracts';
import { ApiClient, adminClient, sampleArticle, sampleVideo, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * The video archive's and the article list's pages by cursor (issue 19, part 8): GET /api/videos/page and
 * /api/articles/page (category filtered on the server), GET /api/videos/featured and /api/articles/featured.
 */
type Page<T> = { items: T[]; nextCursor: string | null };

let backend: TestBackend;
let admin: ApiClient;
let visitor: ApiClient;

const get = async <T>(path: string, params: Record<string, string> = {}) => {
  const query = new URLSearchParams(params).toString();
  const reply = await visitor.get(`${path}${query ? `?${query}` : ''}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
};
const created = async <T>(path: string, body: unknown) => {
  const reply = await admin.post(path, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body as T;
};
/** Every item of a list, page after page of `limit`, calling `between` after the first page. */
async function pageThrough<T extends { id: string }>(path: string, params: Record<string, string>, between?: () => Promise<void>) {
  const seen: T[] = [];
  let cursor: string | null = null;
  let first = true;
  do {
    const next: Page<T> = await get<Page<T>>(path, { ...params, ...(cursor ? { cursor } : {}) });
    expect(next.items.length).toBeLessThanOrEqual(Number(params.limit));
    seen.push(...next.items);
    cursor = next.nextCursor;
    if (first && between) await between();
    first = false;
  } while (cursor !== null);
  return seen;
}

const videos: VideoView[] = [];
const articles: Article[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  visitor = new ApiClient(backend.url);
  // Two videos a year 1990–1999 (the even ones winners), so a year's two videos are told apart by id.
  for (let year = 1990; year < 2000; year += 1) {
    for (const category of ['classic', year % 2 === 0 ? 'winner' : 'interview']) {
      videos.push(await created<VideoView>('/api/videos', sampleVideo({ title: `${category} ${year}`, year, category })));
    }
  }
  for (let day = 1; day <= 9; day += 1) {
    const category = day % 3 === 0 ? 'tech' : 'history';
    articles.push(
      await created<Article>(
        '/api/articles',
        sampleArticle({ title: `Artikel ${day}`, category, publishedAt: `2024-01-0${day}T10:00:00.000Z`, featured: day === 4 || day === 2 }),
      ),
    );
  }
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('GET /api/videos/page: the video archive by cursor', () => {
  it('pages every video exactly once, newest year first, and a video added between pages does not shift the next', async () => {
    const seen = await pageThrough<VideoView>('/api/videos/page', { limit: '3' }, async () => {
      // A newer year than any paged so far: it belongs before the cursor, so it neither repeats nor pushes one out.
      await created('/api/videos', sampleVideo({ title: 'Nytillkommen', year: 2005 }));
    });
    expect(seen.map((video) => video.id).sort()).toEqual(videos.map((video) => video.id).sort());
    expect(seen.map((video) => video.year)).toEqual(Array.from({ length: 20 }, (_, i) => 1999 - Math.floor(i / 2)));
    // The same order twice: the tie between a year's two videos is broken by id, not by chance.
    expect((await pageThrough<VideoView>('/api/videos/page', { limit: '7' })).map((video) => video.id).slice(1)).toEqual(seen.map((video) => video.id));
    expect((await get<Page<VideoView>>('/api/videos/page', { limit: '1' })).items[0]!.title).toBe('Nytillkommen');
  });

  it('filters a category on the server, paging within it', async () => {
    const winners = await pageThrough<VideoView>('/api/videos/page', { limit: '2', category: 'winner' });
    expect(winners.map((video) => video.year)).toEqual([2005, 1998, 1996, 1994, 1992, 1990]);
    expect(winners.every((video) => video.category === 'winner')).toBe(true);
    expect(await get('/api/videos/page', { category: 'lost-media' })).toEqual({ items: [], nextCursor: null });
    expect((await get<Page<VideoView>>('/api/videos/page', { category: 'all', limit: '100' })).items).toHaveLength(21);
  });

  it('answers the featured video: the first winner added', async () => {
    expect((await get<VideoView>('/api/videos/featured')).id).toBe(videos.find((video) => video.category === 'winner')!.id);
  });
});

describe('GET /api/articles/page: the article list by cursor', () => {
  it('answers the featured article (the first flagged, newest first) and pages the others, newest first', async () => {
    const featured = await get<Article>('/api/articles/featured');
    expect(featured.title).toBe('Artikel 4');
    const seen = await pageThrough<Article>('/api/articles/page', { limit: '2' });
    expect(seen.map((article) => article.title)).toEqual([
      'Artikel 9',
      'Artikel 8',
      'Artikel 7',
      'Artikel 6',
      'Artikel 5',
      'Artikel 3',
      'Artikel 2',
      'Artikel 1',
    ]);
  });

  it('filters a category on the server', async () => {
    const tech = await pageThrough<Article>('/api/articles/page', { limit: '1', category: 'tech' });
    expect(tech.map((article) => article.title)).toEqual(['Artikel 9', 'Artikel 6', 'Artikel 3']);
    expect(await get('/api/articles/page', { category: 'culture' })).toEqual({ items: [], nextCursor: null });
  });
});

describe('bad input', () => {
  const videoCursor = Buffer.from(JSON.stringify({ s: 'video-year', k: [1999], i: '0b6f4f0e-6a51-4a43-9a4c-2f1d7c1e9a01' })).toString('base64url');
  const articleCursor = Buffer.from(
    JSON.stringify({ s: 'article-published', k: ['2024-01-05T10:00:00.000Z'], i: '0b6f4f0e-6a51-4a43-9a4c-2f1d7c1e9a01' }),
  ).toString('base64url');
  const tampered = (cursor: string) => {
    const json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k: unknown[] };
    return Buffer.from(JSON.stringify({ ...json, k: ['DROP TABLE'] })).toString('base64url');
  };

  it('refuses a cursor it did not make (another list, a tampered key, not base64) with a 400 naming it, in Swedish', async () => {
    const cases: Array<[string, string]> = [
      ['/api/videos/page', 'nej'],
      ['/api/videos/page', articleCursor],
      ['/api/videos/page', tampered(videoCursor)],
      ['/api/articles/page', videoCursor],
      ['/api/articles/page', tampered(articleCursor)],
      ['/api/articles/page', `${articleCursor}%%`],
    ];
    for (const [path, cursor] of cases) {
      const reply = await visitor.get(`${path}?cursor=${cursor}`);
      expect(reply.status, `${path} ${cursor}`).toBe(400);
      expect((reply.body as { error: string }).error).toBe('Ogiltiga uppgifter – cursor: Ogiltig sidmarkör, börja om från första sidan');
    }
    // Its own cursors it takes.
    expect((await visitor.get(`/api/videos/page?cursor=${videoCursor}`)).status).toBe(200);
    expect((await visitor.get(`/api/articles/page?cursor=${articleCursor}`)).status).toBe(200);
  });

  it('refuses an unknown category and a limit out of bounds with a 400 in Swedish', async () => {
    const video = await visitor.get('/api/videos/page?category=musikal');
    expect(video.status).toBe(400);
    expect((video.body as { error: string }).error).toBe(
      'Ogiltiga uppgifter – category: Måste vara all eller en av: winner, classic, backstage, interview, lost-media',
    );
    const article = await visitor.get('/api/articles/page?category=winner');
    expect(article.status).toBe(400);
    expect((article.body as { error: string }).error).toBe('Ogiltiga uppgifter – category: Måste vara all eller en av: analysis, culture, tech, history');
    for (const query of ['limit=101', 'limit=0', 'limit=abc', 'category=winner&category=classic']) {
      expect((await visitor.get(`/api/videos/page?${query}`)).status, query).toBe(400);
    }
  });
});
