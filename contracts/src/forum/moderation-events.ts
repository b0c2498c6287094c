import { z } from 'zod';
import { FLAG_REASONS, MODERATION_TARGET_TYPES } from './moderation';

/**
 * The data of the moderation events (names and versions in the event registry). One stream per flagged item:
 * `forum-moderation-post-{postId}` / `forum-moderation-reply-{replyId}` (backend/src/forum/moderation/). Each event
 * names its item and the post it belongs to, and carries `label` (the post's title or the reply's excerpt as it was)
 * so the admin history reads without looking the item up.
 */
const target = {
  targetType: z.enum(MODERATION_TARGET_TYPES),
  targetId: z.string(),
  postId: z.string(),
  label: z.string(),
};

export const ForumContentFlaggedData = z.object({
  ...target,
  userId: z.string(),
  userName: z.string(),
  reason: z.enum(FLAG_REASONS),
  text: z.string(),
  flaggedAt: z.string(),
});
/** `by`: 'flags' when the threshold of different members' flags hid it, 'admin' when the administrator did. */
export const ForumContentHiddenData = z.object({ ...target, by: z.enum(['flags', 'admin']), flagCount: z.number().int(), hiddenAt: z.string() });
/** The administrator made hidden content visible again; its flags are reviewed (the queue entry is cleared). */
export const ForumContentRestoredData = z.object({ ...target, restoredAt: z.string() });
/** The administrator reviewed the flags and left the content visible (the queue entry is cleared). */
export const ForumFlagsDismissedData = z.object({ ...target, flagCount: z.number().int(), dismissedAt: z.string() });
