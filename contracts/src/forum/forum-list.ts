import { z } from 'zod';
import { INVALID_CURSOR_MESSAGE, decodeCursor, pageSchema, pagingQueryShape, type Cursor, type CursorKey, type KeyKind } from '../http/paging';
import { searchText } from '../search/search';
import { FORUM_CATEGORIES, ForumPostSchema, type ForumPost } from './forum';

/**
 * The forum list's orders (GET /api/forum/posts): latest activity (the newer of the post and its last reply),
 * newest post, most liked (then newest). Each is keys descending, then id descending (http/paging.ts).
 */
export const FORUM_SORTS = ['activity', 'newest', 'liked'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];
export const DEFAULT_FORUM_SORT: ForumSort = 'activity';

/** The Swedish names of the orders, as the list's sort control shows them. */
export const FORUM_SORT_LABELS: Record<ForumSort, string> = {
  activity: 'Senaste aktivitet',
  newest: 'Nyast',
  liked: 'Mest gillade',
};

/** What each order's key is made of (the cursor carries these values, then the id). */
export const FORUM_SORT_KEYS: Record<ForumSort, readonly KeyKind[]> = {
  activity: ['instant'],
  newest: ['instant'],
  liked: ['int', 'instant'],
};

/** When a post was last active: its last reply, or its creation when it has none. */
export const forumActivityAt = (post: Pick<ForumPost, 'createdAt' | 'lastReplyAt'>): string =>
  post.lastReplyAt !== null && Date.parse(post.lastReplyAt) > Date.parse(post.createdAt) ? post.lastReplyAt : post.createdAt;

/** A post's key in an order: what the list sorts by (descending) before the id. */
export function forumSortKey(post: Pick<ForumPost, 'createdAt' | 'lastReplyAt' | 'likes'>, sort: ForumSort): CursorKey {
  switch (sort) {
    case 'activity':
      return [forumActivityAt(post)];
    case 'newest':
      return [post.createdAt];
    case 'liked':
      return [post.likes, post.createdAt];
    default: {
      const never: never = sort;
      return never;
    }
  }
}

/**
 * GET /api/forum/posts: q (the posts matching it, in the chosen order), category, sort, and the page: limit and
 * the cursor of the page before. A cursor made for another order, or not made here, is a 400 naming `cursor`.
 */
export const ForumListQuerySchema = z
  .object({
    q: searchText.default(''),
    category: z
      .enum(['all', ...FORUM_CATEGORIES], { errorMap: () => ({ message: `Måste vara all eller en av: ${FORUM_CATEGORIES.join(', ')}` }) })
      .default('all')
      .transform((value) => (value === 'all' ? null : value)),
    sort: z.enum(FORUM_SORTS, { errorMap: () => ({ message: `Måste vara en av: ${FORUM_SORTS.join(', ')}` }) }).default(DEFAULT_FORUM_SORT),
    ...pagingQueryShape,
  })
  .transform((query, ctx) => {
    let after: Cursor | null = null;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor, query.sort, FORUM_SORT_KEYS[query.sort]);
      if (after === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['cursor'], message: INVALID_CURSOR_MESSAGE });
        return z.NEVER;
      }
    }
    return { q: query.q, category: query.category, sort: query.sort, limit: query.limit, after };
  });
export type ForumListQuery = z.output<typeof ForumListQuerySchema>;

/** A page of the forum list. */
export const ForumPostPageSchema = pageSchema(ForumPostSchema);
export type ForumPostPage = z.infer<typeof ForumPostPageSchema>;
