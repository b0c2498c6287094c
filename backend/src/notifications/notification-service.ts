import { forumPostExists, newestUnreadPosition, ownNotificationState, postWatchOf, unreadNotificationCount } from '@mello/projections';
import type { PostWatch, WatchLevel } from '@mello/contracts';
import type { DatabasePool } from 'slonik';
import type { ReadModelWaiter } from '../archive/document-service';
import type { EventStore } from '../event-store/port';
import { toNewEvents, type CommandContext } from '../shared/command-handler';
import type { DomainEvent } from '@mello/contracts';
import { decideMarkAllRead, decideMarkRead, decideWatch, notificationsReadStream, postWatchStream } from './notification-deciders';

/**
 * Watching and reading notifications: each command reads the state it needs from the read model, decides
 * (notification-deciders.ts), appends, and answers once the read models show the change (read your writes).
 * The streams are the member's own: appends never conflict with anyone else's, so they expect any revision.
 */
export function createNotificationService(deps: { store: EventStore; readModels: ReadModelWaiter; pool: DatabasePool }) {
  const { store, readModels, pool } = deps;
  /** Whether the read models show the change in time (nothing appended: they do). */
  const append = async (stream: string, events: DomainEvent[], context: CommandContext): Promise<boolean> => {
    if (events.length === 0) return true;
    const result = await store.appendToStream(stream, toNewEvents(events, context), { expectedRevision: 'any' });
    return readModels.waitFor(result.position);
  };

  return {
    async setWatch(postId: string, userId: string, watch: WatchLevel, context: CommandContext): Promise<PostWatch> {
      const [postIsLive, current] = await Promise.all([forumPostExists(pool, postId), postWatchOf(pool, userId, postId)]);
      const events = decideWatch({ postIsLive, current }, { postId, userId, watch, now: new Date().toISOString() });
      // Late (the live runner paused): the level is the one just stored; the read model still has the old one.
      if (!(await append(postWatchStream(postId, userId), events, context))) return { watch };
      return { watch: await postWatchOf(pool, userId, postId) };
    },

    async markRead(userId: string, notificationId: string, context: CommandContext): Promise<{ unread: number }> {
      const events = decideMarkRead(await ownNotificationState(pool, userId, notificationId), { userId, notificationId });
      const reached = await append(notificationsReadStream(userId), events, context);
      // Late: the read model still counts the one just marked read.
      const unread = await unreadNotificationCount(pool, userId);
      return { unread: reached ? unread : Math.max(0, unread - 1) };
    },

    async markAllRead(userId: string, context: CommandContext): Promise<{ unread: number }> {
      const events = decideMarkAllRead(await newestUnreadPosition(pool, userId), { userId });
      // Late: every notification the read model shows is now read (newer ones it does not show yet either).
      if (!(await append(notificationsReadStream(userId), events, context))) return { unread: 0 };
      return { unread: await unreadNotificationCount(pool, userId) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
