import { EventName, NOTIFICATION_NOT_FOUND_MESSAGE, POST_NOT_FOUND_MESSAGE, type EventOf, type PostWatch, type WatchLevel } from '@mello/contracts';
import { NotFoundError } from '../shared/errors';

/** A member's choice for one post: one stream each, so members never conflict with each other. */
export const postWatchStream = (postId: string, userId: string) => `forum-watch-${postId}-${userId}`;
/** What a member marked read. */
export const notificationsReadStream = (userId: string) => `notifications-${userId}`;

/**
 * Watching or muting a post: only a live post; choosing what is already chosen appends nothing. `current` is what
 * the read model shows for the member (an author watches their own post without having chosen it).
 */
export function decideWatch(
  state: { postIsLive: boolean; current: PostWatch['watch'] },
  command: { postId: string; userId: string; watch: WatchLevel; now: string },
): EventOf<'ForumPostWatchChanged'>[] {
  if (!state.postIsLive) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
  if (state.current === command.watch) return [];
  return [{ type: EventName.ForumPostWatchChanged, data: { postId: command.postId, userId: command.userId, watch: command.watch, changedAt: command.now } }];
}

/**
 * Marking one notification read: only the member's own (another member's is not found, exactly like an unknown
 * one, so ids cannot be probed); one already read appends nothing.
 */
export function decideMarkRead(state: 'unread' | 'read' | null, command: { userId: string; notificationId: string }): EventOf<'NotificationsMarkedRead'>[] {
  if (state === null) throw new NotFoundError(NOTIFICATION_NOT_FOUND_MESSAGE);
  if (state === 'read') return [];
  return [{ type: EventName.NotificationsMarkedRead, data: { userId: command.userId, notificationIds: [command.notificationId] } }];
}

/** Marking all read: everything up to the member's newest unread notification; with none unread, nothing. */
export function decideMarkAllRead(newestUnread: string | null, command: { userId: string }): EventOf<'AllNotificationsMarkedRead'>[] {
  if (newestUnread === null) return [];
  return [{ type: EventName.AllNotificationsMarkedRead, data: { userId: command.userId, upTo: newestUnread } }];
}
