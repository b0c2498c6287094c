import { SEARCH_HITS_MAX, type YearSearchQuery } from '@mello/contracts';
import type { SearchParams } from 'typesense';
import { ValidationError } from '../../shared/errors';
import type { ForumSearchQuery } from '../search-engine';
import type { SearchKind } from './collections';

/**
 * Pure: turns the API's validated search parameters into Typesense search parameters. Unit-tested in
 * search-params.unit.test.ts; the reasoning behind each setting is in docs/search-typesense.md.
 */

/** Archive searches answer at most this many documents, as the PostgreSQL adapter does. */
export const ARCHIVE_LIMIT = SEARCH_HITS_MAX;
/** Typesense's largest page. */
export const MAX_PER_PAGE = 250;
/** Words of a query beyond this are ignored (the PostgreSQL adapter's limit too). */
export const MAX_TERMS = 8;

/** A field the words are matched against: its weight, its typo allowance, and whether substring (infix) search applies. */
type QueryField = { name: string; weight: number; typos?: 0 | 2; infix?: boolean };

/** What a search asks Typesense to return of each hit: the id only (the documents come from PostgreSQL). */
export type SearchHit = { id: string };

export type TypesenseSearch = {
  kind: SearchKind;
  /** Everything but paging: the engine adds page and per_page. */
  params: SearchParams<SearchHit>;
  limit: number;
};

/**
 * The words of a query: letters and digits only, anything else separates words (as the PostgreSQL adapter's
 * normaliser does), duplicates dropped, at most MAX_TERMS. So no character of user input reaches Typesense's
 * query syntax: no `"phrase"`, no `-exclusion`, no lone `*`. An empty result means "list everything".
 */
