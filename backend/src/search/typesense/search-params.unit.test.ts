import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/errors';
import { collectionSchema, type SearchKind } from './collections';
import {
  ARCHIVE_LIMIT,
  MAX_TERMS,
  articlesSearch,
  artistsSearch,
  decadeFilter,
  entriesSearch,
  forumSearch,
  pagesFor,
  quoteFilterValue,
  searchTerms,
  songwritersSearch,
  videosSearch,
  yearsSearch,
  type TypesenseSearch,
} from './search-params';

const years = (q: string, category: Parameters<typeof yearsSearch>[0]['category'] = 'all', decade: number | null = null) =>
  yearsSearch({ q, category, decade });
const list = (value: unknown) => String(value).split(',');

describe('query words', () => {
  it('keeps letters and digits, any script, and splits on everything else', () => {
    expect(searchTerms('Fångad av en stormvind')).toEqual(['fångad', 'av', 'en', 'stormvind']);
    expect(searchTerms('  ABBA\u00a0 1974 ')).toEqual(['abba', '1974']);
    expect(searchTerms('Hej-hopp')).toEqual(['hej', 'hopp']);
    expect(searchTerms('Ψ Ñandú')).toEqual(['ψ', 'ñandú']);
  });

  it('leaves none of Typesense query syntax in hostile input', () => {
    expect(searchTerms('"abba"')).toEqual(['abba']);
    expect(searchTerms('-tesla electric')).toEqual(['tesla', 'electric']);
    expect(searchTerms('*')).toEqual([]);
    expect(searchTerms("'; DROP TABLE rm.years; --")).toEqual(['drop', 'table', 'rm', 'years']);
    expect(searchTerms('a && b || c:=1 `x`')).toEqual(['a', 'b', 'c', '1', 'x']);
    expect(searchTerms('% \\ _ 🎤 ☃ ∞')).toEqual([]);
    expect(searchTerms('<script>alert(1)</script>')).toEqual(['script', 'alert', '1']);
  });

  it('drops repeated words and keeps at most eight', () => {
    expect(searchTerms('abba abba ABBA')).toEqual(['abba']);
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(MAX_TERMS);
  });
});

describe('filter values', () => {
  it('quotes a value with backticks so operators inside it are data', () => {
    expect(quoteFilterValue('lost-media')).toBe('`lost-media`');
    expect(quoteFilterValue('a && b')).toBe('`a && b`');
    expect(quoteFilterValue('x:=y || z')).toBe('`x:=y || z`');
    expect(quoteFilterValue('(a, [b])')).toBe('`(a, [b])`');
  });

  it('refuses a backtick in a value with a 400, since Typesense cannot escape it safely', () => {
    expect(() => quoteFilterValue('tips` || category:!=`x')).toThrow(ValidationError);
    try {
      quoteFilterValue('`');
    } catch (error) {
      expect((error as ValidationError).status).toBe(400);
    }
  });

  it('turns a decade into a whole-number filter and refuses anything else', () => {
    expect(decadeFilter(1970)).toBe('decade:=1970');
    expect(decadeFilter(2020)).toBe('decade:=2020');
    for (const bad of [1975, Number.NaN, 1970.5, -10, 100000, Number.POSITIVE_INFINITY]) expect(() => decadeFilter(bad)).toThrow(ValidationError);
  });
});

