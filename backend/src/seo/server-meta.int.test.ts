import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleArticle, sampleVideo, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * What a crawler without JavaScript gets: the HTML of each client route with its page meta in <head>.
 * Works with the built client's index.html and with the built-in template (no build), as both carry the marker.
 */
let backend: TestBackend;
let crawler: ApiClient;
let articleId: string;
let hostileArticleId: string;

const LONG_DESCRIPTION =
  'ABBA vann med Waterloo och tog sedan hem hela Eurovision Song Contest i Brighton, en seger som förändrade svensk popmusik för alltid.';
const HOSTILE_TITLE = `</script><script>alert("x")</script><img src=x onerror=alert(1)> & 'citat'`;

beforeAll(async () => {
  backend = await startTestBackend();
  crawler = new ApiClient(backend.url);
  const admin = await adminClient(backend);
  await admin.post('/api/years', sampleYear({ year: 1974, description: LONG_DESCRIPTION }));
  // Ten more years than the first: /years describes only the first 10 (spec section 9).
  for (let year = 2000; year < 2011; year += 1) await admin.post('/api/years', sampleYear({ year, winner: `Vinnare ${year}`, date: '' }));
  await admin.post('/api/videos', sampleVideo());
  await admin.post('/api/artists', { name: 'Carola Häggkvist', aliases: ['Carola'] });
  articleId = (await admin.post('/api/articles', sampleArticle({ imageUrl: 'https://example.org/cirkus.jpg' }))).body.id;
  hostileArticleId = (await admin.post('/api/articles', sampleArticle({ title: HOSTILE_TITLE, excerpt: `Utdrag ${HOSTILE_TITLE}` }))).body.id;
});
afterAll(async () => {
  await backend?.stop();
});

