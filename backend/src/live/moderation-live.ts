import { MODERATION_ADMIN_ROOM, MODERATION_EVENTS, MODERATION_ONLY_ADMIN_MESSAGE, EventName, type ModerationCount } from '@mello/contracts';
import { openModerationCount, type ProjectedEvent } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { Socket } from 'socket.io';
import type { LiveServer } from './forum-live';
import { LiveRefusal } from './live-requests';
import type { SocketData } from './socket-auth';

/** Events after which the number of items awaiting review may differ: moderation, and deletions (a deleted item leaves the queue). */
const COUNT_CHANGERS = new Set<string>([...MODERATION_EVENTS, EventName.ForumPostDeleted, EventName.ForumReplyDeleted]);

/**
 * The administrator's live moderation count. Only a socket whose session is the administrator's may join the
 * admin room (moderation:watch; anyone else is refused and joins nothing), and the count goes to that room only,
 * from each process to its own sockets (`io.local`), like the forum's changes (forum-follower.ts).
 */
export function moderationLive(io: LiveServer, deps: { pool: DatabasePool; log: (message: string) => void }) {
  return {
    async watch(socket: Socket<never, never, never, SocketData>): Promise<ModerationCount> {
      if (!socket.data.user?.isAdmin) throw new LiveRefusal(MODERATION_ONLY_ADMIN_MESSAGE);
      await socket.join(MODERATION_ADMIN_ROOM);
      return { open: await openModerationCount(deps.pool) };
    },
    /** After a committed batch: when it changed the queue, the count as the read model holds it now. */
    afterEvents(events: readonly ProjectedEvent[]): void {
      if (!events.some((event) => COUNT_CHANGERS.has(event.type))) return;
      openModerationCount(deps.pool).then(
        (open) => io.local.to(MODERATION_ADMIN_ROOM).emit('moderation:count', { open }),
        (error: unknown) => deps.log(`live: moderation count failed: ${String(error)}`),
      );
    },
  };
}

export type ModerationLive = ReturnType<typeof moderationLive>;
