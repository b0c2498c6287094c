import { liveReadModelsAreCurrent, searchMigrations } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { authMigrations } from '../auth/auth-schema';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { idempotencyMigrations } from '../http/idempotency-schema';
import { createDatabasePool } from '../db/pool';
import { createKurrentDbEventStore } from '../event-store/kurrentdb/kurrentdb-event-store';
import type { EventStore } from '../event-store/port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { eventStoreMigrations } from '../event-store/postgres/schema';
import { decodingEventStore } from '../event-store/decoding-event-store';
import { socketAdapterMigrations } from '../live/socket-server';
import { cleanUpInterruptedRebuilds, startRebuild } from '../maintenance/rebuild-job';
import { rebuildRequestMigrations } from '../maintenance/rebuild-requests';
import { rebuildRunMigrations } from '../maintenance/rebuild-runs';
import { openDatabase, type DatabaseHandle } from './database';
import { ShutdownSteps } from './shutdown-steps';

export type Log = (message: string, detail?: Record<string, unknown>) => void;

/** What every process of the product stands on; `shutdown` undoes it (and whatever is added later) in reverse. */
export type Infrastructure = {
  database: DatabaseHandle;
  pool: DatabasePool;
  store: EventStore;
  shutdown: ShutdownSteps;
};

/** The configured store, read through the event registry's decoding (every process and CLI opens it here). */
export async function openEventStore(config: Config, pool: DatabasePool, databaseUri: string): Promise<EventStore> {
  const store = config.eventStoreUrl ? await createKurrentDbEventStore(config.eventStoreUrl) : new PostgresEventStore(pool, databaseUri);
  return decodingEventStore(store);
}

/** Every migration of the product, in order: what every process (and CLI) applies before it uses the database. */
export const allMigrations = [
  ...eventStoreMigrations,
  ...authMigrations,
  ...idempotencyMigrations,
  ...searchMigrations,
  ...socketAdapterMigrations,
  ...rebuildRunMigrations,
  ...rebuildRequestMigrations,
];

/**
 * Opens what the API processes, the projections worker and the CLIs share: the database (DATABASE_URL, or the
 * embedded server), every migration (under an advisory lock, so processes may start together), the pool and the
 * event store. A failure half-way closes what was opened. With `shareRunningDatabase` (the worker) the embedded
 * server another process runs on the data folder is used rather than a second one started (app/database.ts).
 */
export async function openInfrastructure(config: Config, log: Log, options: { shareRunningDatabase?: boolean } = {}): Promise<Infrastructure> {
  const shutdown = new ShutdownSteps(log);
  try {
    const database = await openDatabase(config, log, { shareRunning: options.shareRunningDatabase });
    shutdown.add(database.stop);
    await migrate(database.uri, allMigrations);
    const pool = await createDatabasePool(database.uri, { maximumPoolSize: 20, timeouts: config.databaseTimeouts });
    shutdown.add(() => pool.end());
    const store = await openEventStore(config, pool, database.uri);
    shutdown.add(() => store.close());
    return { database, pool, store, shutdown };
  } catch (error) {
    await shutdown.run();
    throw error;
  }
}

/**
 * In the process that runs the projections: first clears what a rebuild killed mid-way left behind (its half-built
 * schema, its run still marked running), then builds the read models when they are missing or outdated, as a
 * recorded rebuild under the rebuild lock (waiting for one that runs elsewhere), on a pool of its own without the
 * request pool's statement timeout (one bulk statement of a large log may run for minutes).
 */
export async function ensureReadModels(infra: Pick<Infrastructure, 'pool' | 'store' | 'database'>, log: Log, signal?: AbortSignal): Promise<void> {
  const dropped = await cleanUpInterruptedRebuilds(infra.database.uri, infra.pool);
  if (dropped.length > 0) log(`Dropped the half-built read models of an interrupted rebuild: ${dropped.join(', ')}`);
  if (await liveReadModelsAreCurrent(infra.pool)) return;
  log('Read models missing or outdated: building them from the log');
  const rebuild = await startRebuild(
    { connectionUri: infra.database.uri, source: infra.store },
    // A stop while starting cancels the build: from a large log it takes minutes, longer than a shutdown may.
    { target: 'all', startedBy: 'start-up (read models missing or outdated)', waitForLock: true, signal },
  );
  const run = await rebuild.done;
  signal?.throwIfAborted();
  if (run.result !== 'succeeded') throw run.cause ?? new Error(`Building the read models ${run.result}: ${run.error ?? ''}`);
  log(`Read models built from ${run.events} events in ${(run.durationSeconds ?? 0).toFixed(1)} s`);
}

/**
 * In an API process without projections: waits until the worker has built the read models of this version (a
 * first start, or a deploy with new read models), rather than answer from tables that are missing or stale.
 */
export async function awaitReadModels(infra: Pick<Infrastructure, 'pool'>, log: Log, signal?: AbortSignal, pollMs = 1000): Promise<void> {
  let waited = 0;
  while (!(await liveReadModelsAreCurrent(infra.pool))) {
    signal?.throwIfAborted();
    if (waited % 30_000 === 0) log('Waiting for the projections worker to build the read models (npm run worker)');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    waited += pollMs;
  }
}
