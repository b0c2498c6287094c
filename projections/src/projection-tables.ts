/**
 * Which read-model tables each projection writes (by projection name): what a single-projection rebuild builds
 * beside the live ones and swaps in. Every table of readModelDdl is owned by exactly one projection, except the
 * SHARED_TABLES (projection-tables.unit.test.ts checks both against the DDL and allProjections). A projection only
 * writes and reads its own tables, so it can be rebuilt alone.
 */
export const projectionTables: Readonly<Record<string, readonly string[]>> = {
  years: ['years'],
  videos: ['videos'],
  articles: ['articles'],
  entries: ['entries'],
  artists: ['artists'],
  sources: ['sources'],
  lineup_years: ['lineup_years'],
  search_years: ['search_years'],
  search_videos: ['search_videos'],
  search_articles: ['search_articles'],
  search_entries: ['search_entries'],
  search_artists: ['search_artists'],
  search_songwriters: ['search_songwriters', 'search_songwriter_credits'],
  forum: ['forum_posts', 'forum_replies', 'user_likes'],
  notifications: ['forum_watches', 'notification_targets', 'notification_posts', 'notifications', 'notification_counts'],
  'forum-moderation': ['forum_moderation', 'forum_flags'],
  forum_bookmarks: ['forum_bookmarks'],
  audit: ['audit_events'],
};

/**
 * Tables no single projection owns: the schema's version and checkpoints, the search vocabulary (every word of
 * every search table, only ever added to, by triggers; a single-projection rebuild adds its table's words), and
 * the documents' first places (every document projection writes the same first creation position per id, only
 * ever added to: a single-projection rebuild takes its rows' places from its own build of it, which agrees).
 */
export const SHARED_TABLES = ['meta', 'checkpoints', 'search_words', 'document_places'] as const;

/** The tables of one projection; throws for a name no projection has. */
export function tablesOf(projection: string): readonly string[] {
  const tables = projectionTables[projection];
  if (!tables) throw new Error(`No tables are known for projection ${projection}`);
  return tables;
}
