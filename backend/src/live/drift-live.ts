import { DRIFT_ADMIN_ROOM, DRIFT_ONLY_ADMIN_MESSAGE, type RebuildRun } from '@mello/contracts';
import { InterruptibleSleep, type ReadModelProgress } from '@mello/projections';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import type { Socket } from 'socket.io';
import type { EventStore } from '../event-store/port';
import type { CheckpointRates } from '../maintenance/projection-rate';
import { projectionStatuses } from '../maintenance/projection-status';
import { REBUILD_CHANNEL, findRun, runningRun } from '../maintenance/rebuild-runs';
import type { LiveServer } from './forum-live';
import { LiveRefusal } from './live-requests';
import { repeatLog } from './repeat-log';
import type { SocketData } from './socket-auth';

/** The statuses are computed at most this often per process (each costs a few queries), and only while an admin watches. */
const STATUS_EVERY_MS = 1000;

/**
 * The admin console's live layer. Only a socket whose session is the administrator's may join the Drift room
 * (drift:watch; anyone else is refused and joins nothing). Every process LISTENs on REBUILD_CHANNEL itself, where
 * the process running a rebuild announces each stored progress step and the end, and sends the run to its own
 * sockets in that room (`io.local`): an admin connected to another API process sees a rebuild run elsewhere.
 * After each announced batch of the projections and each run's end, the projections' statuses follow, and again
 * each second while any projection's events per second is above 0 (so a rate falls back to "–" when it stops).
 */
export function driftLive(
  io: LiveServer,
  deps: {
    pool: DatabasePool;
    databaseUri: string;
    store: Pick<EventStore, 'readAll' | 'headPosition'>;
    progress: Pick<ReadModelProgress, 'onAnnounced'>;
    rates?: CheckpointRates;
    log: (message: string) => void;
  },
) {
  const report = repeatLog((message) => deps.log(`live drift: ${message}`));
  const watching = () => (io.sockets.adapter.rooms.get(DRIFT_ADMIN_ROOM)?.size ?? 0) > 0;

  // The statuses: one computation at a time, again after it when something changed meanwhile.
  let statusTimer: NodeJS.Timeout | null = null;
  let computing = false;
  let again = false;
  let closed = false;
  const sendStatuses = () => {
    if (closed || !watching()) return;
    if (computing) {
      again = true;
      return;
    }
    computing = true;
    projectionStatuses(deps)
      .then(({ projections }) => {
        io.local.to(DRIFT_ADMIN_ROOM).emit('drift:projections', projections);
        // A projection still moving is sent again until its rate falls to 0: the tab never keeps a stale rate.
        if (projections.some((projection) => (projection.eventsPerSecond ?? 0) > 0)) again = true;
      })
      .catch((error: unknown) => report('statuses', error))
      .finally(() => {
        computing = false;
        if (again) {
          again = false;
          statusesSoon();
        }
      });
  };
  const statusesSoon = () => {
    if (closed || statusTimer || !watching()) return;
    statusTimer = setTimeout(() => {
      statusTimer = null;
      sendStatuses();
    }, STATUS_EVERY_MS);
  };
  const unsubscribe = deps.progress.onAnnounced(statusesSoon);

  const sendRun = (id: string) => {
    if (!watching()) return;
    findRun(deps.pool, id).then(
      (run: RebuildRun | null) => {
        if (!run) return;
        io.local.to(DRIFT_ADMIN_ROOM).emit('drift:run', run);
        // A run that began or ended changes which projections are rebuilding.
        if (run.result !== 'running' || run.phase === 'loading') statusesSoon();
      },
      (error: unknown) => report('run', error),
    );
  };

  // LISTEN on a connection of its own, opened again after it is lost (the runs' rows are the truth: a missed
  // announcement costs one step of progress, and the next one carries the whole run).
  // close() settles this, so a connection that was still being opened when the process began to stop is ended too
  // (waiting only for its loss, close() waited for ever: the connection was not yet there to end).
  let markClosed!: () => void;
  const closing = new Promise<void>((resolve) => (markClosed = resolve));
  const backoff = new InterruptibleSleep();
  const listening = (async () => {
    for (let attempt = 0; !closed; attempt += 1) {
      const next = new pg.Client({ connectionString: deps.databaseUri, connectionTimeoutMillis: 5000, keepAlive: true });
      const lost = new Promise<void>((resolve) => {
        next.on('error', () => resolve());
        next.on('end', () => resolve());
      });
      next.on('notification', (message) => {
        if (message.channel === REBUILD_CHANNEL && message.payload) sendRun(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${REBUILD_CHANNEL}`);
        attempt = 0;
        await Promise.race([lost, closing]);
      } catch (error) {
        if (!closed) report('listen', error);
      }
      await next.end().catch(() => undefined);
      if (!closed) await backoff.sleep(Math.min(5000, 500 * 2 ** attempt));
    }
  })();

  return {
    async watch(socket: Socket<never, never, never, SocketData>): Promise<{ rebuild: RebuildRun | null }> {
      if (!socket.data.user?.isAdmin) throw new LiveRefusal(DRIFT_ONLY_ADMIN_MESSAGE);
      await socket.join(DRIFT_ADMIN_ROOM);
      return { rebuild: await runningRun(deps.pool) };
    },
    async close(): Promise<void> {
      closed = true;
      markClosed();
      unsubscribe();
      if (statusTimer) clearTimeout(statusTimer);
      backoff.wake();
      await listening;
    },
  };
}

export type DriftLive = ReturnType<typeof driftLive>;