type Head = { status: number; html: string; title: string; meta: (key: string) => string | undefined; jsonLd: any; count: (pattern: RegExp) => number };

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function crawl(path: string): Promise<Head> {
  const reply = await crawler.get(path, { accept: 'text/html' });
  expect(reply.headers.get('content-type'), reply.text).toMatch(/^text\/html/);
  const html = reply.text;
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = head.match(/<(meta|link)\b[^>]*>/g) ?? [];
  const script = /<script type="application\/ld\+json" data-page-meta>([\s\S]*?)<\/script>/.exec(head)?.[1];
  return {
    status: reply.status,
    html,
    title: decode(/<title[^>]*>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    meta: (key) => {
      const tag = tags.find((candidate) => [attr(candidate, 'name'), attr(candidate, 'property'), attr(candidate, 'rel')].includes(key));
      const value = tag && (attr(tag, 'content') ?? attr(tag, 'href'));
      return value === undefined ? undefined : decode(value);
    },
    jsonLd: script === undefined ? undefined : JSON.parse(script),
    count: (pattern) => (head.match(pattern) ?? []).length,
  };
}

describe('the HTML a crawler sees', () => {
  it('home: title, description, Open Graph, canonical and a WebSite with a search action', async () => {
    const page = await crawl('/');
    expect(page.status).toBe(200);
    expect(page.title).toMatch(/ \| Melloarkivet$/);
    expect(page.meta('description')).toMatch(/Melodifestivalen/);
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:image')).toBe(`${backend.url}/og-default.png`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('canonical')).toBe(`${backend.url}/`);
    expect(page.meta('robots')).toBeUndefined();
    expect(page.jsonLd).toMatchObject({ '@type': 'WebSite', potentialAction: { target: { urlTemplate: `${backend.url}/search?q={search_term_string}` } } });
    // Each tag once: the client replaces these marked tags instead of adding its own.
    expect(page.count(/<title/g)).toBe(1);
    expect(page.count(/rel="canonical"/g)).toBe(1);
    expect(page.count(/name="description"/g)).toBe(1);
    expect(page.count(/application\/ld\+json/g)).toBe(1);
    expect(page.count(/data-page-meta/g)).toBeGreaterThan(10);
  });

  it('/year/1974: the year in the title, the first 100 characters of its description, a music event', async () => {
    const page = await crawl('/year/1974');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Melodifestivalen 1974: ABBA – Waterloo | Melloarkivet');
    expect(page.meta('description')).toBe(LONG_DESCRIPTION.slice(0, 100).trimEnd());
    expect(page.meta('og:description')).toBe(page.meta('description'));
    expect(page.meta('og:url')).toBe(`${backend.url}/year/1974`);
    expect(page.meta('canonical')).toBe(`${backend.url}/year/1974`);
    expect(page.meta('og:image')).toBe(`${backend.url}/og-default.png`); // no imageUrl: the fallback share image
    expect(page.jsonLd).toMatchObject({
      '@type': 'MusicEvent',
      name: 'Melodifestivalen 1974',
      startDate: '1974-02-09',
      performer: { name: 'ABBA' },
      workPerformed: { name: 'Waterloo' },
      location: { name: 'Konserthuset', address: { addressLocality: 'Göteborg', addressCountry: 'SE' } },
    });
  });

  it('/article/{id}: title, excerpt, image, article type and an Article', async () => {
    const page = await crawl(`/article/${articleId}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('Från Cirkus till arenan | Melloarkivet');
    expect(page.meta('description')).toBe('Finalens resa genom Sverige.');
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe('https://example.org/cirkus.jpg');
    expect(page.jsonLd).toMatchObject({ '@type': 'Article', headline: 'Från Cirkus till arenan', articleSection: 'history', author: { name: 'Admin' } });
  });

  it('/article/{ID} in capitals is the same article, with the canonical address in lower case', async () => {
    const page = await crawl(`/article/${articleId.toUpperCase()}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('Från Cirkus till arenan | Melloarkivet');
    expect(page.meta('canonical')).toBe(`${backend.url}/article/${articleId}`);
  });

  it('/years: structured data for the first 10 years only', async () => {
    const page = await crawl('/years');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Alla Melodifestivalen År | Melloarkivet');
    expect(page.jsonLd).toHaveLength(10);
    expect(page.jsonLd.every((event: any) => event['@type'] === 'MusicEvent')).toBe(true);
    expect(page.jsonLd[0]).toMatchObject({ name: 'Melodifestivalen 2010', url: `${backend.url}/year/2010` });
    expect(page.jsonLd[0].startDate).toBeUndefined(); // an empty date is left out, never guessed
  });

  it('/video-archive and /blog describe their videos and articles', async () => {
    expect((await crawl('/video-archive')).jsonLd).toMatchObject({ '@type': 'VideoObject', name: 'Waterloo', duration: 'PT3M4S' });
    const blog = await crawl('/blog');
    expect(blog.jsonLd).toHaveLength(2);
  });

  it('answers 404 for unknown paths, years and articles, still with the client HTML and a noindex', async () => {
    for (const path of ['/nope', '/year/1900', '/year/abc', '/article/00000000-0000-4000-8000-000000000000', '/years/1974/extra']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expect(page.meta('robots'), path).toBe('noindex, follow');
      expect(page.count(/<title/g), path).toBe(1);
    }
    expect((await crawl('/nope')).title).toBe('Page Not Found | Melloarkivet');
    expect((await crawl('/year/1900')).title).toBe('År 1900 hittades inte | Melloarkivet');
  });

  it('an admin edit page answers 404 for an id the archive does not hold, 200 for one it does (noindex either way)', async () => {
    const year = (await crawler.get('/api/years/by-year/1974')).body as { id: string };
    const articles = (await crawler.get('/api/articles')).body as Array<{ id: string }>;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const expected: Array<[string, number]> = [
      [`/admin/edit-year/${year.id}`, 200],
      [`/admin/edit-article/${articles[0]!.id}`, 200],
      ['/admin/edit-year/nope', 404],
      [`/admin/edit-year/${unknown}`, 404],
      [`/admin/edit-video/${unknown}`, 404],
      // An article's id is not a year's.
      [`/admin/edit-year/${articles[0]!.id}`, 404],
    ];
    for (const [path, status] of expected) {
      const page = await crawl(path);
      expect(page.status, path).toBe(status);
      expect(page.meta('robots'), path).toContain('noindex');
    }
  });

  it('a page address that is no valid percent-encoding: the not-found page, 404 in HTML, never a 400 in English JSON', async () => {
    for (const path of ['/%ZZ', '/year/%ZZ', '/artist/%E0%A4', '/forum/post/%ZZ', '/article/%', '/assets/%E0%A4.js']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expect(page.count(/<title/g), path).toBe(1);
      expect(page.meta('robots'), path).toBe('noindex, follow');
    }
    expect((await crawl('/%ZZ')).title).toBe('Page Not Found | Melloarkivet');
  });

  it('/year/{not a number}: the same year not-found title and description the client shows, never Page Not Found', async () => {
    for (const [path, param] of [
      ['/year/abc', 'abc'],
      ['/year/19745', '19745'],
      ['/year/abc%20def', 'abc def'],
    ] as const) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expect(page.title, path).toBe(`År ${param} hittades inte | Melloarkivet`);
      expect(page.meta('og:title'), path).toBe(page.title);
      expect(page.meta('description'), path).toBe('Detta år finns inte i vårt arkiv ännu.');
      expect(page.meta('robots'), path).toBe('noindex, follow');
    }
    // The same as a year number the archive does not have.
    const missing = await crawl('/year/1900');
    expect(missing.meta('description')).toBe('Detta år finns inte i vårt arkiv ännu.');
    // A hostile parameter is text in the title, not markup.
    const hostile = await crawl(`/year/${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(hostile.status).toBe(404);
    expect(hostile.html).not.toContain('<script>alert(1)');
    expect(hostile.title).toBe('År <script>alert(1)</script> hittades inte | Melloarkivet');
  });

  it('/artist/{slug}: the act as a MusicGroup; 404 with the artist not-found title for an unknown or malformed slug', async () => {
    const page = await crawl('/artist/carola-haggkvist');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Carola Häggkvist i Melodifestivalen | Melloarkivet');
    expect(page.jsonLd).toMatchObject({
      '@type': 'MusicGroup',
      name: 'Carola Häggkvist',
      alternateName: ['Carola'],
      url: `${backend.url}/artist/carola-haggkvist`,
    });
    for (const path of ['/artist/okand-artist', '/artist/NOT%20A%20SLUG', `/artist/${'a'.repeat(400)}`]) {
      const missing = await crawl(path);
      expect(missing.status, path).toBe(404);
      expect(missing.title, path).toBe('Artisten hittades inte | Melloarkivet');
      expect(missing.meta('robots'), path).toBe('noindex, follow');
    }
    const songwriter = await crawl('/songwriter/ingen-alls');
    expect([songwriter.status, songwriter.title]).toEqual([404, 'Låtskrivaren hittades inte | Melloarkivet']);
    expect((await crawl('/statistik')).status).toBe(200);
    expect((await crawl('/kallor')).status).toBe(200);
  });

  it('escapes a hostile title everywhere it goes: text, attributes and JSON-LD', async () => {
    const page = await crawl(`/article/${hostileArticleId}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).not.toContain('<img src=x');
    expect(page.title).toBe(`${HOSTILE_TITLE} | Melloarkivet`);
    expect(page.meta('og:title')).toBe(`${HOSTILE_TITLE} | Melloarkivet`);
    expect(page.meta('description')).toBe(`Utdrag ${HOSTILE_TITLE}`);
    expect(page.jsonLd.headline).toBe(HOSTILE_TITLE);
  });

  it('/forum/post/{id}: the post title, the start of its text and a DiscussionForumPosting; 404 for a missing post', async () => {
    const member = new ApiClient(backend.url);
    await member.register('forum-meta@example.org', 'member-password-1', { firstName: 'Fia', lastName: 'Forum' });
    const created = await member.post('/api/forum/posts', {
      title: 'Saknas: mellanakten 1975',
      content: 'Finns mellanakten från 1975 bevarad någonstans? SVT:s arkiv har bara finalen.',
      category: 'lost-media',
      priority: 'high',
      tags: ['1975'],
    });
    expect(created.status, created.text).toBe(201);
    const page = await crawl(`/forum/post/${created.body.id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('Saknas: mellanakten 1975 | Melloarkivet');
    expect(page.meta('description')).toBe('Finns mellanakten från 1975 bevarad någonstans? SVT:s arkiv har bara finalen.');
    expect(page.meta('og:type')).toBe('article');
    expect(page.jsonLd).toMatchObject({ '@type': 'DiscussionForumPosting', headline: 'Saknas: mellanakten 1975', author: { name: 'Fia Forum' } });
    for (const path of ['/forum/post/00000000-0000-4000-8000-000000000000', '/forum/post/inte-ett-id']) {
      const missing = await crawl(path);
      expect(missing.status, path).toBe(404);
      expect(missing.title, path).toBe('Inlägg hittades inte | Melloarkivet');
      expect(missing.meta('robots'), path).toBe('noindex, follow');
    }
  });

  it('search and login pages are not indexed; the API still answers JSON', async () => {
    const search = await crawl('/search?q=abba');
    expect(search.title).toBe('Sökresultat för ”abba” | Melloarkivet');
    expect(search.meta('robots')).toBe('noindex, follow');
    // A repeated q is read as the client reads it, the first; a long one is quoted cut, on one line.
    expect((await crawl('/search?q=abba&q=carola')).title).toBe('Sökresultat för ”abba” | Melloarkivet');
    expect((await crawl(`/search?q=${'waterloo '.repeat(600)}`)).title).toBe(`Sökresultat för ”${'waterloo '.repeat(7).slice(0, 59)}…” | Melloarkivet`);
    expect((await crawl('/login')).meta('robots')).toBe('noindex, follow');
    const api = await crawler.get('/api/nope');
    expect(api.headers.get('content-type')).toMatch(/json/);
  });
});

/** The queries the client starts with, answered ahead in the page (contracts: initialDataScript). */
function initialData(html: string): Array<{ key: unknown[]; data: any }> {
  const script = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(script, 'the page has its initial data').toBeDefined();
  return (JSON.parse(script!) as { queries: Array<{ key: unknown[]; data: any }> }).queries;
}
const dataFor = (queries: Array<{ key: unknown[]; data: any }>, key: unknown[]) => queries.find((query) => JSON.stringify(query.key) === JSON.stringify(key));

describe('the data a page starts with', () => {
  it("home carries the years' summaries, videos and articles exactly as the API answers them, and no user", async () => {
    const queries = initialData((await crawl('/')).html);
    // The year grid's cards need the summaries, not every year's whole document (a tenth of the bytes).
    expect(dataFor(queries, ['/api/years'])).toBeUndefined();
    for (const [key, url] of [
      [['/api/years/summaries'], '/api/years/summaries'],
      [['/api/videos'], '/api/videos'],
      [['/api/articles'], '/api/articles'],
    ] as const) {
      expect(dataFor(queries, [...key])?.data, url).toEqual((await crawler.get(url)).body);
    }
    // Public HTML is the same for everyone: the browser asks who is signed in after hydration.
    expect(dataFor(queries, ['/api/auth/user'])).toBeUndefined();
  });

  it("home's years are current right after a write (they come through the API's list cache)", async () => {
    const admin = await adminClient(backend);
    const before = dataFor(initialData((await crawl('/')).html), ['/api/years/summaries'])?.data as Array<{ year: number }>;
    expect(before.map((year) => year.year)).not.toContain(1988);
    expect((await admin.post('/api/years', sampleYear({ year: 1988, winner: 'Tommy Körberg' }))).status).toBe(201);
    const after = dataFor(initialData((await crawl('/')).html), ['/api/years/summaries'])?.data as Array<{ year: number }>;
    expect(after.map((year) => year.year)).toContain(1988);
    expect(after).toEqual((await crawler.get('/api/years/summaries')).body);
  });

  it('a year page carries its year, or null for a year the archive does not have', async () => {
    expect(dataFor(initialData((await crawl('/year/1974')).html), ['/api/years/by-year', 1974])?.data.description).toBe(LONG_DESCRIPTION);
    expect(dataFor(initialData((await crawl('/year/1900')).html), ['/api/years/by-year', 1900])).toEqual({ key: ['/api/years/by-year', 1900], data: null });
  });

  it('never carries the signed-in user: a member gets the same page as a visitor', async () => {
    const member = new ApiClient(backend.url);
    await member.register('initial-data@example.org', 'member-password-1', { firstName: 'Ida' });
    const page = await member.get('/about', { accept: 'text/html' });
    expect(dataFor(initialData(page.text), ['/api/auth/user'])).toBeUndefined();
    expect(page.text).not.toContain('initial-data@example.org');
    expect(page.text.replace(/"now":\d+/, '')).toBe((await crawl('/about')).html.replace(/"now":\d+/, ''));
  });

  it('writes no character of a hostile title that could end the script: every < is \\u003c', async () => {
    const html = (await crawl(`/article/${hostileArticleId}`)).html;
    const script = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain('<');
    expect(dataFor(initialData(html), ['/api/articles'])?.data.map((article: { title: string }) => article.title)).toContain(HOSTILE_TITLE);
  });
});
