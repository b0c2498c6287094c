import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { Server } from 'socket.io';
import type { SearchEngine } from '../search/search-engine';
import { attachForumLive, type LiveServer } from './forum-live';
import { originAllowed, sessionMiddleware } from './socket-auth';

/** The table the PostgreSQL adapter keeps payloads over NOTIFY's 8000-byte limit in. */
export const socketAdapterMigrations = [
  {
    id: 'live-001-socket-io-attachments',
    sql: `CREATE TABLE IF NOT EXISTS public.socket_io_attachments (
            id         bigserial UNIQUE,
            created_at timestamptz DEFAULT now(),
            payload    bytea
          );`,
  },
];

/**
 * Socket.IO on the API's HTTP server: same origin rule as the CSRF check, the same session cookie, and the
 * PostgreSQL adapter so every backend process shares one audience (a message emitted on one reaches sockets on
 * all). Connection state recovery is not offered by this adapter; clients resync instead (forum:resync).
 */
export async function startSocketServer(
  server: http.Server,
  deps: { pool: DatabasePool; databaseUri: string; publicOrigin: string; sessionSecret: string; adminEmail: string; search: SearchEngine; log: (message: string) => void },
) {
  const adapterPool = new pg.Pool({ connectionString: deps.databaseUri, max: 4 });
  // An idle connection ended by the server (a restart, or shutdown stopping the embedded PostgreSQL) must not
  // crash the process: the pool replaces it on next use.
  adapterPool.on('error', (error) => deps.log(`socket adapter pool: ${error.message}`));
  const io: LiveServer = new Server(server, {
    serveClient: false,
    allowRequest: originAllowed(deps.publicOrigin),
    adapter: createAdapter(adapterPool, { errorHandler: (error) => deps.log(`socket adapter: ${error.message}`) }),
  });
  io.use(sessionMiddleware(deps));
  const forum = attachForumLive(io, deps);
  return {
    io,
    forum,
    async close() {
      forum.close();
      io.disconnectSockets(true);
      // io.close() also closes the HTTP server, whose own shutdown step ends the keep-alive connections it
      // would otherwise wait for: do not wait on it here.
      void io.close();
      await adapterPool.end();
    },
  };
}
