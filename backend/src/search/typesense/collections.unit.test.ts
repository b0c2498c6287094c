import { describe, expect, it } from 'vitest';
import { encodePosition } from '../../event-store/port';
import {
  SEARCH_KINDS,
  aliasName,
  articleDocument,
  artistDocument,
  collectionName,
  collectionSchema,
  creationOrder,
  entryDocument,
  fold,
  forumPostDocument,
  isCollectionOf,
  songwriterDocuments,
  videoDocument,
  yearDocument,
} from './collections';

const YEAR_1991 = {
  year: 1991,
  winner: 'Carola',
  song: 'Fångad av en stormvind',
  venue: 'Malmö Isstadion',
  city: 'Malmö',
  host: 'Harald Treutiger',
  date: '1991-03-02',
  description: 'Carola vann med en låt om en storm.',
  imageUrl: null,
  videoUrl: 'https://example.com/v',
  facts: ['Vann sedan Eurovision i Rom'],
  controversies: [],
  sources: [],
  isClassic: true,
};

describe('names', () => {
  it('gives each kind an alias and timestamped collections behind it', () => {
    expect(aliasName('mello', 'years')).toBe('mello_years');
    expect(collectionName('mello', 'forum_posts', 1767000000000)).toBe('mello_forum_posts_1767000000000');
    expect(isCollectionOf('mello', 'years', 'mello_years_1767000000000')).toBe(true);
    expect(isCollectionOf('mello', 'years', 'mello_years')).toBe(false);
    expect(isCollectionOf('mello', 'years', 'other_years_1')).toBe(false);
  });

  it('refuses a prefix that is not a plain name', () => {
    expect(() => aliasName('Mello', 'years')).toThrow();
    expect(() => aliasName('mello; drop', 'years')).toThrow();
    expect(() => aliasName('', 'years')).toThrow();
  });
});

describe('text', () => {
  it('folds Swedish letters and accents for the twin fields', () => {
    expect(fold('Fångad av en Stormvind')).toBe('fangad av en stormvind');
    expect(fold('Måns Zelmerlöw')).toBe('mans zelmerlow');
    expect(fold('MALMÖ ÄNGELHOLM')).toBe('malmo angelholm');
    expect(fold('Crème brûlée, Ørsted, Straße, Łódź')).toBe('creme brulee, orsted, strasse, lodz');
  });

  it('orders creations by the store sequence of their log position', () => {
    expect(creationOrder(encodePosition(900, 42))).toBe(42);
    expect(creationOrder(encodePosition(901, 43))).toBeGreaterThan(creationOrder(encodePosition(900, 42)));
    expect(creationOrder('not a position')).toBe(0);
  });
});

