import pg from 'pg';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { z } from 'zod';
import { maxPosition, type BulkLoader, type EventSource, type ProjectedEvent, type Projection } from './events';
import { LIVE_SCHEMA, READ_MODEL_VERSION, readModelDdl, schemaIdentifier, deferredDdl, deferredIndexStatements, deferredWordsDdl } from './schema';
import { copyRowsOver, openCopyStream, type CopyStream } from './copy-rows';
import { SWAPPED } from './progress';
import { isTransientDatabaseError } from './database-errors';
import { logBatches } from './log-batches';
import { applyLockKey } from './apply-lock';
import { BATCH_EVENTS } from './batch-events';
import { ProjectionApplyError, applyNextBatch, findFailingEvent } from './apply-batch';
import { tablesOf } from './projection-tables';
import { progressTracker, type RebuildProgress, type Tracker } from './rebuild-progress';

export type { RebuildPhase, RebuildProgress } from './rebuild-progress';

export type RebuildOptions = {
  pool: DatabasePool;
  connectionUri: string;
  source: EventSource;
  projections: readonly Projection[];
  /** Where to build; default `rm_next`. */
  buildSchema?: string;
  /** Swap the build in as the live schema when done (default true). */
  swap?: boolean;
  batchSize?: number;
  /**
   * Total events in the log, when the store can tell: used for the ETA. A function is asked at every report, so a
   * caller can keep it up to date while events are appended during the rebuild.
   */
  totalEvents?: number | null | (() => number | null);
  onProgress?: (progress: RebuildProgress) => void;
  /**
   * The least time between two progress reports (default 250 ms; each report costs next to nothing, but the
   * caller's callback may write or push them); a change of phase and the end are always reported.
   */
  progressIntervalMs?: number;
  /**
   * Read only the events of these types (rebuildProjection: the projection's own), filtered by the store, when the
   * source can tell its head position (the log's end, where the build's checkpoint is put once the read is done).
   */
  onlyTypes?: readonly string[];
  /**
   * Cancels the rebuild: it stops at the next page, index or step, drops its build schema and fails with
   * RebuildCancelledError. Once the swap has begun it no longer stops (the swap is one short transaction).
   */
  signal?: AbortSignal;
};

/** The rebuild was cancelled through its AbortSignal: nothing live was changed, its build schema is gone. */
export class RebuildCancelledError extends Error {
  constructor() {
    super('The rebuild was cancelled; the live read models are unchanged');
    this.name = 'RebuildCancelledError';
  }
}

const throwIfCancelled = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw new RebuildCancelledError();
};

/** Every build schema starts with this (a full rebuild's is exactly it): what dropLeftoverBuilds clears. */
export const BUILD_SCHEMA = `${LIVE_SCHEMA}_next`;

/** The build schema of a rebuild: `rm_next` for every read model, `rm_next_<projection>` for one projection's. */
export const buildSchemaFor = (projection?: string): string =>
  projection === undefined ? BUILD_SCHEMA : `${BUILD_SCHEMA}_${projection.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;

/**
 * Drops the build schemas a rebuild left behind when its process died (kill -9, a crash, a lost connection): run
 * only while holding the rebuild lock (backend/src/maintenance/rebuild-lock.ts), so no running rebuild's schema is
 * touched. Returns the schemas dropped.
 */
export async function dropLeftoverBuilds(pool: DatabasePool): Promise<string[]> {
  const names = await pool.anyFirst(
    sql.type(z.object({ nspname: z.string() }))`
      SELECT nspname FROM pg_namespace WHERE nspname = ${BUILD_SCHEMA} OR nspname LIKE ${`${BUILD_SCHEMA}\\_%`} ORDER BY nspname`,
  );
  for (const name of names) await pool.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([name])} CASCADE`);
  return [...names];
}

