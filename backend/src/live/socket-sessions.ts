import { createHash } from 'node:crypto';
import { InterruptibleSleep } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { liveSessionIds } from '../auth/session-store';
import type { LiveServer, LiveSocket } from './forum-live';
import { repeatLog } from './repeat-log';
import { sessionIdOf } from './socket-auth';

/**
 * How often each process asks whether the sessions of its members' sockets are still live (startSocketServer's
 * default). It bounds how long a socket acts for a session that ended without this process hearing of it: an
 * expired one, or a logout whose adapter message was lost (the adapter's LISTEN connection was down then).
 */
export const SESSION_RECHECK_MS = 5000;

/**
 * A room per session, named by a hash of its id: rooms travel between processes (fetchSockets answers, the
 * `session:ended` message), the id itself is what the cookie carries.
 */
const sessionRoom = (sid: string) => `session:${createHash('sha256').update(sid).digest('base64url')}`;
const SESSION_ROOM_PREFIX = 'session:';

/**
 * Ends the live connections of sessions that end. What a socket may do is decided once, at its handshake, from
 * the session cookie (socket-auth.ts: `socket.data.user`, the member's notification room, the admin rooms), so a
 * socket whose session ended is not demoted in place: its connection is closed, without Socket.IO's disconnect
 * packet, so a browser reconnects at once by itself (rejoining its rooms and resyncing, socket.ts in the client) and
 * its new handshake finds what the cookie is now, a visitor. A client that does not reconnect is simply gone.
 *
 * Two ways, both needed:
 * - **At once**: every member's socket joins its session's room; when a session ends on a process (logout, or the
 *   old id at a sign-in: the session store's `onDestroy`), that process closes its own sockets in the room and
 *   tells the others through the adapter (`io.serverSideEmit`), which close theirs. `disconnectSockets()` through
 *   the adapter would do the same, but sends the disconnect packet, after which socket.io-client never reconnects.
 * - **Within SESSION_RECHECK_MS**: each process asks, in one query, which of its member sockets' sessions are still
 *   live, and closes the others. That is how an expired session ends (its expiry moves with every request that
 *   renews it, so a timer set at the handshake would be wrong), and it catches an adapter message that was lost or
 *   a handshake that read its session just before the session ended.
 * A per-message check would not do: the notification counts are pushed without any message from the socket.
 */
export function socketSessions(io: LiveServer, deps: { pool: DatabasePool; log: (message: string) => void; recheckMs: number }) {
  const report = repeatLog((message) => deps.log(`live sessions: ${message}`));
  /** This process's members' sockets and their session ids. */
  const members = new Map<LiveSocket, string>();

  io.on('connection', (socket) => {
    const sid = sessionIdOf(socket);
    if (sid === null) return;
    members.set(socket, sid);
    socket.on('disconnect', () => members.delete(socket));
    void socket.join(sessionRoom(sid));
  });

  const closeRoom = (room: string) => {
    // A copy: a closing socket leaves the room.
    for (const id of [...(io.sockets.adapter.rooms.get(room) ?? [])]) io.sockets.sockets.get(id)?.conn.close();
  };
  // From another process; the adapter's channel is the database's, but a wrong value must still not throw here.
  io.on('session:ended', (room: unknown) => {
    try {
      if (typeof room === 'string' && room.startsWith(SESSION_ROOM_PREFIX)) closeRoom(room);
    } catch (error) {
      report('session:ended', error);
    }
  });

  const recheck = async () => {
    if (members.size === 0) return;
    const sockets = [...members];
    const live = await liveSessionIds(deps.pool, [...new Set(members.values())]);
    for (const [socket, sid] of sockets) if (!live.has(sid)) socket.conn.close();
  };
  let running = true;
  const pause = new InterruptibleSleep();
  const loop = (async () => {
    while (running) {
      await pause.sleep(deps.recheckMs);
      if (running) await recheck().catch((error: unknown) => report('recheck', error));
    }
  })();

  return {
    /** A session ended on this process: its sockets here and on every other process are closed. Never throws. */
    ended(sid: string): void {
      try {
        const room = sessionRoom(sid);
        closeRoom(room);
        io.serverSideEmit('session:ended', room);
      } catch (error) {
        report('ended', error);
      }
    },
    async stop() {
      running = false;
      pause.wake();
      await loop;
    },
  };
}
