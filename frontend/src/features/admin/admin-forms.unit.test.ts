import { describe, expect, it } from 'vitest';
import {
  ArticleCreateInputSchema,
  VideoCreateInputSchema,
  VideoUpdateInputSchema,
  YearCreateInputSchema,
  type Article,
  type Video,
  type Year,
} from '@mello/contracts';
import { ApiError } from '../../api/http';
import { articlePayload, articleValuesOf, derivedSlug, newArticleValues } from './article-form';
import { fieldErrorsOf, fromDateTimeLocal, splitCommaList, splitLines, toDateTimeLocal, wholeNumberOr0 } from './form-values';
import { newVideoValues, videoPayload, videoValuesOf } from './video-form';
import { newYearValues, yearCreatePayload, yearEditPayload, yearValuesOf } from './year-form';

const NOW = new Date(2025, 2, 8, 20, 15);

describe('form values', () => {
  it('parses whole numbers like parseInt and falls back to 0 (spec section 5, edit forms)', () => {
    expect(wholeNumberOr0('2012')).toBe(2012);
    expect(wholeNumberOr0(' 7 ')).toBe(7);
    expect(wholeNumberOr0('12 min')).toBe(12);
    expect(wholeNumberOr0('3.9')).toBe(3);
    expect(wholeNumberOr0('')).toBe(0);
    expect(wholeNumberOr0('abc')).toBe(0);
  });

  it('splits comma-separated text into trimmed entries without empties', () => {
    expect(splitCommaList(' Loreen vann ,  Euphoria blev hit,, ')).toEqual(['Loreen vann', 'Euphoria blev hit']);
    expect(splitCommaList('   ')).toEqual([]);
  });

  it('splits sources one per line (addresses may hold commas)', () => {
    expect(splitLines('https://a.se/x,y\r\n\n  https://b.se  ')).toEqual(['https://a.se/x,y', 'https://b.se']);
  });

  it('round-trips a datetime-local value through ISO in the local time zone', () => {
    expect(toDateTimeLocal(NOW)).toBe('2025-03-08T20:15');
    expect(fromDateTimeLocal('2025-03-08T20:15')).toBe(NOW.toISOString());
    expect(fromDateTimeLocal('inte ett datum')).toBe('inte ett datum');
    expect(toDateTimeLocal('nonsense')).toBe('');
  });

  it('reads the 400 answer’s issues by field, a list entry under its list', () => {
    const body = JSON.stringify({
      error: 'Ogiltiga uppgifter',
      issues: [
        { path: 'winner', message: 'Får inte vara tomt' },
        { path: 'facts.2', message: 'En post får vara högst 1000 tecken' },
        { path: 'winner', message: 'second message ignored' },
      ],
    });
    expect(fieldErrorsOf(new ApiError(400, 'Bad Request', body))).toEqual({
      winner: 'Får inte vara tomt',
      facts: 'En post får vara högst 1000 tecken',
    });
    expect(fieldErrorsOf(new ApiError(500, 'Internal', body))).toEqual({});
    const taken = new ApiError(409, 'Conflict', JSON.stringify({ error: 'Året 2012 finns redan i arkivet' }));
    expect(fieldErrorsOf(taken, 'year')).toEqual({ year: 'Året 2012 finns redan i arkivet' });
    expect(fieldErrorsOf(taken)).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});

describe('video form', () => {
  it('starts with the create defaults: current year, youtube, classic, 0 views', () => {
    const values = newVideoValues(NOW);
    expect(values).toMatchObject({ year: '2025', platform: 'youtube', category: 'classic', views: '0', isRare: false });
  });

  it('turns the inputs into a payload the contract accepts', () => {
    const payload = videoPayload({
      ...newVideoValues(NOW),
      title: ' Euphoria ',
      artist: 'Loreen',
      year: '2012',
      videoUrl: 'https://www.youtube.com/watch?v=x',
      views: '1200 visningar',
      sources: 'https://svt.se\n',
    });
    expect(payload).toMatchObject({ title: 'Euphoria', year: 2012, views: 1200, embedUrl: null, thumbnailUrl: null, sources: ['https://svt.se'] });
    expect(VideoCreateInputSchema.safeParse(payload).success).toBe(true);
  });

  it('loads a video into the edit form and back unchanged', () => {
    const video: Video = {
      id: '6f1c2a8e-1b2c-4d3e-8f90-123456789abc',
      title: 'Euphoria',
      artist: 'Loreen',
      year: 2012,
      videoUrl: 'https://y.se/v',
      embedUrl: null,
      duration: '3:04',
      category: 'winner',
      platform: 'svtplay',
      thumbnailUrl: 'https://y.se/t.jpg',
      views: 5,
      description: 'Vinnarlåten',
      sources: ['https://a.se', 'https://b.se'],
      isRare: true,
    };
    const { id: _id, ...fields } = video;
    expect(videoPayload(videoValuesOf(video))).toEqual(fields);
    // Unknown views (an imported video) load as an empty field and stay unknown when saved, never 0.
    const unknown = { ...video, views: null };
    expect(videoValuesOf(unknown).views).toBe('');
    expect(videoPayload(videoValuesOf(unknown)).views).toBeNull();
    expect(VideoUpdateInputSchema.safeParse(videoPayload(videoValuesOf(unknown))).success).toBe(true);
  });
});

describe('article form', () => {
  it('starts with the create defaults: author Admin, 5 minutes, published now, not featured', () => {
    expect(newArticleValues(NOW)).toMatchObject({ author: 'Admin', readTime: '5', publishedAt: '2025-03-08T20:15', featured: false, category: 'analysis' });
  });

  it('derives the slug from the title on create (spec section 5)', () => {
    const values = { ...newArticleValues(NOW), title: 'Måns & Loreen: Årets –– bästa!', slug: 'ignored', excerpt: 'Kort', content: '# Text' };
    expect(derivedSlug(values)).toBe('måns-loreen-årets-bästa');
    const payload = articlePayload(values, 'create');
    expect(payload).toMatchObject({ slug: 'måns-loreen-årets-bästa', author: 'Admin', readTime: 5, publishedAt: NOW.toISOString(), imageUrl: null });
    expect(ArticleCreateInputSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps the edited slug on edit and parses readTime falling back to 0', () => {
    const values = { ...newArticleValues(NOW), title: 'Ny titel', slug: 'gammal-slug', readTime: 'tio' };
    expect(articlePayload(values, 'edit')).toMatchObject({ slug: 'gammal-slug', readTime: 0 });
  });

  it('defaults an unknown category to analysis on the edit form', () => {
    const article = {
      id: 'a',
      title: 'T',
      slug: 't',
      excerpt: 'E',
      content: '',
      category: 'opinion',
      author: 'A',
      authorTitle: '',
      publishedAt: NOW.toISOString(),
      readTime: 4,
      imageUrl: null,
      sources: [],
      featured: true,
    } as unknown as Article;
    expect(articleValuesOf(article)).toMatchObject({ category: 'analysis', readTime: '4', publishedAt: '2025-03-08T20:15', featured: true });
  });
});

describe('year form', () => {
  it('starts with the create defaults: current year, not a classic', () => {
    expect(newYearValues(NOW)).toMatchObject({ year: '2025', isClassic: false, facts: '', controversies: '' });
  });

  it('splits facts and controversies by commas on create', () => {
    const payload = yearCreatePayload({
      ...newYearValues(NOW),
      year: '2012',
      winner: 'Loreen',
      song: 'Euphoria',
      description: 'Ett rekordår.',
      facts: 'Rekordmånga röster,  Vann även Eurovision ,',
      controversies: ' ',
    });
    expect(payload).toMatchObject({ year: 2012, facts: ['Rekordmånga röster', 'Vann även Eurovision'], controversies: [], imageUrl: null });
    expect(YearCreateInputSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps entries with commas as they are on edit, dropping blank ones', () => {
    const year: Year = {
      id: '6f1c2a8e-1b2c-4d3e-8f90-123456789abc',
      year: 1974,
      winner: 'ABBA',
      song: 'Waterloo',
      venue: 'Konserthuset',
      city: 'Stockholm',
      host: 'Johan',
      date: '9 februari 1974',
      description: 'D',
      imageUrl: null,
      videoUrl: 'https://y.se/w',
      facts: ['Först, och bäst'],
      controversies: [],
      sources: [],
      isClassic: true,
    };
    const values = yearValuesOf(year);
    const payload = yearEditPayload({ ...values, year: '', facts: [...values.facts, '  '], controversies: [' Jury, eller inte '] });
    expect(payload).toMatchObject({ year: 0, facts: ['Först, och bäst'], controversies: ['Jury, eller inte'], videoUrl: 'https://y.se/w', isClassic: true });
  });
});