/** Drops a build schema after a failure or a cancel; best effort, a leftover is dropped by the next rebuild anyway. */
const dropBuild = (pool: DatabasePool, build: string) =>
  pool.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([build])} CASCADE`).catch(() => undefined);

async function runScript(connectionUri: string, script: string): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUri });
  await client.connect();
  try {
    await client.query(script);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty read-model schema (dropping a leftover of the same name). A rebuild defers the search
 * vocabulary's triggers and the search and audit indexes (schema.ts, deferredDdl) and adds them with
 * completeDeferred once the bulk of the log is in.
 */
export async function createReadModelSchema(connectionUri: string, schema: string, options: { defer?: boolean } = {}): Promise<void> {
  const s = schemaIdentifier(schema);
  const deferred = options.defer ? '' : deferredDdl(s);
  await runScript(connectionUri, `BEGIN; DROP SCHEMA IF EXISTS ${s} CASCADE; ${readModelDdl(s)} ${deferred} COMMIT;`);
}

/**
 * How many statements of a rebuild's write phase run at once, each on its own connection: the loaders' flushes,
 * then the deferred index builds. PostgreSQL works on each in a backend of its own, so they share the cores the
 * single Node thread leaves idle while they run; three leaves the pool room for the API during a live rebuild.
 */
const WRITE_CONCURRENCY = 3;

/** Runs the tasks with at most `limit` at a time, in order; fails with the first error once the running ones end. */
async function inParallel(limit: number, tasks: ReadonlyArray<() => Promise<void>>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * Fills the search vocabulary and adds its triggers, then builds the deferred indexes side by side. Each index
 * session gets more maintenance memory than the default 64 MB: a GIN build that fits in memory writes each
 * posting list once instead of merging runs.
 */
export async function completeDeferred(connectionUri: string, schema: string, signal?: AbortSignal): Promise<void> {
  await runScript(connectionUri, `BEGIN; ${deferredWordsDdl(schemaIdentifier(schema))} COMMIT;`);
  const statements = deferredIndexStatements(schemaIdentifier(schema));
  await inParallel(
    WRITE_CONCURRENCY,
    statements.map((statement) => () => {
      throwIfCancelled(signal);
      return runScript(connectionUri, `SET maintenance_work_mem = '128MB'; ${statement}`);
    }),
  );
}

/** Is the live schema there, and built by this code's version? */
export async function liveReadModelsAreCurrent(pool: DatabasePool): Promise<boolean> {
  const exists = await pool.exists(sql.unsafe`SELECT 1 FROM information_schema.tables WHERE table_schema = ${LIVE_SCHEMA} AND table_name = 'meta'`);
  if (!exists) return false;
  const version = await pool.maybeOneFirst(
    sql.type(z.object({ value: z.string() }))`SELECT value FROM ${sql.identifier([LIVE_SCHEMA, 'meta'])} WHERE key = 'version'`,
  );
  return version === READ_MODEL_VERSION;
}

/**
 * Builds every read model from position 0 in a schema beside the live one while the API keeps serving, then
 * swaps it in atomically: under the live apply lock (so the live runner pauses between batches), the build
 * catches up with the last events and the schemas are renamed in one transaction. A failure or a cancel drops the
 * build schema and leaves the live read models as they were.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<{ events: number; seconds: number }> {
  const build = schemaIdentifier(options.buildSchema ?? BUILD_SCHEMA);
  const batchSize = options.batchSize ?? BATCH_EVENTS;
  throwIfCancelled(options.signal);
  await createReadModelSchema(options.connectionUri, build, { defer: true });
  const progress = progressTracker(options);
  try {
    await buildBeside(options, build, batchSize, progress);
    if (options.swap !== false) {
      throwIfCancelled(options.signal);
      // The events appended while the build read the log and built its indexes are applied outside the live apply
      // lock, so that only the few appended meanwhile are left for the swap, which pauses the live runner (and every
      // command's read-your-writes wait) while it holds the lock.
      await catchUpOutsideTheLock(options, options.projections, build, batchSize, progress);
      progress.phase('swapping');
      const old = `${LIVE_SCHEMA}_old`;
      await options.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${applyLockKey(LIVE_SCHEMA)})`);
        await applyTheRest(tx, options.source, options.projections, build, batchSize, progress);
        await tx.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([old])} CASCADE`);
        const liveExists = await tx.exists(sql.unsafe`SELECT 1 FROM pg_namespace WHERE nspname = ${LIVE_SCHEMA}`);
        if (liveExists) await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([LIVE_SCHEMA])} RENAME TO ${sql.identifier([old])}`);
        await tx.query(sql.unsafe`ALTER SCHEMA ${sql.identifier([build])} RENAME TO ${sql.identifier([LIVE_SCHEMA])}`);
        await tx.query(sql.unsafe`SELECT pg_notify('rm_progress', ${`${build} ${SWAPPED}`})`);
      });
      // The replaced read models are dropped after the lock is released: the drop waits for every read still on
      // their tables, and the live runner need not wait with it. (A drop that fails leaves rm_old, which the next
      // swap drops first.)
      await options.pool.query(sql.unsafe`DROP SCHEMA IF EXISTS ${sql.identifier([old])} CASCADE`).catch(() => undefined);
    }
  } catch (error) {
    await dropBuild(options.pool, build);
    throw error;
  }
  progress.phase('done');
  return { events: progress.events, seconds: progress.seconds };
}

