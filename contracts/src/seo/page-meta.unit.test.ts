import { describe, expect, it } from 'vitest';
import type { Article } from '../archive/articles';
import type { ArtistDetail, SongwriterDetail } from '../archive/lineup-views';
import type { Video } from '../archive/videos';
import type { Year } from '../archive/years';
import type { ForumPost } from '../forum/forum';
import { absolutePageMeta } from './absolute-urls';
import { pageHeadTags, renderHeadTags } from './head-tags';
import { pageMeta } from './page-meta';
import { isoDateOf, isoDurationOf } from './structured-data';

const year = (overrides: Partial<Year> = {}): Year => ({
  id: '00000000-0000-4000-8000-000000000001',
  year: 1974,
  winner: 'ABBA',
  song: 'Waterloo',
  venue: 'Konserthuset',
  city: 'Göteborg',
  host: 'Johan Sandström',
  date: '9 februari 1974',
  description: 'ABBA vann med Waterloo och tog sedan hem hela Eurovision Song Contest i Brighton, en seger som förändrade svensk popmusik för alltid.',
  imageUrl: null,
  videoUrl: null,
  facts: [],
  controversies: [],
  sources: [],
  isClassic: true,
  ...overrides,
});

const video = (n: number): Video => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  title: `Video ${n}`,
  artist: 'ABBA',
  year: 1974,
  videoUrl: 'https://www.youtube.com/watch?v=abc',
  embedUrl: null,
  duration: '3:04',
  category: 'winner',
  platform: 'youtube',
  thumbnailUrl: null,
  views: 1200,
  description: '',
  sources: [],
  isRare: false,
});

const article = (overrides: Partial<Article> = {}): Article => ({
  id: '00000000-0000-4000-8000-000000000201',
  title: 'Från Cirkus till arenan',
  slug: 'från-cirkus-till-arenan',
  excerpt: 'Finalens resa genom Sverige.',
  content: '',
  category: 'history',
  author: 'Anna Andersson',
  authorTitle: 'Musikhistoriker',
  publishedAt: '2024-02-01T10:00:00.000Z',
  readTime: 5,
  imageUrl: 'https://example.org/bild.jpg',
  sources: [],
  featured: true,
  ...overrides,
});

