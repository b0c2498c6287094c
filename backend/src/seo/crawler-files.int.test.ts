import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, sampleArticle, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

/** /robots.txt and /sitemap.xml as a crawler reads them: every page the sitemap names exists and may be indexed. */
let backend: TestBackend;
let visitor: ApiClient;
let articleId: string;
let postId: string;
let hiddenPostId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  visitor = new ApiClient(backend.url);
  const admin = await adminClient(backend);
  await admin.post('/api/years', sampleYear({ year: 1974 }));
  await admin.post('/api/years', sampleYear({ year: 2012, winner: 'Loreen', song: 'Euphoria' }));
  articleId = (await admin.post('/api/articles', sampleArticle())).body.id;
  const artistId = (await admin.post('/api/artists', { name: 'Loreen' })).body.id;
  const entry = await admin.post('/api/entries', {
    year: 2012,
    artistId,
    song: 'Euphoria',
    heat: 1,
    runningOrder: 1,
    songwriters: ['Thomas G:son', 'Peter Boström'],
  });
  expect(entry.status, entry.text).toBe(201);
  const member = new ApiClient(backend.url);
  await member.register('karta@example.se');
  const post = async (title: string) => (await member.post('/api/forum/posts', { title, content: 'Ett inlägg som är långt nog att synas.' })).body.id as string;
  postId = await post('Finns deltävlingen 1985 kvar?');
  hiddenPostId = await post('Ett inlägg som döljs av administratören');
  expect((await admin.post(`/api/admin/moderation/posts/${hiddenPostId}`, { action: 'hide' })).status).toBe(200);
});
afterAll(async () => {
  await backend?.stop();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));

describe('the files for crawlers', () => {
  it('robots.txt keeps crawlers out of the admin screens, the API, notifications and search results, and names the sitemap', async () => {
    const reply = await visitor.get('/robots.txt');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = reply.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /admin', 'Disallow: /api/', 'Disallow: /notiser', 'Disallow: /search']));
    expect(lines).toContain(`Sitemap: ${backend.url}/sitemap.xml`);
    expect(lines.some((line) => line === 'Disallow: /')).toBe(false);
  });

  it('sitemap.xml names the fixed pages and every year, article, act, songwriter and visible forum post, with absolute addresses', async () => {
    const reply = await visitor.get('/sitemap.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(reply.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const paths = locs(reply.text).map((loc) => {
      expect(loc.startsWith(`${backend.url}/`), loc).toBe(true);
      return loc.slice(backend.url.length);
    });
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/years',
        '/video-archive',
        '/blog',
        '/forum',
        '/statistik',
        '/kallor',
        '/about',
        '/year/1974',
        '/year/2012',
        `/article/${articleId}`,
        '/artist/loreen',
        '/songwriter/thomas-g-son',
        '/songwriter/peter-bostrom',
        `/forum/post/${postId}`,
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
    // Hidden by the administrator: its page shows a placeholder, nothing to index.
    expect(paths).not.toContain(`/forum/post/${hiddenPostId}`);
    for (const privatePath of ['/login', '/search', '/notiser', '/admin']) expect(paths).not.toContain(privatePath);
    expect(reply.text).toMatch(new RegExp(`<loc>[^<]*/forum/post/${postId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ</lastmod>`));
  });

  it('every page the sitemap names answers 200 and may be indexed', async () => {
    const paths = locs((await visitor.get('/sitemap.xml')).text).map((loc) => loc.slice(backend.url.length));
    for (const path of paths) {
      const page = await visitor.get(path, { accept: 'text/html' });
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toMatch(/name="robots"[^>]*noindex/);
    }
  });

  it('HEAD answers both without a body; other methods are refused with a JSON error', async () => {
    expect((await visitor.request('HEAD', '/sitemap.xml')).status).toBe(200);
    const post = await visitor.post('/robots.txt', {});
    expect(post.status).toBe(405);
    expect(post.body).toMatchObject({ error: expect.any(String) });
  });
});
