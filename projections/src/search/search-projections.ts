import { DOCUMENT_EVENTS, plainMarkdown, type EntryFields } from '@mello/contracts';
import { documentProjection } from '../document-projection';
import { entryResult } from '../lineups/lineup-views';

type Fields = Record<string, unknown>;
const text = (...values: unknown[]) =>
  values
    .flat()
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' \n ');

/** Markdown syntax is noise for search: the text a reader sees (contracts' plainMarkdown, as Typesense indexes it). */
const plainText = (markdown: unknown) => (typeof markdown === 'string' ? plainMarkdown(markdown) : '');

export const searchYearsProjection = documentProjection({
  name: 'search_years',
  table: 'search_years',
  searchTable: true,
  events: DOCUMENT_EVENTS.year,
  columns: [
    { name: 'year', type: 'integer', value: (f: Fields) => f.year },
    { name: 'is_classic', type: 'boolean', value: (f: Fields) => f.isClassic === true },
    { name: 'has_video', type: 'boolean', value: (f: Fields) => typeof f.videoUrl === 'string' && f.videoUrl !== '' },
    { name: 'has_controversies', type: 'boolean', value: (f: Fields) => Array.isArray(f.controversies) && f.controversies.length > 0 },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.winner, f.song) },
    {
      name: 'body_text',
      type: 'text',
      value: (f: Fields) => text(f.year, f.winner, f.song, f.venue, f.city, f.host, f.date, f.description, f.facts, f.controversies),
    },
  ],
});

export const searchVideosProjection = documentProjection({
  name: 'search_videos',
  table: 'search_videos',
  searchTable: true,
  events: DOCUMENT_EVENTS.video,
  columns: [
    { name: 'year', type: 'integer', value: (f: Fields) => f.year },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.title, f.artist) },
    { name: 'body_text', type: 'text', value: (f: Fields) => text(f.title, f.artist, f.year, f.description, f.category) },
  ],
});

export const searchArticlesProjection = documentProjection({
  name: 'search_articles',
  table: 'search_articles',
  searchTable: true,
  events: DOCUMENT_EVENTS.article,
  columns: [
    { name: 'published_at', type: 'timestamptz', value: (f: Fields) => f.publishedAt },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.title) },
    { name: 'body_text', type: 'text', value: (f: Fields) => text(f.title, f.excerpt, plainText(f.content), f.author, f.category) },
  ],
});

/**
 * Entries (the Bidrag section): found by artist as billed, song, year and songwriters; the artist and song rank
 * an exact match first. The stored document is the hit without the act's slug, which the query adds
 * (searchDocument in search-documents.ts), so renaming an act needs no reindexing of its entries.
 */
export const searchEntriesProjection = documentProjection({
  name: 'search_entries',
  table: 'search_entries',
  searchTable: true,
  events: DOCUMENT_EVENTS.entry,
  columns: [
    { name: 'year', type: 'integer', value: (f: Fields) => f.year },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.artist, f.song) },
    { name: 'body_text', type: 'text', value: (f: Fields) => text(f.year, f.artist, f.song, f.songwriters) },
  ],
  doc: (f: Fields) => ({
    year: f.year,
    artist: f.artist,
    song: f.song,
    artistId: f.artistId,
    result: entryResult(f as EntryFields),
    finalPlace: f.finalPlace ?? null,
  }),
});

/** Acts (the Artister section): by name and other names; entry counts and years are added by the query. */
export const searchArtistsProjection = documentProjection({
  name: 'search_artists',
  table: 'search_artists',
  searchTable: true,
  events: DOCUMENT_EVENTS.artist,
  columns: [
    { name: 'slug', type: 'text', value: (f: Fields) => f.slug },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.name, f.aliases) },
    { name: 'body_text', type: 'text', value: (f: Fields) => text(f.name, f.aliases) },
  ],
  doc: (f: Fields) => ({ slug: f.slug, name: f.name, aliases: Array.isArray(f.aliases) ? f.aliases : [] }),
});