describe('year search parameters', () => {
  it('lists everything newest first for an empty query', () => {
    const { params, limit } = years('   ');
    expect(params.q).toBe('*');
    expect(params.sort_by).toBe('year:desc');
    expect(params.filter_by).toBeUndefined();
    expect(limit).toBe(ARCHIVE_LIMIT);
  });

  it('ranks by text match, then newest first, and asks only for ids', () => {
    const { params } = years('ABBA Waterloo');
    expect(params.q).toBe('abba waterloo');
    expect(params.sort_by).toBe('_text_match:desc,year:desc');
    expect(params.include_fields).toBe('id');
    expect(params.prefix).toBe(true);
  });

  it('weights names and the year first, and gives each Swedish field a folded twin of the same weight', () => {
    const { params } = years('carola');
    const fields = list(params.query_by);
    const weights = list(params.query_by_weights).map(Number);
    const weight = (name: string) => weights[fields.indexOf(name)];
    expect(fields.slice(0, 4)).toEqual(['winner', 'winner_folded', 'song', 'song_folded']);
    expect(weight('winner')).toBe(15);
    expect(weight('year_text')).toBe(15);
    expect(weight('city')).toBeLessThan(weight('winner')!);
    expect(weight('description')).toBeLessThan(weight('city')!);
    expect(weight('all_folded')).toBeLessThan(weight('description')!);
    for (const name of fields.filter((f) => f.endsWith('_folded') && f !== 'all_folded')) expect(weight(name), name).toBe(weight(name.replace(/_folded$/, '')));
  });

  it('allows no typo in a year, two in longer words, and looks for typos only when the words as typed find nothing', () => {
    const { params } = years('lorren');
    const fields = list(params.query_by);
    const typos = list(params.num_typos);
    expect(typos[fields.indexOf('year_text')]).toBe('0');
    expect(typos[fields.indexOf('winner')]).toBe('2');
    expect(params.min_len_1typo).toBe(4);
    expect(params.min_len_2typo).toBe(7);
    expect(params.typo_tokens_threshold).toBe(1);
  });

  it('keeps documents with every word first and only then adds partial matches', () => {
    const { params, limit } = years('carola 1991');
    expect(params.drop_tokens_threshold).toBe(limit);
    expect(params.prioritize_num_matching_fields).toBe(false);
  });

  it('maps categories and decades to filters', () => {
    expect(years('', 'classics').params.filter_by).toBe('is_classic:=true');
    expect(years('', 'lost-media').params.filter_by).toBe('has_video:=false');
    expect(years('', 'controversies').params.filter_by).toBe('has_controversies:=true');
    expect(years('', 'all', 1970).params.filter_by).toBe('decade:=1970');
    expect(years('', 'classics', 2010).params.filter_by).toBe('decade:=2010 && is_classic:=true');
    expect(years('', 'winners').params.filter_by).toBeUndefined();
  });

  it('matches only artist and song for the winners category', () => {
    expect(list(years('loreen', 'winners').params.query_by)).toEqual(['winner', 'winner_folded', 'song', 'song_folded']);
  });
});

describe('video, article and forum search parameters', () => {
  it('orders videos by list position and articles by publication', () => {
    expect(videosSearch('').params.sort_by).toBe('position:asc');
    expect(videosSearch('loreen').params.sort_by).toBe('_text_match:desc,position:asc');
    expect(articlesSearch('').params.sort_by).toBe('published_at:desc,position:asc');
  });

  it('filters forum posts by a quoted category and lists the newest first', () => {
    const search = forumSearch({ q: '', category: 'lost-media', limit: 50 });
    expect(search.params.filter_by).toBe('category:=`lost-media`');
    expect(search.params.sort_by).toBe('created_at:desc');
    expect(search.limit).toBe(50);
    expect(forumSearch({ q: 'x', category: null, limit: 20 }).params.filter_by).toBeUndefined();
  });

  it('refuses a hostile forum category instead of letting it into the filter', () => {
    expect(() => forumSearch({ q: '', category: 'tips` || category:!=`x', limit: 10 })).toThrow(ValidationError);
    expect(forumSearch({ q: '', category: 'tips && x:1', limit: 10 }).params.filter_by).toBe('category:=`tips && x:1`');
  });
});

