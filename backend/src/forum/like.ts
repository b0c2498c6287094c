import { EventName, OWN_POST_LIKE_MESSAGE, OWN_REPLY_LIKE_MESSAGE, POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE, type EventOf } from '@mello/contracts';
import { ForbiddenError, NotFoundError } from '../shared/errors';

/**
 * One stream per (target, user): appending its only event with expected revision "no stream" is what makes a
 * second like — even a concurrent one from another process — count once, without a lock or a retry loop.
 */
export const postLikeStream = (postId: string, userId: string) => `forum-like-post-${postId}-${userId}`;
export const replyLikeStream = (replyId: string, userId: string) => `forum-like-reply-${replyId}-${userId}`;

export type LikeTarget = { live: boolean; authorId: string | null };

export function decidePostLike(target: LikeTarget, command: { postId: string; userId: string; now: string }): [EventOf<'ForumPostLiked'>] {
  if (!target.live) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
  if (target.authorId === command.userId) throw new ForbiddenError(OWN_POST_LIKE_MESSAGE);
  return [{ type: EventName.ForumPostLiked, data: { postId: command.postId, userId: command.userId, likedAt: command.now } }];
}

export function decideReplyLike(
  target: LikeTarget & { postId: string | null },
  command: { replyId: string; userId: string; now: string },
): [EventOf<'ForumReplyLiked'>] {
  if (!target.live || target.postId === null) throw new NotFoundError(REPLY_NOT_FOUND_MESSAGE);
  if (target.authorId === command.userId) throw new ForbiddenError(OWN_REPLY_LIKE_MESSAGE);
  return [{ type: EventName.ForumReplyLiked, data: { replyId: command.replyId, postId: target.postId, userId: command.userId, likedAt: command.now } }];
}
