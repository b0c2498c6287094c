import type http from 'node:http';
import type { ReadModelProgress } from '@mello/projections';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { DatabasePool } from 'slonik';
import { Server } from 'socket.io';
import type { PoolTimeouts } from '../db/pool';
import type { EventStore } from '../event-store/port';
import type { SearchEngine } from '../search/search-engine';
import { socketAdapterPool } from './adapter-pool';
import { ForumFollower } from './forum-follower';
import { attachForumLive, type LiveServer } from './forum-live';
import { attachNotificationsLive } from './notifications-live';
import { moderationLive } from './moderation-live';
import type { CheckpointRates } from '../maintenance/projection-rate';
import { driftLive } from './drift-live';
import { originAllowed, sessionMiddleware } from './socket-auth';
import { connectionsPerAddress } from './connections-per-address';
import type { TrustProxy } from '../http/trust-proxy';
import { SESSION_RECHECK_MS, socketSessions } from './socket-sessions';

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
 * The largest message a client may send (Socket.IO's `maxHttpBufferSize`, 1 MB by default). The protocol's
 * largest legitimate message, a post resync with its acknowledgement id
 * (`421234["forum:resync",{"scope":"post","postId":"<uuid>"}]`), is under 100 bytes; over long-polling the client
 * splits what it batches to fit this limit (the server tells it in the handshake). 4 kB leaves ample margin for a
 * field added later, while a client can no longer make the server buffer and parse a megabyte per message: a
 * larger one closes its connection before it is parsed.
 */
export const LIVE_MAX_MESSAGE_BYTES = 4096;

/**
 * Socket.IO on the API's HTTP server: same origin rule as the CSRF check, the same session cookie, and the
 * PostgreSQL adapter so every backend process shares one audience for presence and typing (counted and sent
 * across processes). Forum changes are not broadcast through the adapter: each process's follower delivers
 * them to its own sockets. Connection state recovery is not offered by this adapter; clients resync instead
 * (forum:resync).
 */
export async function startSocketServer(
  server: http.Server,
  deps: {
    pool: DatabasePool;
    databaseUri: string;
    /** The request pools' limits (config.databaseTimeouts), for the adapter's own pool. */
    databaseTimeouts: PoolTimeouts;
    store: Pick<EventStore, 'readAll' | 'headPosition'>;
    progress: Pick<ReadModelProgress, 'onAnnounced' | 'onNotification'>;
    publicOrigin: string;
    sessionSecret: string;
    adminEmail: string;
    search: SearchEngine;
    /** This process's samples of the checkpoints, for the Drift tab's events per second (shared with its GET). */
    rates?: CheckpointRates;
    log: (message: string, detail?: Record<string, unknown>) => void;
    /** SESSION_RECHECK_MS unless given (socket-sessions.ts). */
    sessionRecheckMs?: number;
    /** Which proxies' X-Forwarded-For name the client (config.trustProxy), and how many connections one address may hold. */
    trustProxy: TrustProxy;
    socketsPerAddress: number;
  },
) {
  const adapterPool = socketAdapterPool(deps.databaseUri, deps.databaseTimeouts, deps.log);
  const io: LiveServer = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: LIVE_MAX_MESSAGE_BYTES,
    allowRequest: originAllowed(deps.publicOrigin),
    adapter: createAdapter(adapterPool.clients, { errorHandler: (error) => deps.log(`socket adapter: ${error.message}`) }),
  });
  io.use(sessionMiddleware(deps));
  io.use(connectionsPerAddress(deps.socketsPerAddress, deps.trustProxy));
  const sessions = socketSessions(io, { ...deps, recheckMs: deps.sessionRecheckMs ?? SESSION_RECHECK_MS });
  const notifications = attachNotificationsLive(io, deps);
  const moderation = moderationLive(io, deps);
  const drift = driftLive(io, deps);
  const forum = attachForumLive(io, { ...deps, moderation, drift });
  const follower = new ForumFollower({
    pool: deps.pool,
    progress: deps.progress,
    store: deps.store,
    log: deps.log,
    emit: ({ changes, moderationOpen }) => {
      forum.emitLocal(changes);
      if (moderationOpen !== null) moderation.emitCount(moderationOpen);
    },
  });
  try {
    await follower.start();
  } catch (error) {
    await sessions.stop();
    await notifications.stop();
    await drift.close();
    void io.close();
    await adapterPool.end();
    throw error;
  }
  return {
    io,
    forum,
    follower,
    /** A session ended (the session store's onDestroy): its sockets on every process sign in again, as what they are now. */
    sessionEnded: sessions.ended,
    async close() {
      await follower.stop();
      await sessions.stop();
      await notifications.stop();
      await drift.close();
      forum.close();
      io.disconnectSockets(true);
      // io.close() also closes the HTTP server, whose own shutdown step ends the keep-alive connections it
      // would otherwise wait for: do not wait on it here. It closes the adapter within the call, before end().
      void io.close();
      await adapterPool.end();
    },
  };
}
