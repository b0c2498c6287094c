import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ForumChange, NotificationsUnread } from '@mello/contracts';
import { Server } from 'socket.io';

export const BARE_ROOM = 'bench';

/**
 * The baseline: a plain Socket.IO server (default in-memory adapter, no session middleware, no origin check) on
 * its own port in the same process. Every socket that connects joins one room and a room of its own; `broadcast`
 * is a bare `io.to(room).emit(...)`, `emitToEach` one `io.to(ownRoom).emit(...)` per socket (what the
 * notifications' live layer does per member, without the database).
 */
export async function startBareServer() {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  const own = (id: string) => `own:${id}`;
  io.on('connection', (socket) => void socket.join([BARE_ROOM, own(socket.id)]));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    roomSize: () => io.sockets.adapter.rooms.get(BARE_ROOM)?.size ?? 0,
    broadcast: (change: ForumChange) => io.to(BARE_ROOM).emit('forum:change', change),
    emitToEach(message: NotificationsUnread) {
      for (const id of io.sockets.sockets.keys()) io.to(own(id)).emit('notifications:unread', message);
    },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
