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
  const append = async (stream: string, events: DomainEvent[], context: CommandContext) => {
    if (events.length === 0) return;
    const result = await store.appendToStream(stream, toNewEvents(events, context), { expectedRevision: 'any' });
    await readModels.waitFor(result.position);
  };

  return {
    async setWatch(postId: string, userId: string, watch: WatchLevel, context: CommandContext): Promise<PostWatch> {
      const [postIsLive, current] = await Promise.all([forumPostExists(pool, postId), postWatchOf(pool, userId, postId)]);
      const events = decideWatch({ postIsLive, current }, { postId, userId, watch, now: new Date().toISOString() });
      await append(postWatchStream(postId, userId), events, context);
      return { watch: await postWatchOf(pool, userId, postId) };
    },

    async markRead(userId: string, notificationId: string, context: CommandContext): Promise<{ unread: number }> {
      const events = decideMarkRead(await ownNotificationState(pool, userId, notificationId), { userId, notificationId });
      await append(notificationsReadStream(userId), events, context);
      return { unread: await unreadNotificationCount(pool, userId) };
    },

    async markAllRead(userId: string, context: CommandContext): Promise<{ unread: number }> {
      const events = decideMarkAllRead(await newestUnreadPosition(pool, userId), { userId });
      await append(notificationsReadStream(userId), events, context);
      return { unread: await unreadNotificationCount(pool, userId) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
