import type { CollectionCreateSchema, CollectionFieldSchema } from 'typesense';
import { plainMarkdown, songwriterCredit } from '@mello/contracts';
import { decodePosition, isPosition } from '../../event-store/port';

/**
 * The Typesense side of search, pure: collection names, schemas and the mapping from event data to search
 * documents. No I/O here, so all of it is unit-tested (collections.unit.test.ts). Design: docs/search-typesense.md.
 */

export const SEARCH_KINDS = ['years', 'videos', 'articles', 'forum_posts', 'entries', 'artists', 'songwriters'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * Read model (schema rm) holding each kind's API documents, and the column a Typesense id names: the engine
 * loads hits from here. Entries, artists and songwriters load from their PostgreSQL search rows, whose hit
 * documents (searchDocument) the PostgreSQL adapter answers too; a songwriter's id is its slug.
 */
export const READ_MODELS: Record<SearchKind, { table: string; key: 'id' | 'slug' }> = {
  years: { table: 'years', key: 'id' },
  videos: { table: 'videos', key: 'id' },
  articles: { table: 'articles', key: 'id' },
  forum_posts: { table: 'forum_posts', key: 'id' },
  entries: { table: 'search_entries', key: 'id' },
  artists: { table: 'search_artists', key: 'id' },
  songwriters: { table: 'search_songwriters', key: 'slug' },
};

export const DEFAULT_PREFIX = 'mello';

/** A prefix keeps several installations (or test runs) apart on one Typesense server. */
export function checkPrefix(prefix: string): string {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Bad Typesense name prefix: ${prefix}`);
  return prefix;
}

/** The alias every reader and the live indexer use: mello_years, mello_videos, … */
export const aliasName = (prefix: string, kind: SearchKind) => `${checkPrefix(prefix)}_${kind}`;

/** A concrete collection behind an alias: mello_years_1767000000000. A rebuild creates a new set beside the live one. */
export const collectionName = (prefix: string, kind: SearchKind, stamp: number) => `${aliasName(prefix, kind)}_${stamp}`;

/** Collections of this prefix and kind (live, old or left behind by a crashed rebuild). */
export const isCollectionOf = (prefix: string, kind: SearchKind, name: string) => new RegExp(`^${aliasName(prefix, kind)}_\\d+$`).test(name);

// ---------------------------------------------------------------------------------------------------------------
// Text

/**
 * Folds a text for the `*_folded` twin fields: lower case, accents and å/ä/ö taken off (å→a, ä→a, ö→o), a few
 * letters that Unicode does not decompose mapped by hand. Typesense's default (English) normaliser does the
 * same to the query for a field without a locale, so "fangad" meets "Fångad" and "malmo" meets "Malmö".
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const join = (...parts: Array<string | string[] | number | null>) =>
  parts
    .flat()
    .filter((part) => part !== null && part !== '')
    .join(' \n ');
const millis = (iso: unknown): number | null => {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
};

/**
 * List order of videos and articles: the store's sequence number of the creation event (the second half of its
 * log position, read through the port's decodePosition). It follows append order; only two creations appended
 * concurrently can swap places, which for a list order is harmless.
 */
export function creationOrder(position: string): number {
  if (!isPosition(position)) return 0;
  const [, minor] = decodePosition(position);
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : Number.MAX_SAFE_INTEGER;
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas

/** Swedish text: ICU tokenisation for Swedish; å, ä and ö stay letters of their own, so "får" ranks "får" first. */
const sv = (name: string, extra: Partial<CollectionFieldSchema> = {}): CollectionFieldSchema => ({
  name,
  type: 'string',
  locale: 'sv',
  optional: true,
  ...extra,
});
const svList = (name: string): CollectionFieldSchema => ({ name, type: 'string[]', locale: 'sv', optional: true });
/** The folded twin: no locale, so Typesense folds diacritics on the document and the query alike. */
const folded = (name: string, extra: Partial<CollectionFieldSchema> = {}): CollectionFieldSchema => ({ name, type: 'string', optional: true, ...extra });
const foldedList = (name: string): CollectionFieldSchema => ({ name, type: 'string[]', optional: true });

/**
 * Punctuation splits words, as the PostgreSQL adapter's normaliser and the query builder do ("Hej-hopp" is two
 * words on every side), instead of Typesense's default of deleting it ("hejhopp").
 */
const TOKEN_SEPARATORS = ['-', '/', '.', ',', ':', ';', '+', '&', '(', ')', '!', '?', "'", '"'];

const SCHEMAS: Record<SearchKind, (name: string) => CollectionCreateSchema> = {
  years: (name) => ({
    name,
    default_sorting_field: 'year',
    token_separators: TOKEN_SEPARATORS,
    fields: [
      { name: 'year', type: 'int32' },
      { name: 'decade', type: 'int32' },
      { name: 'is_classic', type: 'bool' },
      { name: 'has_video', type: 'bool' },
      { name: 'has_controversies', type: 'bool' },
      { name: 'year_text', type: 'string' },
      sv('winner'),
      folded('winner_folded', { infix: true }),
      sv('song'),
      folded('song_folded', { infix: true }),
      sv('venue'),
      folded('venue_folded'),
      sv('city'),
      folded('city_folded'),
      sv('host'),
      folded('host_folded'),
      sv('description'),
      svList('facts'),
      svList('controversies'),
      folded('all_folded'),
    ],
  }),
  videos: (name) => ({
    name,
    default_sorting_field: 'position',
    token_separators: TOKEN_SEPARATORS,
    fields: [
      { name: 'position', type: 'int64' },
      { name: 'year', type: 'int32' },
      { name: 'year_text', type: 'string' },
      sv('title'),
      folded('title_folded', { infix: true }),
      sv('artist'),
      folded('artist_folded', { infix: true }),
      sv('description'),
      { name: 'category', type: 'string', facet: true, optional: true },
      folded('all_folded'),
    ],
  }),
  articles: (name) => ({
    name,
    default_sorting_field: 'published_at',
    token_separators: TOKEN_SEPARATORS,
    fields: [
      { name: 'published_at', type: 'int64' },
      { name: 'position', type: 'int64' },
      sv('title'),
      folded('title_folded', { infix: true }),
      sv('author'),
      folded('author_folded'),
      sv('excerpt'),
      sv('content'),
      { name: 'category', type: 'string', facet: true, optional: true },
      folded('all_folded'),
    ],
  }),
  forum_posts: (name) => ({
    name,
    default_sorting_field: 'created_at',
    token_separators: TOKEN_SEPARATORS,
    fields: [
      { name: 'created_at', type: 'int64' },
      { name: 'category', type: 'string', facet: true },
      sv('title'),
      folded('title_folded', { infix: true }),
      svList('tags'),
      foldedList('tags_folded'),
      sv('author_name'),
      folded('author_name_folded'),
      sv('content'),
      folded('all_folded'),
    ],
  }),
  entries: (name) => ({
    name,
    default_sorting_field: 'year',
    token_separators: TOKEN_SEPARATORS,
    fields: [
      { name: 'year', type: 'int32' },
      { name: 'position', type: 'int64', optional: true },
      { name: 'year_text', type: 'string' },
      sv('artist'),
      folded('artist_folded', { infix: true }),
      sv('song'),
      folded('song_folded', { infix: true }),
      svList('songwriters'),
      foldedList('songwriters_folded'),
      folded('all_folded'),
    ],
  }),
  artists: (name) => ({
    name,
    token_separators: TOKEN_SEPARATORS,
    fields: [{ name: 'slug', type: 'string', sort: true }, sv('name'), folded('name_folded', { infix: true }), svList('aliases'), foldedList('aliases_folded')],
  }),
  songwriters: (name) => ({
    name,
    token_separators: TOKEN_SEPARATORS,
    fields: [{ name: 'slug', type: 'string', sort: true }, sv('name'), folded('name_folded', { infix: true }), sv('alias'), folded('alias_folded')],
  }),
};

export const collectionSchema = (kind: SearchKind, name: string): CollectionCreateSchema => SCHEMAS[kind](name);

// ---------------------------------------------------------------------------------------------------------------
// Documents

/** A search document as sent to Typesense: `id` is the entity's uuid (the read-model row's id). */
export type SearchDocument = { id: string } & Record<string, string | number | boolean | string[]>;

/** A year's search document, from its event fields (YearCreated/YearUpdated data.fields). Null when unusable. */
export function yearDocument(id: string, fields: Record<string, unknown>): SearchDocument | null {
  const year = int(fields.year);
  if (year === null) return null;
  const [winner, song, venue, city, host, description] = [fields.winner, fields.song, fields.venue, fields.city, fields.host, fields.description].map(str) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const facts = list(fields.facts);
  const controversies = list(fields.controversies);
  return {
    id,
    year,
    decade: Math.floor(year / 10) * 10,
    is_classic: fields.isClassic === true,
    has_video: str(fields.videoUrl).trim() !== '',
    has_controversies: controversies.length > 0,
    year_text: String(year),
    winner,
    winner_folded: fold(winner),
    song,
    song_folded: fold(song),
    venue,
    venue_folded: fold(venue),
    city,
    city_folded: fold(city),
    host,
    host_folded: fold(host),
    description,
    facts,
    controversies,
    all_folded: fold(join(year, winner, song, venue, city, host, str(fields.date), description, facts, controversies)),
  };
}

/**
 * A video's search document. `position` (list order) comes from the creation event only: an update leaves it
 * out and is applied as a partial update (emplace), so the video keeps its place.
 */
export function videoDocument(id: string, fields: Record<string, unknown>, position: number | null): SearchDocument | null {
  const year = int(fields.year);
  if (year === null) return null;
  const [title, artist, description, category] = [fields.title, fields.artist, fields.description, fields.category].map(str) as [
    string,
    string,
    string,
    string,
  ];
  return {
    id,
    ...(position === null ? {} : { position }),
    year,
    year_text: String(year),
    title,
    title_folded: fold(title),
    artist,
    artist_folded: fold(artist),
    description,
    category,
    all_folded: fold(join(title, artist, year, description, category)),
  };
}

/** An article's search document; like a video, `position` only from the creation event. */
export function articleDocument(id: string, fields: Record<string, unknown>, position: number | null): SearchDocument | null {
  const publishedAt = millis(fields.publishedAt);
  if (publishedAt === null) return null;
  const [title, author, excerpt, category] = [fields.title, fields.author, fields.excerpt, fields.category].map(str) as [string, string, string, string];
  const content = plainMarkdown(str(fields.content));
  return {
    id,
    published_at: publishedAt,
    ...(position === null ? {} : { position }),
    title,
    title_folded: fold(title),
    author,
    author_folded: fold(author),
    excerpt,
    content,
    category,
    all_folded: fold(join(title, excerpt, content, author, category)),
  };
}

/**
 * A forum post's search fields from ForumPostCreated data (complete) or ForumPostEdited data (applied as a
 * partial update: only the keys the event carries are written). `all_folded` (title, content, tags, category)
 * is written only when the event carries all four, so a partial edit never blanks it.
 */
export function forumPostDocument(data: Record<string, unknown>): SearchDocument | null {
  const id = str(data.postId);
  if (!id) return null;
  const doc: SearchDocument = { id };
  const has = (key: string) => Object.prototype.hasOwnProperty.call(data, key);
  if (has('createdAt')) {
    const createdAt = millis(data.createdAt);
    if (createdAt === null) return null;
    doc.created_at = createdAt;
  }
  if (has('category')) doc.category = str(data.category);
  if (has('title')) {
    doc.title = str(data.title);
    doc.title_folded = fold(doc.title);
  }
  if (has('tags')) {
    doc.tags = list(data.tags);
    doc.tags_folded = doc.tags.map(fold);
  }
  if (has('authorName')) {
    doc.author_name = str(data.authorName);
    doc.author_name_folded = fold(doc.author_name);
  }
  if (has('content')) doc.content = plainMarkdown(str(data.content));
  if (has('title') && has('content') && has('tags') && has('category')) {
    doc.all_folded = fold(join(str(data.title), plainMarkdown(str(data.content)), list(data.tags), str(data.category)));
  }
  return doc;
}

/**
 * An entry's search document; `position` (the lineup's import order, for ties within a year) only from the
 * creation event, as for videos. The act's slug is not indexed: the engine reads it when it loads the hits.
 */
export function entryDocument(id: string, fields: Record<string, unknown>, position: number | null): SearchDocument | null {
  const year = int(fields.year);
  if (year === null) return null;
  const [artist, song] = [fields.artist, fields.song].map(str) as [string, string];
  const songwriters = list(fields.songwriters);
  return {
    id,
    ...(position === null ? {} : { position }),
    year,
    year_text: String(year),
    artist,
    artist_folded: fold(artist),
    song,
    song_folded: fold(song),
    songwriters,
    songwriters_folded: songwriters.map(fold),
    all_folded: fold(join(year, artist, song, songwriters)),
  };
}

/** An act's search document (ArtistCreated/ArtistUpdated fields): its name and other names. */
export function artistDocument(id: string, fields: Record<string, unknown>): SearchDocument | null {
  const [name, slug] = [fields.name, fields.slug].map(str) as [string, string];
  if (!name || !slug) return null;
  const aliases = list(fields.aliases);
  return { id, slug, name, name_folded: fold(name), aliases, aliases_folded: aliases.map(fold) };
}

/**
 * One songwriter document per credit of an entry, id = the songwriter's slug (as the songwriter pages name
 * them). Written as partial updates (emplace): the same songwriter credited on many entries is one document, and
 * a credit without a stage name leaves a stage name written by another credit in place. Nothing is deleted here:
 * the engine loads hits from rm.search_songwriters, which drops a songwriter left without credits, so a stale
 * document only costs a place in Typesense's answer.
 */
export function songwriterDocuments(fields: Record<string, unknown>): SearchDocument[] {
  return list(fields.songwriters)
    .map(songwriterCredit)
    .filter((credit) => credit.slug !== '')
    .map((credit) => ({
      id: credit.slug,
      slug: credit.slug,
      name: credit.name,
      name_folded: fold(credit.name),
      ...(credit.alias ? { alias: credit.alias, alias_folded: fold(credit.alias) } : {}),
    }));
}
