import os from 'node:os';
import { InterruptibleSleep } from '@mello/projections';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import type { CommandContext } from '../shared/command-handler';
import { RebuildInProgressError } from './rebuild-errors';
import { claimRequest, markRequestRefused, markRequestStarted, REBUILD_REQUEST_CHANNEL, waitingRequests } from './rebuild-requests';
import type { RebuildsHere } from './rebuilds-here';

/** How often waiting requests are looked for besides the NOTIFY (one missed while the LISTEN connection was away). */
const POLL_EVERY_MS = 2000;

/** `worker:<host>:<pid>` or `api:<host>:<pid>`: which process claimed a request (kept in rebuild_requests.claimed_by). */
export const processIdentity = (role: 'worker' | 'api') => `${role}:${os.hostname()}:${process.pid}`;

/**
 * In each process that runs the projections (the worker; an API process with RUN_PROJECTIONS): takes the rebuilds
 * that API processes started with RUN_PROJECTIONS=false ask for (ask-worker-to-rebuild.ts) and runs them here.
 * A request is announced on REBUILD_REQUEST_CHANNEL and also looked for every POLL_EVERY_MS, so a lost LISTEN
 * connection delays it but never loses it; claimRequest lets exactly one process take it.
 */
export function serveRebuildRequests(deps: {
  pool: DatabasePool;
  databaseUri: string;
  rebuilds: RebuildsHere;
  claimedBy: string;
  log: (message: string, detail?: Record<string, unknown>) => void;
}) {
  let closed = false;
  const sleeper = new InterruptibleSleep();

  const handle = async (id: string) => {
    const request = await claimRequest(deps.pool, id, deps.claimedBy);
    if (!request) return;
    try {
      const run = await deps.rebuilds.start(request.target, { ...(request.context as CommandContext), startedBy: request.startedBy });
      await markRequestStarted(deps.pool, id, run.id);
      deps.log(`Rebuild of ${request.target} asked by ${request.startedBy}: running it here`, { runId: run.id });
    } catch (error) {
      await markRequestRefused(deps.pool, id, { error: error instanceof Error ? error.message : String(error), busy: error instanceof RebuildInProgressError });
    }
  };
  // One pass at a time: a NOTIFY and the poll finding the same request claim it once anyway, this only saves the query.
  let pass: Promise<void> = Promise.resolve();
  const lookForRequests = () => {
    pass = pass
      .then(async () => {
        if (closed) return;
        for (const id of await waitingRequests(deps.pool)) await handle(id);
      })
      .catch((error: unknown) => deps.log('Serving rebuild requests failed', { error: String(error) }));
    return pass;
  };

  let client: pg.Client | null = null;
  const listening = (async () => {
    while (!closed) {
      if (!client) {
        const next = new pg.Client({ connectionString: deps.databaseUri, connectionTimeoutMillis: 5000, keepAlive: true });
        next.on('error', () => {
          if (client === next) client = null;
          void next.end().catch(() => undefined);
        });
        next.on('notification', (message) => {
          if (message.channel === REBUILD_REQUEST_CHANNEL) void lookForRequests();
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${REBUILD_REQUEST_CHANNEL}`);
          client = next;
        } catch {
          await next.end().catch(() => undefined);
        }
      }
      await lookForRequests();
      await sleeper.sleep(POLL_EVERY_MS);
    }
  })();

  return {
    async close(): Promise<void> {
      closed = true;
      sleeper.wake();
      await listening;
      await pass;
      await client?.end().catch(() => undefined);
    },
  };
}