describe('page meta builders', () => {
  it('home: Swedish title and a WebSite with a search action', () => {
    const meta = pageMeta.home();
    expect(meta.title).toMatch(/ \| Melloarkivet$/);
    expect(meta.path).toBe('/');
    const [site] = meta.jsonLd as Array<Record<string, any>>;
    expect(site!['@type']).toBe('WebSite');
    expect(site!.potentialAction.target.urlTemplate).toBe('/search?q={search_term_string}');
    expect(site!.potentialAction['query-input']).toBe('required name=search_term_string');
  });

  it('year: description is the first 100 characters; music event with winner, song, ISO date and place', () => {
    const meta = pageMeta.year(1974, year());
    expect(meta.title).toBe('Melodifestivalen 1974: ABBA – Waterloo | Melloarkivet');
    expect(meta.description).toBe(Array.from(year().description).slice(0, 100).join('').trimEnd());
    expect(meta.description.length).toBeLessThanOrEqual(100);
    expect(meta.image).toBe('/og-default.png');
    const [event] = meta.jsonLd as Array<Record<string, any>>;
    expect(event).toMatchObject({
      '@type': 'MusicEvent',
      name: 'Melodifestivalen 1974',
      startDate: '1974-02-09',
      performer: { name: 'ABBA' },
      workPerformed: { '@type': 'MusicComposition', name: 'Waterloo' },
      location: { name: 'Konserthuset', address: { addressLocality: 'Göteborg', addressCountry: 'SE' } },
    });
  });

  it('year: an unreadable date is left out, the image is used when there is one, a missing year is noindex', () => {
    const meta = pageMeta.year(1958, year({ year: 1958, date: '', imageUrl: 'https://example.org/1958.jpg' }));
    expect((meta.jsonLd![0] as Record<string, unknown>).startDate).toBeUndefined();
    expect(meta.image).toBe('https://example.org/1958.jpg');
    const missing = pageMeta.year(1900, null);
    expect(missing).toMatchObject({ title: 'År 1900 hittades inte | Melloarkivet', noindex: true, path: '/year/1900' });
  });

  it('caps structured data: 10 years, 8 videos, 5 articles', () => {
    const years = Array.from({ length: 15 }, (_, i) => year({ year: 2024 - i }));
    expect(pageMeta.years(years).jsonLd).toHaveLength(10);
    expect(pageMeta.videoArchive(Array.from({ length: 12 }, (_, i) => video(i))).jsonLd).toHaveLength(8);
    expect(pageMeta.blog(Array.from({ length: 9 }, () => article())).jsonLd).toHaveLength(5);
  });

  it('video: duration in ISO 8601, fallback thumbnail, view count', () => {
    const [object] = pageMeta.videoArchive([video(1)]).jsonLd as Array<Record<string, any>>;
    expect(object).toMatchObject({ '@type': 'VideoObject', duration: 'PT3M4S', thumbnailUrl: '/og-default.png' });
    expect(object!.interactionStatistic.userInteractionCount).toBe(1200);
  });

  it('forum post: the description is the plain text of its markdown, on one line', () => {
    const post: ForumPost = {
      id: '00000000-0000-4000-8000-0000000000f1',
      title: 'Söker VHS-inspelning',
      content: '## Rubrik\n\nJag söker **VHS** från [SVT](https://svt.se) 1985.\n\n<script>alert(1)</script>',
      authorId: 'u1',
      authorName: 'Anna',
      category: 'lost-media',
      priority: null,
      year: 1985,
      reward: 0,
      status: 'active',
      tags: [],
      entryId: null,
      mentions: [],
      likes: 0,
      views: 0,
      repliesCount: 0,
      lastReplyAt: null,
      createdAt: '2024-02-01T10:00:00.000Z',
      updatedAt: '2024-02-01T10:00:00.000Z',
    };
    expect(pageMeta.forumPost(post.id, post).description).toBe('Rubrik Jag söker VHS från SVT 1985. alert(1)');
  });

  it('article: headline, excerpt, image, author, date and category', () => {
    const meta = pageMeta.article(article().id, article());
    expect(meta).toMatchObject({ title: 'Från Cirkus till arenan | Melloarkivet', description: 'Finalens resa genom Sverige.', type: 'article' });
    expect(meta.jsonLd![0]).toMatchObject({
      '@type': 'Article',
      headline: 'Från Cirkus till arenan',
      description: 'Finalens resa genom Sverige.',
      image: 'https://example.org/bild.jpg',
      author: { name: 'Anna Andersson' },
      datePublished: '2024-02-01T10:00:00.000Z',
      articleSection: 'history',
    });
    expect(pageMeta.article('nope', null)).toMatchObject({ title: 'Artikel hittades inte | Melloarkivet', noindex: true });
  });

  it('artist: entries and wins in the description, a MusicGroup with its other names; a missing artist is noindex', () => {
    const carola: ArtistDetail = {
      id: 'a1',
      slug: 'carola-haggkvist',
      name: 'Carola Häggkvist',
      aliases: ['Carola'],
      entryCount: 2,
      wins: 1,
      bestFinalPlace: 1,
      entries: [
        {
          id: 'e2',
          year: 1991,
          artist: 'Carola',
          song: 'Fångad av en stormvind',
          result: 'winner',
          heat: null,
          heatPlace: null,
          finalPlace: 1,
          finalPoints: 78,
        },
        { id: 'e1', year: 1983, artist: 'Carola Häggkvist', song: 'Främling', result: 'final', heat: null, heatPlace: null, finalPlace: 2, finalPoints: null },
      ],
      videos: [],
      threads: [],
    };
    const meta = pageMeta.artist('carola-haggkvist', carola);
    expect(meta).toMatchObject({ title: 'Carola Häggkvist i Melodifestivalen | Melloarkivet', path: '/artist/carola-haggkvist' });
    expect(meta.description).toBe('Carola Häggkvist i Melodifestivalen: 2 bidrag (1983 och 1991), 1 seger.');
    expect(meta.noindex).toBeUndefined();
    expect(meta.jsonLd?.[0]).toMatchObject({ '@type': 'MusicGroup', name: 'Carola Häggkvist', alternateName: ['Carola'], url: '/artist/carola-haggkvist' });
    expect(pageMeta.artist('okand-artist', null)).toMatchObject({
      title: 'Artisten hittades inte | Melloarkivet',
      noindex: true,
      path: '/artist/okand-artist',
    });
  });

  it('songwriter: a Person; a missing songwriter is noindex', () => {
    const writer: SongwriterDetail = {
      slug: 'thomas-g-son',
      name: 'Thomas G:son',
      aliases: [],
      entryCount: 1,
      wins: 0,
      bestFinalPlace: null,
      entries: [
        {
          id: 'e1',
          year: 2012,
          artist: 'Loreen',
          song: 'Euphoria',
          result: 'final',
          heat: 4,
          heatPlace: 1,
          finalPlace: null,
          finalPoints: null,
          artistRef: { id: 'a', slug: 'loreen', name: 'Loreen' },
        },
      ],
    };
    const meta = pageMeta.songwriter('thomas-g-son', writer);
    expect(meta.description).toBe('Thomas G:son har skrivit 1 bidrag i Melodifestivalen (2012).');
    expect(meta.jsonLd?.[0]).toMatchObject({ '@type': 'Person', name: 'Thomas G:son', url: '/songwriter/thomas-g-son' });
    expect(meta.jsonLd?.[0]).not.toHaveProperty('alternateName');
    expect(pageMeta.songwriter('nope', null)).toMatchObject({ title: 'Låtskrivaren hittades inte | Melloarkivet', noindex: true });
  });

  it('search, login and the 404 page stay out of the index', () => {
    expect(pageMeta.search('abba')).toMatchObject({ noindex: true, path: '/search?q=abba' });
    expect(pageMeta.search(`${'x'.repeat(5000)}\n`).title).toBe(`Sökresultat för ”${'x'.repeat(59)}…” | Melloarkivet`);
    expect(pageMeta.login().noindex).toBe(true);
    expect(pageMeta.notFound('/nope')).toMatchObject({ title: 'Page Not Found | Melloarkivet', noindex: true, path: '/nope' });
  });
});

