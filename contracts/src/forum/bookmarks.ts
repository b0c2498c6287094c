import { z } from 'zod';

/**
 * Bookmarks (issue 19): a member saves a post or a reply for later. Private to the member: only they read them.
 * Stream `forum-bookmark-{userId}-{targetType}-{targetId}` (one per member and item, so saving twice is decided
 * against that item's own history and appends nothing).
 */
export const BOOKMARK_TARGETS = ['post', 'reply'] as const;
export type BookmarkTarget = (typeof BOOKMARK_TARGETS)[number];

/** Event data: the item saved (a reply names its post, so the list links to it). */
export const ForumBookmarkAddedData = z.object({
  userId: z.string(),
  targetType: z.enum(BOOKMARK_TARGETS),
  targetId: z.string(),
  postId: z.string(),
  savedAt: z.string(),
});
export const ForumBookmarkRemovedData = z.object({
  userId: z.string(),
  targetType: z.enum(BOOKMARK_TARGETS),
  targetId: z.string(),
  postId: z.string(),
});

/** What saving or unsaving answers: the item's state for this member now. */
export const BookmarkStateSchema = z.object({ targetType: z.enum(BOOKMARK_TARGETS), targetId: z.string(), saved: z.boolean() });
export type BookmarkState = z.infer<typeof BookmarkStateSchema>;

/** One saved item in the member's "Sparade" list (newest first): the post's title, and the saved text's start as plain text. */
export const BookmarkSchema = z.object({
  targetType: z.enum(BOOKMARK_TARGETS),
  targetId: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  /** The public display name of the saved item's author (never an e-mail address). */
  authorName: z.string(),
  excerpt: z.string(),
  savedAt: z.string(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

/** How many saved items the list shows (the newest). */
export const BOOKMARKS_LIST_MAX = 200;
/** Characters of the saved text shown in the list. */
export const BOOKMARK_EXCERPT_LENGTH = 200;

/** Which of a post and its replies the member has saved. */
export const MyBookmarksSchema = z.object({ savedIds: z.array(z.string()) });
export type MyBookmarks = z.infer<typeof MyBookmarksSchema>;
