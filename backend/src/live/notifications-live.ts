import { InterruptibleSleep, LIVE_SCHEMA, notificationsProjection, unreadCountsChangedBetween, type ReadModelProgress } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { LiveServer } from './forum-live';

/** A member's own room: joined by the server from the session at connection, never by a client's request. */
export const memberRoom = (userId: string) => `member:${userId}`;

/** A safety net for an announcement missed while the listening connection was down. */
const POLL_MS = 2000;

/**
 * Delivers each member's unread count to that member's sockets only. A signed-in socket is put in its member's
 * room when it connects (the user comes from the signed session cookie, socket-auth.ts); there is no client
 * message to join a room, so nobody can listen to another member's notifications. Like the forum follower, each
 * process follows the notifications read model after every announced commit and sends to its own sockets
 * (`io.local`): the counts of the members whose notifications changed since it last looked.
 */
export function attachNotificationsLive(
  io: LiveServer,
  deps: { pool: DatabasePool; progress: Pick<ReadModelProgress, 'onAnnounced'>; log: (message: string, detail?: Record<string, unknown>) => void },
) {
  io.on('connection', (socket) => {
    const user = socket.data.user;
    if (user) void socket.join(memberRoom(user.id));
  });

  const checkpoint = async () =>
    (await deps.pool.maybeOneFirst(
      sql.type(z.object({ position: z.string().nullable() }))`
        SELECT position FROM ${sql.identifier([LIVE_SCHEMA, 'checkpoints'])} WHERE projection = ${notificationsProjection.name}`,
    )) ?? null;

  let seen: string | null = null;
  let running = true;
  let pending = false;
  const pause = new InterruptibleSleep();

  const catchUp = async () => {
    const target = await checkpoint();
    if (target === null || (seen !== null && target <= seen)) return;
    // One emit per distinct count, to the rooms of every member with that count: the message is encoded once
    // and each member still gets only their own count (a reply to a watched post gives most the same one).
    const roomsByCount = new Map<number, string[]>();
    for (const { userId, unread } of await unreadCountsChangedBetween(deps.pool, seen, target)) {
      const rooms = roomsByCount.get(unread);
      if (rooms) rooms.push(memberRoom(userId));
      else roomsByCount.set(unread, [memberRoom(userId)]);
    }
    for (const [unread, rooms] of roomsByCount) io.local.to(rooms).emit('notifications:unread', { unread });
    seen = target;
  };

  const loop = (async () => {
    // From what the read model already holds: what happened before this process started is read over HTTP.
    seen = await checkpoint().catch(() => null);
    while (running) {
      pending = false;
      try {
        await catchUp();
      } catch (error) {
        if (running) deps.log('live notifications: catching up failed', { error: String((error as Error)?.message ?? error) });
      }
      if (!pending && running) await pause.sleep(POLL_MS);
    }
  })();
  const unsubscribe = deps.progress.onAnnounced(() => {
    pending = true;
    pause.wake();
  });

  return {
    async stop() {
      running = false;
      unsubscribe();
      pause.wake();
      await loop;
    },
  };
}