describe('dates and durations', () => {
  it.each([
    ['9 februari 1974', '1974-02-09'],
    ['13 Mars 2021', '2021-03-13'],
    ['2012-03-10', '2012-03-10'],
    ['2012-03-10T20:00:00Z', '2012-03-10'],
    ['', null],
    ['februari 1974', null],
    ['31 februari 1974', null],
    ['9 febuary 1974', null],
  ])('isoDateOf(%j) = %j', (text, expected) => expect(isoDateOf(text)).toBe(expected));

  it.each([
    ['3:04', 'PT3M4S'],
    ['1:02:03', 'PT1H2M3S'],
    ['0:00', 'PT0S'],
    ['', null],
    ['tre minuter', null],
  ])('isoDurationOf(%j) = %j', (text, expected) => expect(isoDurationOf(text)).toBe(expected));
});

describe('absolute URLs and head tags', () => {
  it('turns site paths into absolute URLs, including inside JSON-LD, and leaves other URLs alone', () => {
    const meta = absolutePageMeta(pageMeta.year(1974, year()), 'https://mello.example/');
    expect(meta.url).toBe('https://mello.example/year/1974');
    expect(meta.imageUrl).toBe('https://mello.example/og-default.png');
    expect((meta.jsonLd![0] as Record<string, unknown>).url).toBe('https://mello.example/year/1974');
    const site = absolutePageMeta(pageMeta.home(), 'https://mello.example').jsonLd![0] as Record<string, any>;
    expect(site.potentialAction.target.urlTemplate).toBe('https://mello.example/search?q={search_term_string}');
    const withImage = absolutePageMeta(pageMeta.article('x', article()), 'https://mello.example');
    expect(withImage.imageUrl).toBe('https://example.org/bild.jpg');
  });

  it('renders every tag once, escapes attributes and keeps </script> out of the JSON-LD', () => {
    const hostile = year({ winner: '"><script>alert(1)</script>', song: "Låt's & </script><b>" });
    const tags = pageHeadTags(absolutePageMeta(pageMeta.year(1974, hostile), 'http://localhost:3000'));
    const html = renderHeadTags(tags);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<\/script><b>/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json" data-page-meta>(.*?)<\/script>/s.exec(html)![1]!;
    expect(JSON.parse(json).performer.name).toBe('"><script>alert(1)</script>');
  });

  it('adds robots noindex only to pages that ask for it', () => {
    const robots = (meta: ReturnType<typeof pageMeta.home>) =>
      pageHeadTags(absolutePageMeta(meta, 'http://x')).some((tag) => tag.tag === 'meta' && 'name' in tag.attrs && tag.attrs.name === 'robots');
    expect(robots(pageMeta.home())).toBe(false);
    expect(robots(pageMeta.notFound('/nope'))).toBe(true);
  });
});
