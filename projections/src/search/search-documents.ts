import { sql, type FragmentSqlToken } from 'slonik';
import { LIVE_SCHEMA } from '../schema';

/** The search read models whose rows the search answers (searchJson) and the Typesense engine loads hits from. */
export type SearchTable = 'search_years' | 'search_videos' | 'search_articles' | 'search_entries' | 'search_artists' | 'search_songwriters' | 'forum_posts';

/** A search table's texts as written (schema.ts, searchTableDdl): its normalised texts and tsvector are generated from them. */
export const SEARCH_TEXT_COLUMNS = ['names_text', 'body_text'] as const;

/**
 * What a hit of `table` answers, as an SQL expression over its row `t`: the stored document, and for entries and
 * acts what belongs to other entities, read when searched so it is never stale: an entry's act slug (its artist
 * link), an act's entry count and first and last year. One definition for both engines.
 */
export function searchDocument(table: SearchTable | string): FragmentSqlToken {
  const live = (name: string) => sql.identifier([LIVE_SCHEMA, name]);
  switch (table) {
    case 'search_entries':
      return sql.fragment`(t.doc || jsonb_build_object('artistSlug',
        coalesce((SELECT a.slug FROM ${live('artists')} a WHERE a.id = (t.doc->>'artistId')::uuid), '')))`;
    case 'search_artists':
      return sql.fragment`(t.doc || (SELECT jsonb_build_object('entryCount', count(*)::int, 'firstYear', min(e.year), 'lastYear', max(e.year))
        FROM ${live('entries')} e WHERE e.artist_id = t.id))`;
    default:
      return sql.fragment`t.doc`;
  }
}
