import { FORUM_SEARCH_LIMIT, forumSortKey, hasNothingToFind, pageAfter, type ForumListQuery, type ForumPost } from '@mello/contracts';
import { forumListPageJson, type ForumReader } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { SearchEngine } from '../search/search-engine';

/**
 * GET /api/forum/posts: one page of the forum list as JSON text. Without q it is one index range scan of the read
 * model (forum-list-queries.ts). With q the search engine finds the matching posts (its best FORUM_SEARCH_LIMIT,
 * with either engine) and they are paged in the chosen order in memory with the same keys and cursor
 * (contracts' pageAfter and forumSortKey), so a search pages like the list.
 */
export async function forumListPage(deps: { pool: DatabasePool; search: SearchEngine }, query: ForumListQuery, reader: ForumReader): Promise<string> {
  const { q, category, sort, after, limit } = query;
  if (q === '') return forumListPageJson(deps.pool, { category, sort, after, limit, reader });
  if (hasNothingToFind(q)) return '{"items":[],"nextCursor":null}';
  const matches = JSON.parse(await deps.search.searchForum({ q, category, limit: FORUM_SEARCH_LIMIT, admin: reader.admin })) as ForumPost[];
  return JSON.stringify(pageAfter(matches, { sort, keyOf: (post) => forumSortKey(post, sort), cursor: after, limit }));
}