describe('entries, artists and songwriters', () => {
  const weights = (search: TypesenseSearch) =>
    Object.fromEntries(list(search.params.query_by).map((name, i) => [name, Number(list(search.params.query_by_weights)[i])]));
  const typos = (search: TypesenseSearch) =>
    Object.fromEntries(list(search.params.query_by).map((name, i) => [name, Number(list(search.params.num_typos)[i])]));

  it('searches an entry by artist, song and year first, then its songwriters; ties newest year first, then lineup order', () => {
    const search = entriesSearch('euphoria');
    expect(search.kind).toBe('entries');
    expect(search.params.q).toBe('euphoria');
    expect(weights(search)).toEqual({
      artist: 15,
      artist_folded: 15,
      song: 15,
      song_folded: 15,
      year_text: 15,
      songwriters: 6,
      songwriters_folded: 6,
      all_folded: 1,
    });
    expect(typos(search).year_text).toBe(0);
    expect(typos(search).song).toBe(2);
    expect(search.params.sort_by).toBe('_text_match:desc,year:desc,position:asc');
    expect(search.params.include_fields).toBe('id');
    expect(search.limit).toBe(ARCHIVE_LIMIT);
  });

  it('searches acts by name and other names, songwriters by name and stage name, with the shared typo settings', () => {
    expect(weights(artistsSearch('carola'))).toEqual({ name: 15, name_folded: 15, aliases: 10, aliases_folded: 10 });
    expect(weights(songwritersSearch('thomas g:son'))).toEqual({ name: 15, name_folded: 15, alias: 10, alias_folded: 10 });
    // "Thomas G:son": punctuation separates words, as in the documents (token_separators) and in PostgreSQL.
    expect(songwritersSearch('Thomas G:son').params.q).toBe('thomas g son');
    for (const search of [artistsSearch('karola'), songwritersSearch('bjorn')]) {
      expect(search.params).toMatchObject({
        min_len_1typo: 4,
        min_len_2typo: 7,
        typo_tokens_threshold: 1,
        prioritize_exact_match: true,
        sort_by: '_text_match:desc,slug:asc',
      });
    }
    expect(artistsSearch('').params).toMatchObject({ q: '*', sort_by: 'slug:asc' });
  });
});

describe('every search matches the collection schemas', () => {
  const searches: TypesenseSearch[] = [
    years('a'),
    years('a', 'winners'),
    videosSearch('a'),
    articlesSearch('a'),
    forumSearch({ q: 'a', category: 'tips', limit: 10 }),
    entriesSearch('a'),
    artistsSearch('a'),
    songwritersSearch('a'),
  ];

  it.each(searches.map((s) => [s.kind + ' ' + s.params.query_by, s] as const))('%s', (_name, search) => {
    const fields = new Map(collectionSchema(search.kind as SearchKind, 'x').fields!.map((f) => [f.name, f]));
    const queryBy = list(search.params.query_by);
    const infix = search.params.infix as string[];
    expect(list(search.params.query_by_weights)).toHaveLength(queryBy.length);
    expect(list(search.params.num_typos)).toHaveLength(queryBy.length);
    expect(infix).toHaveLength(queryBy.length);
    queryBy.forEach((name, i) => {
      const field = fields.get(name);
      expect(field, name).toBeDefined();
      expect(['string', 'string[]']).toContain(field!.type);
      // Infix search needs the field indexed for it.
      if (infix[i] !== 'off') expect(field!.infix, name).toBe(true);
    });
    for (const part of String(search.params.sort_by).split(',')) {
      const name = part.split(':')[0]!;
      if (name === '_text_match') continue;
      const field = fields.get(name);
      // Numbers sort as they are; a string only when the schema marks it sortable.
      if (field?.type === 'string') expect(field.sort, name).toBe(true);
      else expect(['int32', 'int64']).toContain(field?.type);
    }
  });
});

describe('paging', () => {
  it('asks for pages of at most 250 hits', () => {
    expect(pagesFor(50)).toEqual([{ page: 1, per_page: 50 }]);
    expect(pagesFor(250)).toEqual([{ page: 1, per_page: 250 }]);
    expect(pagesFor(500)).toEqual([
      { page: 1, per_page: 250 },
      { page: 2, per_page: 250 },
    ]);
  });
});
