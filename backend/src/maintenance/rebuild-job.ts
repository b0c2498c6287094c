import { randomUUID } from 'node:crypto';
import {
  RebuildCancelledError,
  allProjections,
  dropLeftoverBuilds,
  rebuildProjection,
  rebuildReadModels,
  type EventSource,
  type RebuildProgress,
} from '@mello/projections';
import { createDatabasePool, type DatabasePool } from '../db/pool';
import { acquireRebuildLock } from './rebuild-lock';
import { RebuildInProgressError, UnknownProjectionError } from './rebuild-errors';
import { finishRun, findRun, insertRun, markInterruptedRuns, runningRun, storeProgress, type RebuildRun } from './rebuild-runs';

/**
 * The maintainers' rebuild, whoever asks for it (`npm run rebuild`, the admin console's Drift tab, a start-up with
 * outdated read models): every read model, or one projection, built blue/green beside the live ones while the site
 * keeps answering (projections/src/rebuild.ts), under the rebuild lock (one at a time across every process),
 * recorded in public.rebuild_runs (rebuild-runs.ts), with progress reported to a callback and stored about once a
 * second, and cancellable (an AbortSignal in this process, requestCancel from any process).
 *
 * startRebuild refuses at once (RebuildInProgressError, UnknownProjectionError) and otherwise returns while the
 * rebuild runs; `done` resolves with the finished run, never rejects.
 */

/** `all`, or the name of one projection (allProjections). */
export type RebuildTarget = 'all' | (string & {});

export type RebuildDeps = {
  /** The database; the rebuild opens a pool of its own on it, without the request pools' statement timeout. */
  connectionUri: string;
  source: EventSource;
  /**
   * How many events the log holds (the progress bar's total), or null when the store cannot tell cheaply; with
   * `types`, how many of those types (a rebuild of one projection reads only its own: rebuildProjection).
   */
  countEvents?: (types?: readonly string[]) => Promise<number | null>;
};

/** A progress report of a run: the rebuild's figures (phase, events done / total, events per second, seconds left). */
export type RebuildRunProgress = RebuildProgress & { runId: string; target: RebuildTarget };

export type RebuildRequest = {
  target: RebuildTarget;
  /** Who or what asked: an admin's user id and e-mail, `cli:<user>@<host>`, `start-up`. Kept with the run. */
  startedBy: string;
  onProgress?: (progress: RebuildRunProgress) => void;
  /** The least time between two onProgress calls (default 250 ms). */
  progressIntervalMs?: number;
  signal?: AbortSignal;
  /** Wait for a running rebuild to end instead of refusing (the start-up build). */
  waitForLock?: boolean;
};

export type RunningRebuild = {
  run: RebuildRun;
  /** Cancels this run (the same as aborting the request's signal). */
  cancel: () => void;
  /** The run as it ended: succeeded, failed (with its error) or cancelled. */
  done: Promise<RebuildRun & { cause?: unknown }>;
};

/** How often a running rebuild stores its progress (and looks for a cancel asked for by another process). */
const STORE_EVERY_MS = 1000;
/** How often the total is counted again, so events appended during the rebuild are in the bar. */
const COUNT_EVERY_MS = 2000;

export const projectionNames = (): string[] => allProjections.map((projection) => projection.name);

export async function startRebuild(deps: RebuildDeps, request: RebuildRequest): Promise<RunningRebuild> {
  const projection = request.target === 'all' ? null : allProjections.find((p) => p.name === request.target);
  if (projection === undefined) throw new UnknownProjectionError(request.target, projectionNames());
  const pool = await createDatabasePool(deps.connectionUri, { maximumPoolSize: 6 });
  let lock: Awaited<ReturnType<typeof acquireRebuildLock>>;
  try {
    lock = await acquireRebuildLock(deps.connectionUri, { wait: request.waitForLock });
    if (lock === null) throw new RebuildInProgressError(await runningRun(pool).catch(() => null));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const held = lock;
  const id = randomUUID();
  let run: RebuildRun;
  try {
    // Whatever a rebuild killed mid-way left behind: its schema and its run, still marked running.
    await markInterruptedRuns(pool);
    await dropLeftoverBuilds(pool);
    await insertRun(pool, { id, target: request.target, startedBy: request.startedBy, lockPid: held.backendPid });
    run = (await findRun(pool, id))!;
  } catch (error) {
    await held.release();
    await pool.end();
    throw error;
  }

  const abort = new AbortController();
  const onAbort = () => abort.abort();
  if (request.signal?.aborted) abort.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });

  const types = projection ? [...projection.eventTypes] : undefined;
  let total: number | null = deps.countEvents ? await deps.countEvents(types).catch(() => null) : null;
  let countedAt = performance.now();
  let storedAt = -Infinity;
  let storing: Promise<void> = Promise.resolve();
  let latest: RebuildProgress | null = null;
  const store = (progress: RebuildProgress) => {
    storedAt = performance.now();
    storing = storing
      .then(async () => {
        if (await storeProgress(pool, id, progress)) abort.abort();
        if (deps.countEvents && performance.now() - countedAt >= COUNT_EVERY_MS) {
          countedAt = performance.now();
          total = (await deps.countEvents(types)) ?? total;
        }
      })
      .catch(() => undefined); // progress is a report: a failed write must not fail the rebuild
  };
  const onProgress = (progress: RebuildProgress) => {
    latest = progress;
    request.onProgress?.({ ...progress, runId: id, target: request.target });
    if (performance.now() - storedAt >= STORE_EVERY_MS || progress.phase !== 'loading') store(progress);
  };

  const common = {
    pool,
    connectionUri: deps.connectionUri,
    source: deps.source,
    totalEvents: () => total,
    onProgress,
    progressIntervalMs: request.progressIntervalMs,
    signal: abort.signal,
  };
  const done = (async () => {
    let outcome: { result: 'succeeded' | 'failed' | 'cancelled'; error: string | null; cause?: unknown };
    try {
      if (projection) await rebuildProjection({ ...common, projection });
      else await rebuildReadModels({ ...common, projections: allProjections });
      outcome = { result: 'succeeded', error: null };
    } catch (error) {
      outcome =
        error instanceof RebuildCancelledError
          ? { result: 'cancelled', error: null }
          : { result: 'failed', error: error instanceof Error ? error.message : String(error), cause: error };
    }
    request.signal?.removeEventListener('abort', onAbort);
    await storing;
    if (latest) await storeProgress(pool, id, latest).catch(() => undefined);
    await finishRun(pool, id, outcome).catch(() => undefined);
    const finished = (await findRun(pool, id).catch(() => null)) ?? { ...run, result: outcome.result, error: outcome.error };
    await held.release();
    await pool.end();
    return { ...finished, cause: outcome.cause };
  })();
  return { run, cancel: () => abort.abort(), done };
}

/**
 * At start-up of the process that runs the projections: when no rebuild runs, drops the schemas and closes the
 * runs a killed rebuild left behind. Returns the schemas dropped (none while a rebuild runs elsewhere).
 */
export async function cleanUpInterruptedRebuilds(connectionUri: string, pool: DatabasePool): Promise<string[]> {
  const lock = await acquireRebuildLock(connectionUri);
  if (lock === null) return [];
  try {
    await markInterruptedRuns(pool);
    return await dropLeftoverBuilds(pool);
  } finally {
    await lock.release();
  }
}
