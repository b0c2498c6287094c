import { z } from 'zod';
import { MentionSchema } from './mentions';
import { FORUM_CATEGORIES, FORUM_PRIORITIES, FORUM_STATUSES } from './forum';

/**
 * The data of the forum's events; their names, versions and parser are in the event registry
 * (contracts/src/events/registry.ts). Streams: `forum-post-{postId}` (created, edited, deleted),
 * `forum-reply-{replyId}` (posted, deleted), `forum-like-post-{postId}-{userId}` /
 * `forum-like-reply-{replyId}-{userId}` (one like each: the stream exists at most once, so liking twice counts
 * once without a lock), `forum-views-{postId}` (views counted in batches). Deletions carry the author of the
 * deleted content and who deleted it, so moderation is visible in the log.
 */

const editable = {
  title: z.string(),
  content: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  priority: z.enum(FORUM_PRIORITIES).nullable(),
  year: z.number().int().nullable(),
  reward: z.number().int(),
  tags: z.array(z.string()),
};

export const ForumPostCreatedData = z.object({
  postId: z.string(),
  ...editable,
  status: z.enum(FORUM_STATUSES),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** Added later: events written before it have none and are read with null (events/upcast.ts). */
  entryId: z.string().nullable(),
  /** The members its @mentions name, resolved when it was written (mentions.ts); older events are read with []. */
  mentions: z.array(MentionSchema),
});
export const ForumPostEditedData = z.object({
  postId: z.string(),
  ...editable,
  status: z.enum(FORUM_STATUSES),
  changed: z.array(z.string()),
  updatedAt: z.string(),
  /**
   * The members the edited text's @mentions name, resolved when it was saved (as on ForumPostCreated): the post's
   * mentions from then on. Null when the edit left the text alone, and for edits written before it was recorded.
   */
  mentions: z.array(MentionSchema).nullable(),
});
export const ForumPostDeletedData = z.object({ postId: z.string(), title: z.string(), authorId: z.string(), authorName: z.string(), deletedBy: z.string() });
export const ForumReplyPostedData = z.object({
  replyId: z.string(),
  postId: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** As on ForumPostCreated. */
  mentions: z.array(MentionSchema),
});
export const ForumReplyDeletedData = z.object({
  replyId: z.string(),
  postId: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  deletedBy: z.string(),
});
export const ForumPostLikedData = z.object({ postId: z.string(), userId: z.string(), likedAt: z.string() });
export const ForumReplyLikedData = z.object({ replyId: z.string(), postId: z.string(), userId: z.string(), likedAt: z.string() });
export const ForumPostViewsCountedData = z.object({ postId: z.string(), count: z.number().int().positive() });
