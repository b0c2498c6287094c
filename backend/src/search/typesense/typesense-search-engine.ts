import { isUuid, type YearSearchQuery } from '@mello/contracts';
import { LIVE_SCHEMA, searchDocument, visiblePostsFilter } from '@mello/projections';
import { sql, type DatabasePool, type FragmentSqlToken } from 'slonik';
import type { Client } from 'typesense';
import { z } from 'zod';
import { UnavailableError } from '../../shared/errors';
import type { ForumSearchQuery, SearchEngine } from '../search-engine';
import { DEFAULT_PREFIX, READ_MODELS, aliasName, type SearchKind } from './collections';
import {
  articlesSearch,
  artistsSearch,
  entriesSearch,
  forumSearch,
  pagesFor,
  songwritersSearch,
  videosSearch,
  yearsSearch,
  type SearchHit,
  type TypesenseSearch,
} from './search-params';
import { isNotFound, isUnavailable, type Log } from './typesense-client';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const jsonText = z.object({ body: z.string() });

/**
 * The production search adapter. Typesense answers ids in rank order; the documents themselves come from the
 * PostgreSQL read models (rm.years, rm.videos, rm.articles, rm.forum_posts) in one query, so what a hit shows
 * (a post's likes, replies and views) is always current without reindexing on every like.
 */
export class TypesenseSearchEngine implements SearchEngine {
  readonly name = 'typesense' as const;
  private readonly prefix: string;

  constructor(private readonly deps: { client: Client; pool: DatabasePool; prefix?: string; log?: Log }) {
    this.prefix = deps.prefix ?? DEFAULT_PREFIX;
  }

  searchYears(query: YearSearchQuery): Promise<string> {
    return this.run(yearsSearch(query));
  }

  searchArticles(q: string): Promise<string> {
    return this.run(articlesSearch(q));
  }

  searchVideos(q: string): Promise<string> {
    return this.run(videosSearch(q));
  }

  searchForum(query: ForumSearchQuery): Promise<string> {
    // Hidden posts stay in the index (hiding is not a reindex); they are left out when their documents are loaded.
    return this.run(forumSearch(query), visiblePostsFilter({ admin: query.admin === true }));
  }

  searchEntries(q: string): Promise<string> {
    return this.run(entriesSearch(q));
  }

  searchArtists(q: string): Promise<string> {
    return this.run(artistsSearch(q));
  }

  searchSongwriters(q: string): Promise<string> {
    return this.run(songwritersSearch(q));
  }

  /** Typesense's own /health: ok once the server has loaded its data and can serve. */
  async ping(): Promise<void> {
    const { ok } = await this.deps.client.health.retrieve();
    if (!ok) throw new Error('Typesense /health answered ok: false');
  }

  /** Ids best first, at most `search.limit`, from as many Typesense pages as that takes. */
  async rankedIds(search: TypesenseSearch): Promise<string[]> {
    const documents = this.deps.client.collections<SearchHit>(aliasName(this.prefix, search.kind)).documents();
    const ids: string[] = [];
    try {
      for (const page of pagesFor(search.limit)) {
        const result = await documents.search({ ...search.params, ...page }, {});
        const hits = result.hits ?? [];
        for (const hit of hits) ids.push(hit.document.id);
        if (hits.length < page.per_page || ids.length >= result.found) break;
      }
    } catch (error) {
      if (isUnavailable(error) || isNotFound(error)) {
        this.deps.log?.('Typesense search failed', { kind: search.kind, error: String(error) });
        throw new UnavailableError('Sökningen är tillfälligt otillgänglig. Försök igen om en stund.');
      }
      throw error;
    }
    return [...new Set(ids)].slice(0, search.limit);
  }

  private async run(search: TypesenseSearch, filters: readonly FragmentSqlToken[] = []): Promise<string> {
    return loadDocumentsJson(this.deps.pool, search.kind, await this.rankedIds(search), filters);
  }
}

/**
 * The read-model documents of `ids` as one JSON array text, in the order given. An id the read model no longer
 * holds (deleted since Typesense indexed it) is simply left out.
 */
export async function loadDocumentsJson(
  pool: DatabasePool,
  kind: SearchKind,
  ids: readonly string[],
  filters: readonly FragmentSqlToken[] = [],
): Promise<string> {
  const { table: name, key } = READ_MODELS[kind];
  const valid = ids.filter((id) => (key === 'id' ? isUuid(id) : SLUG.test(id)));
  if (valid.length === 0) return '[]';
  const table = sql.identifier([LIVE_SCHEMA, name]);
  const row = await pool.one(sql.type(jsonText)`
    SELECT coalesce(json_agg(${searchDocument(name)} ORDER BY wanted.n), '[]')::text AS body
      FROM unnest(${sql.array(valid, key === 'id' ? 'uuid' : 'text')}) WITH ORDINALITY AS wanted(key, n)
      JOIN ${table} t ON ${sql.identifier(['t', key])} = wanted.key
     WHERE ${filters.length > 0 ? sql.join([...filters], sql.fragment` AND `) : sql.fragment`TRUE`}`);
  return row.body;
}
