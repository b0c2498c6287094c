import { MODERATION_ADMIN_ROOM, MODERATION_ONLY_ADMIN_MESSAGE, type ModerationCount } from '@mello/contracts';
import { openModerationCount } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { Socket } from 'socket.io';
import type { LiveServer } from './forum-live';
import { LiveRefusal } from './live-requests';
import type { SocketData } from './socket-auth';

/**
 * The administrator's live moderation count. Only a socket whose session is the administrator's may join the
 * admin room (moderation:watch; anyone else is refused and joins nothing), and the count goes to that room only,
 * from each process to its own sockets (`io.local`), like the forum's changes (forum-follower.ts), which bring it.
 */
export function moderationLive(io: LiveServer, deps: { pool: DatabasePool }) {
  return {
    async watch(socket: Socket<never, never, never, SocketData>): Promise<ModerationCount> {
      if (!socket.data.user?.isAdmin) throw new LiveRefusal(MODERATION_ONLY_ADMIN_MESSAGE);
      await socket.join(MODERATION_ADMIN_ROOM);
      return { open: await openModerationCount(deps.pool) };
    },
    /** After a committed stretch of the log that may have changed the queue: the count as the read model held it (forum-changes.ts). */
    emitCount(open: number): void {
      io.local.to(MODERATION_ADMIN_ROOM).emit('moderation:count', { open });
    },
  };
}

export type ModerationLive = ReturnType<typeof moderationLive>;
