import { z } from 'zod';
import { FORUM_CATEGORIES, FORUM_PRIORITIES, FORUM_STATUSES } from './forum';

const event = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) => z.object({ type: z.literal(type), data });

const editable = {
  title: z.string(),
  content: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  priority: z.enum(FORUM_PRIORITIES).nullable(),
  year: z.number().int().nullable(),
  reward: z.number().int(),
  tags: z.array(z.string()),
};

/**
 * Forum events. Streams: `forum-post-{postId}` (created, edited, deleted), `forum-reply-{replyId}` (posted, deleted),
 * `forum-like-post-{postId}-{userId}` / `forum-like-reply-{replyId}-{userId}` (one like each: the stream exists at
 * most once, so liking twice counts once without a lock), `forum-views-{postId}` (views counted in batches).
 * Deletions carry the author of the deleted content and who deleted it, so moderation is visible in the log.
 */
export const ForumEventSchema = z.discriminatedUnion('type', [
  event(
    'ForumPostCreated',
    z.object({
      postId: z.string(),
      ...editable,
      status: z.enum(FORUM_STATUSES),
      authorId: z.string(),
      authorName: z.string(),
      createdAt: z.string(),
      /** Added later: events written before it have none and are read with null (upcast.ts). */
      entryId: z.string().nullable(),
    }),
  ),
  event('ForumPostEdited', z.object({ postId: z.string(), ...editable, status: z.enum(FORUM_STATUSES), changed: z.array(z.string()), updatedAt: z.string() })),
  event('ForumPostDeleted', z.object({ postId: z.string(), title: z.string(), authorId: z.string(), authorName: z.string(), deletedBy: z.string() })),
  event(
    'ForumReplyPosted',
    z.object({ replyId: z.string(), postId: z.string(), content: z.string(), authorId: z.string(), authorName: z.string(), createdAt: z.string() }),
  ),
  event('ForumReplyDeleted', z.object({ replyId: z.string(), postId: z.string(), content: z.string(), authorId: z.string(), authorName: z.string(), deletedBy: z.string() })),
  event('ForumPostLiked', z.object({ postId: z.string(), userId: z.string(), likedAt: z.string() })),
  event('ForumReplyLiked', z.object({ replyId: z.string(), postId: z.string(), userId: z.string(), likedAt: z.string() })),
  event('ForumPostViewsCounted', z.object({ postId: z.string(), count: z.number().int().positive() })),
]);
export type ForumEvent = z.infer<typeof ForumEventSchema>;
export type ForumEventType = ForumEvent['type'];
export type ForumEventOf<T extends ForumEventType> = Extract<ForumEvent, { type: T }>;

export const FORUM_EVENT_SCHEMA_VERSIONS: Record<ForumEventType, number> = {
  ForumPostCreated: 1,
  ForumPostEdited: 1,
  ForumPostDeleted: 1,
  ForumReplyPosted: 1,
  ForumReplyDeleted: 1,
  ForumPostLiked: 1,
  ForumReplyLiked: 1,
  ForumPostViewsCounted: 1,
};