export function searchTerms(q: string): string[] {
  const words = q
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * A string value for filter_by, quoted with backticks so `&&`, `||`, `:`, `(`, `,` and `]` inside it are data.
 * A backtick cannot be escaped safely (Typesense splits the filter on `&&`/`||` before it honours `\``), so a
 * value holding one is refused with a 400 rather than guessed at.
 */
export function quoteFilterValue(value: string): string {
  if (value.includes('`')) throw new ValidationError('Filtervärdet får inte innehålla tecknet `');
  return `\`${value}\``;
}

/** decade is the first year of a decade (1950 … 2020): the search documents carry it as an int32. */
export function decadeFilter(decade: number): string {
  if (!Number.isSafeInteger(decade) || decade % 10 !== 0 || decade < 0 || decade > 9990) {
    throw new ValidationError('Decenniet måste vara ett årtal delbart med tio');
  }
  return `decade:=${decade}`;
}

const YEAR_CATEGORY_FILTERS: Record<YearSearchQuery['category'], string | null> = {
  all: null,
  // "winners" narrows which fields are searched (YEAR_NAME_FIELDS), not which years.
  winners: null,
  classics: 'is_classic:=true',
  'lost-media': 'has_video:=false',
  controversies: 'has_controversies:=true',
};

// Weights: names (artist, song, title) and the year 15; places 10; tags 10; people 6–8; long text 3; the catch-all 1.
// Every Swedish field has a folded twin of the same weight, so a query with or without å/ä/ö ranks alike.
const YEAR_NAME_FIELDS: QueryField[] = [
  { name: 'winner', weight: 15 },
  { name: 'winner_folded', weight: 15, infix: true },
  { name: 'song', weight: 15 },
  { name: 'song_folded', weight: 15, infix: true },
];
const YEAR_FIELDS: QueryField[] = [
  ...YEAR_NAME_FIELDS,
  // A year with a typo is another year: 1974 must not find 1975.
  { name: 'year_text', weight: 15, typos: 0 },
  { name: 'city', weight: 10 },
  { name: 'city_folded', weight: 10 },
  { name: 'venue', weight: 10 },
  { name: 'venue_folded', weight: 10 },
  { name: 'host', weight: 6 },
  { name: 'host_folded', weight: 6 },
  { name: 'description', weight: 3 },
  { name: 'facts', weight: 3 },
  { name: 'controversies', weight: 3 },
  { name: 'all_folded', weight: 1 },
];
const VIDEO_FIELDS: QueryField[] = [
  { name: 'title', weight: 15 },
  { name: 'title_folded', weight: 15, infix: true },
  { name: 'artist', weight: 15 },
  { name: 'artist_folded', weight: 15, infix: true },
  { name: 'year_text', weight: 15, typos: 0 },
  { name: 'description', weight: 3 },
  { name: 'all_folded', weight: 1 },
];
const ARTICLE_FIELDS: QueryField[] = [
  { name: 'title', weight: 15 },
  { name: 'title_folded', weight: 15, infix: true },
  { name: 'author', weight: 8 },
  { name: 'author_folded', weight: 8 },
  { name: 'excerpt', weight: 3 },
  { name: 'content', weight: 3 },
  { name: 'all_folded', weight: 1 },
];
const FORUM_FIELDS: QueryField[] = [
  { name: 'title', weight: 15 },
  { name: 'title_folded', weight: 15, infix: true },
  { name: 'tags', weight: 10 },
  { name: 'tags_folded', weight: 10 },
  { name: 'author_name', weight: 8 },
  { name: 'author_name_folded', weight: 8 },
  { name: 'content', weight: 3 },
  { name: 'all_folded', weight: 1 },
];

const ENTRY_FIELDS: QueryField[] = [
  { name: 'artist', weight: 15 },
  { name: 'artist_folded', weight: 15, infix: true },
  { name: 'song', weight: 15 },
  { name: 'song_folded', weight: 15, infix: true },
  { name: 'year_text', weight: 15, typos: 0 },
  { name: 'songwriters', weight: 6 },
  { name: 'songwriters_folded', weight: 6 },
  { name: 'all_folded', weight: 1 },
];
const ARTIST_FIELDS: QueryField[] = [
  { name: 'name', weight: 15 },
  { name: 'name_folded', weight: 15, infix: true },
  { name: 'aliases', weight: 10 },
  { name: 'aliases_folded', weight: 10 },
];
const SONGWRITER_FIELDS: QueryField[] = [
  { name: 'name', weight: 15 },
  { name: 'name_folded', weight: 15, infix: true },
  { name: 'alias', weight: 10 },
  { name: 'alias_folded', weight: 10 },
];

/**
 * The shared relevance settings:
 * - typos: up to 2 per word (0 on year fields), but none below 4 letters and only one below 7, so "lorren"
 *   finds "Loreen" and "zelmerlov" finds "Zelmerlöw" while "abba" never turns into "abbe";
 * - typo_tokens_threshold 1: misspellings are looked for only when the words as typed find nothing, so "malmo"
 *   and "Malmö" (exact on the folded and the Swedish field) answer the same list;
 * - drop_tokens_threshold = limit: documents with every word come first; only then does Typesense drop words
 *   to add partial matches behind them ("carola 1991": 1991 first, Carola's 1983 after);
 * - prefix on every field (the last word is a prefix: "water" → "Waterloo"), infix as a fallback on names;
 * - max_candidates 100: a prefix or typo may expand to up to 100 words (the default 4 can miss "waterloo"
 *   behind more frequent "water…" words of long descriptions);
 * - prioritize_num_matching_fields off: the best field's weight decides, not how many twins matched.
 */
function textSearch(kind: SearchKind, q: string, fields: QueryField[], options: { filters: string[]; sort: string; limit: number }): TypesenseSearch {
  const terms = searchTerms(q);
  const params: SearchParams<SearchHit> = {
    q: terms.length ? terms.join(' ') : '*',
    query_by: fields.map((f) => f.name).join(','),
    query_by_weights: fields.map((f) => f.weight).join(','),
    num_typos: fields.map((f) => f.typos ?? 2).join(','),
    min_len_1typo: 4,
    min_len_2typo: 7,
    typo_tokens_threshold: 1,
    drop_tokens_threshold: options.limit,
    prefix: true,
    infix: fields.map((f) => (f.infix ? 'fallback' : 'off')),
    max_candidates: 100,
    prioritize_exact_match: true,
    prioritize_num_matching_fields: false,
    text_match_type: 'max_score',
    sort_by: terms.length ? `_text_match:desc,${options.sort}` : options.sort,
    include_fields: 'id',
    ...(options.filters.length ? { filter_by: options.filters.join(' && ') } : {}),
  };
  return { kind, params, limit: options.limit };
}

export function yearsSearch({ q, category, decade }: YearSearchQuery): TypesenseSearch {
  const filters = [...(decade === null ? [] : [decadeFilter(decade)]), ...(YEAR_CATEGORY_FILTERS[category] ? [YEAR_CATEGORY_FILTERS[category]!] : [])];
  return textSearch('years', q, category === 'winners' ? YEAR_NAME_FIELDS : YEAR_FIELDS, { filters, sort: 'year:desc', limit: ARCHIVE_LIMIT });
}

export function videosSearch(q: string): TypesenseSearch {
  return textSearch('videos', q, VIDEO_FIELDS, { filters: [], sort: 'position:asc', limit: ARCHIVE_LIMIT });
}

export function articlesSearch(q: string): TypesenseSearch {
  return textSearch('articles', q, ARTICLE_FIELDS, { filters: [], sort: 'published_at:desc,position:asc', limit: ARCHIVE_LIMIT });
}

export function forumSearch({ q, category, limit }: ForumSearchQuery): TypesenseSearch {
  const filters = category === null ? [] : [`category:=${quoteFilterValue(category)}`];
  return textSearch('forum_posts', q, FORUM_FIELDS, { filters, sort: 'created_at:desc', limit: Math.max(1, Math.min(limit, ARCHIVE_LIMIT)) });
}

/** Entries: ties newest year first, then the lineup's import order (as the PostgreSQL adapter). */
export function entriesSearch(q: string): TypesenseSearch {
  return textSearch('entries', q, ENTRY_FIELDS, { filters: [], sort: 'year:desc,position:asc', limit: ARCHIVE_LIMIT });
}

export function artistsSearch(q: string): TypesenseSearch {
  return textSearch('artists', q, ARTIST_FIELDS, { filters: [], sort: 'slug:asc', limit: ARCHIVE_LIMIT });
}

/** Songwriters: ties by slug (Typesense does not know a songwriter's entry count, which PostgreSQL ties by). */
export function songwritersSearch(q: string): TypesenseSearch {
  return textSearch('songwriters', q, SONGWRITER_FIELDS, { filters: [], sort: 'slug:asc', limit: ARCHIVE_LIMIT });
}

/** Pages to ask for `limit` hits: [page, per_page] pairs, Typesense pages being at most MAX_PER_PAGE long. */
export function pagesFor(limit: number): Array<{ page: number; per_page: number }> {
  const perPage = Math.min(limit, MAX_PER_PAGE);
  return Array.from({ length: Math.ceil(limit / perPage) }, (_, i) => ({ page: i + 1, per_page: perPage }));
}
