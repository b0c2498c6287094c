import type { YearSearchQuery } from '@mello/contracts';

/** Forum search parameters: the list screen asks newest first, so an empty q answers the latest `limit` posts. */
/** `admin`: the administrator's list and search also hold hidden posts (flags and moderation); everyone else's leave them out. */
export type ForumSearchQuery = { q: string; category: string | null; limit: number; admin?: boolean };

/**
 * The port behind GET /api/search/*: one behaviour, two adapters (PostgreSQL full text as the embedded default,
 * Typesense in production). Each method answers a JSON array text of the same documents the list endpoints
 * return, best match first (newest first for an empty forum query), so routes stream it without re-encoding.
 */
export interface SearchEngine {
  readonly name: 'postgres' | 'typesense';
  searchYears(query: YearSearchQuery): Promise<string>;
  searchArticles(q: string): Promise<string>;
  searchVideos(q: string): Promise<string>;
  searchForum(query: ForumSearchQuery): Promise<string>;
  /** Entries (EntrySearchHit), artists (ArtistSearchHit) and songwriters (SongwriterSearchHit) by name, song, year. */
  searchEntries(q: string): Promise<string>;
  searchArtists(q: string): Promise<string>;
  searchSongwriters(q: string): Promise<string>;
  /** Resolves when the engine can answer searches now, throws otherwise (GET /readyz). */
  ping(): Promise<void>;
}
