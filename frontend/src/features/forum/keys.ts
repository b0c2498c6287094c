import type { QueryKey } from '@tanstack/react-query';
import { FORUM_CATEGORIES, FORUM_SORTS, forumApi, type ForumSort } from '@mello/contracts';
import { routeKey } from '../../api/call';
import type { ForumCategoryFilter, ListFilter } from '../../live/forum-cache';

/**
 * React Query keys of the forum, derived from the contracts (api/call.ts: the parts joined by '/' are the URL).
 * The list (GET /api/forum/posts, paged: an infinite query) is keyed by its path, 'list' (so no post's key, which
 * is the same path and an id, starts like it), the search text, the category and the order.
 */
export const FORUM_LIST_ROOT = [forumApi.list.path, 'list'] as const;
export const forumListKey = ({ q, category, sort }: ListFilter) => [...FORUM_LIST_ROOT, q.trim(), category, sort] as const;

/** Posts others created that wait behind a list's "N nya inlägg" banner (see live/new-posts.ts). */
export const PENDING_ROOT = 'forum-pending';
export const pendingKey = ({ q, category, sort }: ListFilter) => [PENDING_ROOT, q.trim(), category, sort] as const;

/** One post: forumApi.post's key (its path up to the id, then the id). Its replies and likes keys start with it, so invalidating it reaches them too. */
export const forumPostKey = (postId: string) => routeKey(forumApi.post, { params: { id: postId } });
export const forumRepliesKey = (postId: string) => routeKey(forumApi.replies, { params: { id: postId } });
/**
 * The revision (ETag) of the post as this page last read it from the server or saved it: what a delete sends in
 * If-Match. A key of its own, so the live layer, which changes the post's cache, never moves it.
 */
export const forumPostRevisionKey = (postId: string) => ['forum-post-revision', postId] as const;
/** The edit form's own copy of the post, with the revision it opened: never changed under the form. */
export const forumPostEditKey = (postId: string) => ['forum-post-edit', postId] as const;
/** Per signed-in member (the answer is theirs): the URL's key, then whose likes they are. */
export const myLikesKey = (postId: string, userId: string) => [...routeKey(forumApi.myLikes, { params: { id: postId } }), userId] as const;

export const isCategoryFilter = (value: unknown): value is ForumCategoryFilter => value === 'all' || (FORUM_CATEGORIES as readonly unknown[]).includes(value);
export const isForumSort = (value: unknown): value is ForumSort => (FORUM_SORTS as readonly unknown[]).includes(value);

/** The filter a cached list key (or pending list key) was made from, or null for keys that are not one. */
export function filterOfKey(key: QueryKey): ListFilter | null {
  const [q, category, sort] = key[0] === PENDING_ROOT ? key.slice(1) : key.slice(FORUM_LIST_ROOT.length);
  if (typeof q !== 'string' || !isCategoryFilter(category) || !isForumSort(sort)) return null;
  return { q, category, sort };
}