describe('documents', () => {
  it('maps a year to filters, Swedish fields, folded twins and a catch-all', () => {
    const doc = yearDocument('3f0d5f0e-52c4-4c1e-9d7c-0b0b7f8f1a01', YEAR_1991)!;
    expect(doc).toMatchObject({
      id: '3f0d5f0e-52c4-4c1e-9d7c-0b0b7f8f1a01',
      year: 1991,
      decade: 1990,
      year_text: '1991',
      is_classic: true,
      has_video: true,
      has_controversies: false,
      winner: 'Carola',
      winner_folded: 'carola',
      song: 'Fångad av en stormvind',
      song_folded: 'fangad av en stormvind',
      city: 'Malmö',
      city_folded: 'malmo',
      facts: ['Vann sedan Eurovision i Rom'],
    });
    expect(doc.all_folded).toContain('fangad av en stormvind');
    expect(doc.all_folded).toContain('1991-03-02');
    expect(doc.all_folded).toContain('harald treutiger');
  });

  it('derives lost media and controversies from the fields', () => {
    const doc = yearDocument('id', { ...YEAR_1991, year: 1958, videoUrl: null, controversies: ['Juryn'] })!;
    expect(doc).toMatchObject({ decade: 1950, has_video: false, has_controversies: true });
    expect(yearDocument('id', { ...YEAR_1991, videoUrl: '  ' })!.has_video).toBe(false);
  });

  it('makes no year document without a whole year', () => {
    expect(yearDocument('id', { ...YEAR_1991, year: '1991' })).toBeNull();
    expect(yearDocument('id', { ...YEAR_1991, year: 1991.5 })).toBeNull();
  });

  it('gives videos and articles a list position only when one is known', () => {
    const fields = { title: 'Waterloo', artist: 'ABBA', year: 1974, description: 'Segern', category: 'winner' };
    expect(videoDocument('v', fields, 7)).toMatchObject({ position: 7, year: 1974, year_text: '1974', title_folded: 'waterloo', artist: 'ABBA' });
    expect(videoDocument('v', fields, null)).not.toHaveProperty('position');
    const article = articleDocument(
      'a',
      { title: 'Cirkus', author: 'Åsa', excerpt: 'Kort', content: '# Arenan\n**Cirkus**', category: 'history', publishedAt: '2024-01-02T03:04:05.000Z' },
      3,
    )!;
    expect(article).toMatchObject({ position: 3, published_at: Date.parse('2024-01-02T03:04:05.000Z'), author_folded: 'asa', content: 'Arenan\n Cirkus' });
    expect(article.all_folded).toContain('history');
    expect(articleDocument('a', { title: 'x', publishedAt: 'not a date' }, 1)).toBeNull();
  });

  it('maps a created forum post completely and an edit partially', () => {
    const created = forumPostDocument({
      postId: 'p1',
      title: 'Söker Melodifestivalen 1984',
      content: 'Har någon **inspelningen**?',
      category: 'lost-media',
      priority: 'high',
      year: 1984,
      reward: 0,
      tags: ['Herreys', 'Göteborg'],
      status: 'active',
      authorId: 'u1',
      authorName: 'Åke',
      createdAt: '2026-01-01T10:00:00.000Z',
    })!;
    expect(created).toMatchObject({
      id: 'p1',
      created_at: Date.parse('2026-01-01T10:00:00.000Z'),
      category: 'lost-media',
      title_folded: 'soker melodifestivalen 1984',
      tags: ['Herreys', 'Göteborg'],
      tags_folded: ['herreys', 'goteborg'],
      author_name: 'Åke',
      author_name_folded: 'ake',
      content: 'Har någon inspelningen ?',
    });
    expect(created.all_folded).toContain('goteborg');

    const edited = forumPostDocument({ postId: 'p1', title: 'Hittad!', updatedAt: '2026-01-02T00:00:00.000Z' })!;
    expect(edited).toEqual({ id: 'p1', title: 'Hittad!', title_folded: 'hittad!' });
    expect(forumPostDocument({ title: 'no id' })).toBeNull();
    expect(forumPostDocument({ postId: 'p', createdAt: 'yesterday' })).toBeNull();
  });
});

const ENTRY_2012 = { year: 2012, artist: 'Loreen', song: 'Euphoria', artistId: 'a1', songwriters: ['Thomas G:son', 'Peter Boström'], finalPlace: 1 };

describe('entries, artists and songwriters', () => {
  it('maps an entry to its search document: names with folded twins, songwriters, position only on creation', () => {
    const doc = entryDocument('e1', { ...ENTRY_2012, song: 'Fångad' }, 42)!;
    expect(doc).toMatchObject({ id: 'e1', position: 42, year: 2012, year_text: '2012', artist: 'Loreen', song: 'Fångad', song_folded: 'fangad' });
    expect(doc.songwriters).toEqual(['Thomas G:son', 'Peter Boström']);
    expect(doc.songwriters_folded).toEqual(['thomas g:son', 'peter bostrom']);
    expect(doc.all_folded).toContain('peter bostrom');
    expect(entryDocument('e1', ENTRY_2012, null)).not.toHaveProperty('position');
    expect(entryDocument('e1', { ...ENTRY_2012, year: 'x' }, 1)).toBeNull();
  });

  it('maps an act to its name and other names, folded', () => {
    expect(artistDocument('a1', { name: 'Björn Skifs', slug: 'bjorn-skifs', aliases: ['Blue Swede'] })).toEqual({
      id: 'a1',
      slug: 'bjorn-skifs',
      name: 'Björn Skifs',
      name_folded: 'bjorn skifs',
      aliases: ['Blue Swede'],
      aliases_folded: ['blue swede'],
    });
    expect(artistDocument('a1', { name: '', slug: 'x' })).toBeNull();
  });

  it('makes one document per credited songwriter, keyed by slug, with a stage name only when credited', () => {
    expect(songwriterDocuments({ songwriters: ['Thomas G:son', 'Nadir Khayat (RedOne)', '  '] })).toEqual([
      { id: 'thomas-g-son', slug: 'thomas-g-son', name: 'Thomas G:son', name_folded: 'thomas g:son' },
      { id: 'nadir-khayat', slug: 'nadir-khayat', name: 'Nadir Khayat', name_folded: 'nadir khayat', alias: 'RedOne', alias_folded: 'redone' },
    ]);
    expect(songwriterDocuments({})).toEqual([]);
  });
});

