import type { QueryKey } from '@tanstack/react-query';
import { FORUM_CATEGORIES } from '@mello/contracts';
import type { ForumCategoryFilter, ListFilter } from '../../live/forum-cache';

/**
 * React Query keys of the forum. The list key is the one `api/search.ts` uses for GET /api/search/forum (same
 * endpoint, same answer), so the search page's forum hits and the forum list share one cache and both follow
 * live changes.
 */
export const FORUM_LIST_ROOT = '/api/search/forum';
export const forumListKey = ({ q, category }: ListFilter) => [FORUM_LIST_ROOT, q.trim(), category] as const;

/** Posts others created that wait behind a list's "N nya inlägg" banner (see live/new-posts.ts). */
export const PENDING_ROOT = 'forum-pending';
export const pendingKey = ({ q, category }: ListFilter) => [PENDING_ROOT, q.trim(), category] as const;

export const forumPostKey = (postId: string) => ['/api/forum/posts', postId] as const;
export const forumRepliesKey = (postId: string) => ['/api/forum/posts', postId, 'replies'] as const;
export const myLikesKey = (postId: string, userId: string) => ['/api/forum/posts', postId, 'my-likes', userId] as const;

export const isCategoryFilter = (value: unknown): value is ForumCategoryFilter =>
  value === 'all' || (FORUM_CATEGORIES as readonly unknown[]).includes(value);

/** The filter a cached list (or pending list) key was made from, or null for keys that are not one. */
export function filterOfKey(key: QueryKey): ListFilter | null {
  const [, q, category] = key;
  if (typeof q !== 'string' || !isCategoryFilter(category)) return null;
  return { q, category };
}
