import type { YearSearchQuery } from '@mello/contracts';
import { FUZZY_THRESHOLD, LIVE_SCHEMA, searchJson, visiblePostsFilter, type SearchSpec } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import { createDatabasePool, type PoolTimeouts } from '../db/pool';
import type { ForumSearchQuery, SearchEngine } from './search-engine';

/**
 * The search pool's connection string: the same database, with sessions that plan with enable_seqscan off, which
 * searchJson needs (the bitmap of the trigram and full-text indexes instead of a scan of every row), and whose
 * trigram `%` operator means FUZZY_THRESHOLD (searchJson's spelling lookup). A pool of its own, because a
 * transaction per search to set them locally cost two more round trips on every search.
 */
export function searchPoolUri(databaseUri: string): string {
  const url = new URL(databaseUri);
  const given = url.searchParams.get('options');
  url.searchParams.set('options', `${given ? `${given} ` : ''}-c enable_seqscan=off -c pg_trgm.similarity_threshold=${FUZZY_THRESHOLD}`);
  return url.toString();
}

/**
 * How many statements a search connection keeps prepared. A search's statement texts depend on its words (their
 * number up to eight, and each word's kind and spellings), so their number has no useful bound; the common ones
 * come first and stay. A prepared search statement holds ~150 kB of the server backend's memory (its plan and
 * query trees): 48 of them on each of the pool's 5 connections are ~36 MB at most.
 */
export const SEARCH_PREPARED_STATEMENTS = 48;

/**
 * The search pool: connections of its own (searchPoolUri), each keeping its statements prepared, since planning a
 * search's long statements cost as much as running them (db/prepared-statements.ts). Its statements are single
 * SELECTs that leave no session state behind, which a pool keeping prepared statements needs.
 */
export function createSearchPool(databaseUri: string, options: { maximumPoolSize?: number; timeouts?: PoolTimeouts } = {}): Promise<DatabasePool> {
  return createDatabasePool(searchPoolUri(databaseUri), { ...options, preparedStatements: SEARCH_PREPARED_STATEMENTS });
}

/** What a forum search asks searchJson (exported for the test comparing its answers with a full ranking's). */
export function forumSearchSpec({ q, category, limit, admin = false }: ForumSearchQuery): SearchSpec {
  return {
    table: 'forum_posts',
    q,
    filters: [...(category === null ? [] : [sql.fragment`category = ${category}`]), ...visiblePostsFilter({ admin })],
    // A post's names are its normalised title: `names = phrase` is the exact title match.
    exactFields: [],
    // Newest first: an index on (created_at, id), read backwards, answers it.
    order: sql.fragment`created_at DESC, id DESC`,
    orderColumns: ['created_at', 'id'],
    walkOrder: true,
    limit,
  };
}

/**
 * The embedded default: search read models in PostgreSQL (projections/src/search), ranked by searchJson.
 * What each year category means is documented with YEAR_SEARCH_CATEGORIES in contracts.
 */
/** `pool`: connections from searchPoolUri. */
export function postgresSearchEngine(pool: DatabasePool): SearchEngine {
  return {
    name: 'postgres',

    searchYears({ q, category, decade }: YearSearchQuery) {
      const filters = [
        ...(decade === null ? [] : [sql.fragment`year BETWEEN ${decade} AND ${decade + 9}`]),
        ...(category === 'classics' ? [sql.fragment`is_classic`] : []),
        ...(category === 'lost-media' ? [sql.fragment`NOT has_video`] : []),
        ...(category === 'controversies' ? [sql.fragment`has_controversies`] : []),
      ];
      return searchJson(pool, {
        table: 'search_years',
        q,
        filters,
        namesOnly: category === 'winners',
        exactFields: ['winner', 'song'],
        exactYear: true,
        order: sql.fragment`year DESC`,
        orderColumns: ['year'],
      });
    },

    searchArticles(q: string) {
      return searchJson(pool, {
        table: 'search_articles',
        q,
        exactFields: [],
        order: sql.fragment`published_at DESC, created_position`,
        orderColumns: ['published_at', 'created_position'],
      });
    },

    searchVideos(q: string) {
      return searchJson(pool, {
        table: 'search_videos',
        q,
        exactFields: ['title', 'artist'],
        exactYear: true,
        order: sql.fragment`created_position`,
        orderColumns: ['created_position'],
      });
    },

    searchEntries(q: string) {
      // Ties (every entry of an artist): newest year first, then the import's order (the lineup's).
      return searchJson(pool, {
        table: 'search_entries',
        q,
        exactFields: ['artist', 'song'],
        exactYear: true,
        order: sql.fragment`year DESC, created_position`,
        orderColumns: ['year', 'created_position'],
      });
    },

    searchArtists(q: string) {
      return searchJson(pool, { table: 'search_artists', q, exactFields: ['name'], order: sql.fragment`slug`, orderColumns: ['slug'] });
    },

    searchSongwriters(q: string) {
      // Ties: the songwriter with more entries first.
      return searchJson(pool, {
        table: 'search_songwriters',
        q,
        exactFields: ['name'],
        order: sql.fragment`entry_count DESC, slug`,
        orderColumns: ['entry_count', 'slug'],
      });
    },

    searchForum(query: ForumSearchQuery) {
      return searchJson(pool, forumSearchSpec(query));
    },

    async ping() {
      // The search tables answer (not just the server): a read model missing after a failed swap fails here.
      await pool.query(sql.unsafe`SELECT 1 FROM ${sql.identifier([LIVE_SCHEMA, 'search_years'])} LIMIT 1`);
    },
  };
}