describe('schemas', () => {
  it('puts a Swedish locale on every text field and none on the folded twins', () => {
    for (const kind of SEARCH_KINDS) {
      const schema = collectionSchema(kind, `mello_${kind}_1`);
      expect(schema.name).toBe(`mello_${kind}_1`);
      for (const field of schema.fields!) {
        const isText = field.type === 'string' || field.type === 'string[]';
        if (!isText || ['year_text', 'category', 'slug'].includes(field.name)) continue;
        if (field.name.endsWith('_folded')) expect(field.locale, `${kind}.${field.name}`).toBeUndefined();
        else expect(field.locale, `${kind}.${field.name}`).toBe('sv');
      }
    }
  });

  it('declares every field a document mapping writes, with the documented filter and sort types', () => {
    const types = (kind: (typeof SEARCH_KINDS)[number]) => Object.fromEntries(collectionSchema(kind, 'x').fields!.map((f) => [f.name, f.type]));
    expect(types('years')).toMatchObject({ year: 'int32', decade: 'int32', is_classic: 'bool', has_video: 'bool', has_controversies: 'bool' });
    expect(types('videos')).toMatchObject({ position: 'int64' });
    expect(types('articles')).toMatchObject({ published_at: 'int64' });
    expect(types('forum_posts')).toMatchObject({ created_at: 'int64', category: 'string' });
    expect(types('entries')).toMatchObject({ year: 'int32', position: 'int64' });
    expect(types('artists')).toMatchObject({ slug: 'string' });
    expect(types('songwriters')).toMatchObject({ slug: 'string' });
    expect(collectionSchema('artists', 'x').fields!.find((f) => f.name === 'slug')!.sort).toBe(true);
    expect(collectionSchema('songwriters', 'x').fields!.find((f) => f.name === 'slug')!.sort).toBe(true);
    expect(collectionSchema('forum_posts', 'x').fields!.find((f) => f.name === 'category')!.facet).toBe(true);

    const docs = {
      years: yearDocument('id', YEAR_1991)!,
      videos: videoDocument('id', { title: 't', artist: 'a', year: 2000, description: 'd', category: 'classic' }, 1)!,
      articles: articleDocument('id', { title: 't', author: 'a', excerpt: 'e', content: 'c', category: 'tech', publishedAt: '2024-01-01' }, 1)!,
      forum_posts: forumPostDocument({ postId: 'id', title: 't', content: 'c', category: 'tips', tags: [], authorName: 'a', createdAt: '2024-01-01' })!,
      entries: entryDocument('id', ENTRY_2012, 1)!,
      artists: artistDocument('id', { name: 'Carola', slug: 'carola', aliases: ['Carola Häggkvist'] })!,
      songwriters: songwriterDocuments({ songwriters: ['Nadir Khayat (RedOne)'] })[0]!,
    };
    for (const kind of SEARCH_KINDS) {
      const declared = new Set(collectionSchema(kind, 'x').fields!.map((f) => f.name));
      const written = Object.keys(docs[kind]).filter((key) => key !== 'id');
      expect(
        written.filter((key) => !declared.has(key)),
        kind,
      ).toEqual([]);
    }
  });
});