/**
 * Rebuilds one projection from position 0 while the others keep running: its tables (projection-tables.ts) are
 * built in `rm_next_<name>` beside the live ones, then, in one transaction under the live apply lock, its live
 * tables are dropped, the built ones moved into `rm`, its checkpoint set to the build's (its error cleared), and
 * the last events applied there. The words of the rebuilt search tables are added to the live vocabulary (which is
 * only ever added to). A failure or a cancel drops the build schema and leaves the live read models as they were.
 */
export async function rebuildProjection(
  options: Omit<RebuildOptions, 'projections' | 'buildSchema' | 'swap'> & { projection: Projection },
): Promise<{ events: number; seconds: number }> {
  const { projection } = options;
  const tables = tablesOf(projection.name);
  const build = schemaIdentifier(buildSchemaFor(projection.name));
  const batchSize = options.batchSize ?? BATCH_EVENTS;
  throwIfCancelled(options.signal);
  await createReadModelSchema(options.connectionUri, build, { defer: true });
  const progress = progressTracker(options);
  const live = (table: string) => sql.identifier([LIVE_SCHEMA, table]);
  try {
    await buildBeside({ ...options, projections: [projection], onlyTypes: [...projection.eventTypes] }, build, batchSize, progress);
    throwIfCancelled(options.signal);
    await options.pool.query(sql.unsafe`
      INSERT INTO ${live('search_words')} (word) SELECT word FROM ${sql.identifier([build, 'search_words'])} ON CONFLICT DO NOTHING`);
    throwIfCancelled(options.signal);
    // As for a full rebuild: the events appended meanwhile are applied in the build schema before the swap's lock.
    await catchUpOutsideTheLock(options, [projection], build, batchSize, progress);
    progress.phase('swapping');
    await options.pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${applyLockKey(LIVE_SCHEMA)})`);
      const position = await tx.maybeOneFirst(
        sql.type(z.object({ position: z.string().nullable() }))`
          SELECT position FROM ${sql.identifier([build, 'checkpoints'])} WHERE projection = ${projection.name}`,
      );
      for (const table of tables) {
        await tx.query(sql.unsafe`DROP TABLE IF EXISTS ${live(table)}`);
        await tx.query(sql.unsafe`ALTER TABLE ${sql.identifier([build, table])} SET SCHEMA ${sql.identifier([LIVE_SCHEMA])}`);
      }
      await tx.query(sql.unsafe`
        INSERT INTO ${live('checkpoints')} (projection, position) VALUES (${projection.name}, ${position ?? null})
        ON CONFLICT (projection) DO UPDATE SET position = excluded.position, updated_at = now(), last_error = NULL, last_error_at = NULL, retrying_since = NULL`);
      await tx.query(sql.unsafe`DROP SCHEMA ${sql.identifier([build])} CASCADE`);
      // The events appended since the build's last page go straight into the live tables now (and their new
      // words into the live vocabulary, through the moved tables' triggers).
      await applyTheRest(tx, options.source, [projection], LIVE_SCHEMA, batchSize, progress);
      await tx.query(sql.unsafe`SELECT pg_notify('rm_progress', ${`${build} ${SWAPPED}`})`);
    });
  } catch (error) {
    await dropBuild(options.pool, build);
    throw error;
  }
  progress.phase('done');
  return { events: progress.events, seconds: progress.seconds };
}

/**
 * Applies the events appended since the build's last page to the build schema, each batch in a transaction of its
 * own, without the live apply lock: the live runner and the API go on meanwhile. Stops once a batch finds nothing.
 */
async function catchUpOutsideTheLock(
  options: Pick<RebuildOptions, 'pool' | 'source' | 'signal'>,
  projections: readonly Projection[],
  build: string,
  batchSize: number,
  progress: Tracker,
): Promise<void> {
  for (;;) {
    throwIfCancelled(options.signal);
    const batch = await options.pool.transaction((tx) => applyNextBatch(tx, options.source, projections, build, batchSize));
    progress.add(batch.events.length);
    if (batch.events.length === 0) return;
  }
}

/** Applies the events appended since the build's last page, batch by batch, inside the swap's transaction. */
async function applyTheRest(
  tx: DatabaseTransactionConnection,
  source: EventSource,
  projections: readonly Projection[],
  schema: string,
  batchSize: number,
  progress: Tracker,
): Promise<void> {
  for (;;) {
    const batch = await applyNextBatch(tx, source, projections, schema, batchSize);
    progress.add(batch.events.length);
    if (batch.events.length === 0) return;
  }
}

/** Reads the log into the build schema and builds its deferred indexes: a rebuild up to its swap. */
async function buildBeside(options: RebuildOptions, build: string, batchSize: number, progress: Tracker): Promise<void> {
  // One pass over the log: projections with a bulk path fold it in memory, the others (the forum's counters)
  // apply page by page as they read. Each keeps its own checkpoint, so the swap catches every one of them up.
  await loadLog(options, build, batchSize, progress);
  throwIfCancelled(options.signal);
  progress.phase('indexing');
  await completeDeferred(options.connectionUri, build, options.signal);
}

/**
 * Loads the whole log into empty tables in one read (logBatches: the next batch is read while this one is worked
 * on). Each projection with a bulk loader folds every batch in memory and writes its final rows once at the end,
 * with the checkpoints, in one transaction: writing each row once instead of once per batch is what makes a
 * rebuild fast (docs/benchmarks.md); what it holds is the read models' final rows, never the log. A loader whose
 * rows never change once written (`streamed`: the audit history, one row per event) hands them over after every
 * batch instead, each batch one COPY (openCopyStream) that the server writes while the Node process reads and folds
 * the next: its rows are not held until the end, and not written in the flush. A projection without
 * a loader applies each batch's events as they come, in a transaction of its own; the build schema is not live,
 * and its checkpoint is written with the others at the end. (Reading the log a second time for those alone took a
 * third of a rebuild.)
 */
async function loadLog(options: RebuildOptions, schema: string, batchSize: number, progress: Tracker): Promise<void> {
  const loaders = options.projections
    .filter((projection) => projection.bulk)
    .map((projection) => ({ projection, bulk: projection.bulk!, state: projection.bulk!.start() }));
  const direct = options.projections.filter((projection) => !projection.bulk);
  const streams = new Map<Projection, CopyStream>();
  let last: string | null = null;
  const end = { head: null as string | null };
  try {
    for await (const page of logBatches(options.source, batchSize, options.onlyTypes, end)) {
      if (page.length === 0) continue;
      throwIfCancelled(options.signal);
      last = page[page.length - 1]!.position;
      for (const loader of loaders) {
        const events = page.filter((event) => loader.projection.eventTypes.has(event.type));
        if (events.length > 0) foldPage(loader, events);
        if (loader.bulk.streamed) await streamRows(options.connectionUri, schema, loader, streams);
      }
      for (const projection of direct) {
        const events = page.filter((event) => projection.eventTypes.has(event.type));
        if (events.length > 0) await applyPage(options.pool, projection, schema, events);
      }
      progress.add(page.length);
    }
    await Promise.all([...streams].map(([projection, stream]) => writing(projection, last, () => stream.end())));
  } catch (error) {
    // A cancel or a failure closes the COPY connections; what they wrote goes with the build schema.
    await Promise.all([...streams.values()].map((stream) => stream.abort()));
    throw error;
  }
  // Read by type, the last event read may lie far before the log's end: everything up to the head seen before the
  // last (empty) read has been read, so the build starts from there (the swap need not read the rest again).
  last = maxPosition(last, end.head);
  if (last === null) return;
  const position = last;
  const copy = copyRowsOver(options.connectionUri);
  // Each loader writes in a transaction of its own, side by side: the build schema is not live, and the
  // checkpoints that make it count are written once every loader is in.
  await inParallel(
    WRITE_CONCURRENCY,
    loaders.map(
      (loader) => () => writing(loader.projection, position, () => options.pool.transaction((tx) => loader.bulk.flush(tx, schema, loader.state, copy))),
    ),
  );
  await options.pool.query(sql.unsafe`
    INSERT INTO ${sql.identifier([schema, 'checkpoints'])} (projection, position)
    SELECT name, ${position} FROM unnest(${sql.array(
      options.projections.map((p) => p.name),
      'text',
    )}) AS name
    ON CONFLICT (projection) DO UPDATE SET position = excluded.position, updated_at = now()`);
}

/** Hands a streamed loader's rows to its COPY (opened with its first rows); waits only while the last batch is still on its way. */
async function streamRows(
  connectionUri: string,
  schema: string,
  loader: { projection: Projection; bulk: BulkLoader; state: unknown },
  streams: Map<Projection, CopyStream>,
): Promise<void> {
  const streamed = loader.bulk.streamed!;
  const rows = streamed.take(loader.state);
  if (rows.length === 0) return;
  let stream = streams.get(loader.projection);
  if (!stream) {
    stream = await openCopyStream(connectionUri, [schema, streamed.table], streamed.columns);
    streams.set(loader.projection, stream);
  }
  await writing(loader.projection, null, () => stream.write(rows));
}

/** A loader's write; a failure that is not the database's passing trouble names the projection (and how far the log was read). */
async function writing(projection: Projection, position: string | null, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isTransientDatabaseError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const upTo = position === null ? '' : ` (log up to ${position})`;
    throw new Error(`Projection ${projection.name} failed to write its rebuilt rows${upTo}: ${message}`, { cause: error });
  }
}

/** Applies one page of a projection without a bulk loader; when it throws, the rebuild fails naming the event. */
async function applyPage(pool: DatabasePool, projection: Projection, schema: string, events: readonly ProjectedEvent[]): Promise<void> {
  try {
    await pool.transaction((tx) => projection.apply(tx, schema, events));
  } catch (error) {
    if (isTransientDatabaseError(error)) throw error;
    const failing = await pool.transaction((tx) => findFailingEvent(tx, projection, schema, events));
    if (failing) throw new ProjectionApplyError(projection.name, failing.event, failing.error);
    throw error;
  }
}

/**
 * Folds one page into a bulk loader's state. When the projection throws, the rebuild fails naming the event:
 * the page is folded again one event at a time (the state is abandoned anyway) to find the one it throws on.
 */
function foldPage(loader: { projection: Projection; bulk: BulkLoader; state: unknown }, events: readonly ProjectedEvent[]): void {
  try {
    loader.bulk.add(loader.state, events);
  } catch (error) {
    for (const event of events) {
      try {
        loader.bulk.add(loader.state, [event]);
      } catch (eventError) {
        throw new ProjectionApplyError(loader.projection.name, event, eventError);
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Projection ${loader.projection.name} failed on the events from ${events[0]!.position} to ${events[events.length - 1]!.position}: ${message}`,
      { cause: error },
    );
  }
}
