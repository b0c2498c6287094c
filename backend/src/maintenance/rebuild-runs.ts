import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Migration } from '../db/migrate';
import { RebuildRunSchema, type RebuildResult, type RebuildRun } from '@mello/contracts';
import { REBUILD_LOCK_KEY } from './rebuild-lock';

/**
 * Every rebuild, one row each (public, not in the read-model schema a rebuild replaces): what it rebuilt, who or
 * what started it, when, how far it got, how it ended and why. `running` rows carry the progress (written about
 * once a second) and the PostgreSQL backend that holds the rebuild lock; a running row whose backend no longer
 * holds it belonged to a process that died, and is marked `interrupted` by the next rebuild or start.
 */
export const rebuildRunMigrations: Migration[] = [
  {
    id: 'maintenance-001-rebuild-runs',
    sql: `
      CREATE TABLE public.rebuild_runs (
        id                  uuid PRIMARY KEY,
        target              text NOT NULL,
        started_by          text NOT NULL,
        started_at          timestamptz NOT NULL DEFAULT now(),
        ended_at            timestamptz,
        result              text NOT NULL CHECK (result IN ('running', 'succeeded', 'failed', 'cancelled', 'interrupted')),
        error               text,
        phase               text NOT NULL DEFAULT 'loading',
        events              integer NOT NULL DEFAULT 0,
        total               integer,
        events_per_second   double precision,
        eta_seconds         double precision,
        progress_at         timestamptz,
        cancel_requested_at timestamptz,
        lock_pid            integer NOT NULL
      );
      CREATE INDEX rebuild_runs_by_start ON public.rebuild_runs (started_at DESC);
    `,
  },
];

export { REBUILD_RESULTS, type RebuildResult } from '@mello/contracts';

/** The NOTIFY channel on which a run's id is announced after each stored progress step and at its end. */
export const REBUILD_CHANNEL = 'rebuild_progress';

/** A run as the console and the CLI read it: the contract's schema (contracts/src/admin/drift.ts). */
const runRow = RebuildRunSchema;
export type { RebuildRun };

const columns = sql.fragment`
  id, target, started_by AS "startedBy", started_at AS "startedAt", ended_at AS "endedAt",
  extract(epoch FROM ended_at - started_at)::float8 AS "durationSeconds", result, error, phase, events, total,
  events_per_second AS "eventsPerSecond", eta_seconds AS "etaSeconds", progress_at AS "progressAt",
  cancel_requested_at IS NOT NULL AS "cancelRequested"`;

export async function insertRun(db: CommonQueryMethods, run: { id: string; target: string; startedBy: string; lockPid: number }): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO public.rebuild_runs (id, target, started_by, result, lock_pid) VALUES (${run.id}, ${run.target}, ${run.startedBy}, 'running', ${run.lockPid})`);
}

/** Stores a progress step; answers whether a cancel was asked for meanwhile (by any process: requestCancel). */
export async function storeProgress(
  db: CommonQueryMethods,
  id: string,
  progress: { phase: string; events: number; total: number | null; eventsPerSecond: number; etaSeconds: number | null },
): Promise<boolean> {
  const cancel = await db.maybeOneFirst(sql.type(z.object({ cancel: z.boolean() }))`
    UPDATE public.rebuild_runs
       SET phase = ${progress.phase}, events = ${progress.events}, total = ${progress.total}, events_per_second = ${progress.eventsPerSecond},
           eta_seconds = ${progress.etaSeconds}, progress_at = now()
     WHERE id = ${id}
    RETURNING cancel_requested_at IS NOT NULL AS cancel`);
  await db.query(sql.unsafe`SELECT pg_notify(${REBUILD_CHANNEL}, ${id})`);
  return cancel ?? false;
}

export async function finishRun(
  db: CommonQueryMethods,
  id: string,
  outcome: { result: Exclude<RebuildResult, 'running'>; error: string | null },
): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE public.rebuild_runs SET result = ${outcome.result}, error = ${outcome.error}, ended_at = now() WHERE id = ${id}`);
  await db.query(sql.unsafe`SELECT pg_notify(${REBUILD_CHANNEL}, ${id})`);
}

/** Asks the running rebuild to stop, whichever process runs it (it looks at every stored progress step, ~1 s). */
export async function requestCancel(db: CommonQueryMethods, id: string): Promise<boolean> {
  const rows = await db.query(sql.unsafe`
    UPDATE public.rebuild_runs SET cancel_requested_at = coalesce(cancel_requested_at, now()) WHERE id = ${id} AND result = 'running' RETURNING id`);
  return rows.rowCount > 0;
}

/** Marks `running` rows whose backend no longer holds the rebuild lock as interrupted (their process died). */
export async function markInterruptedRuns(db: CommonQueryMethods): Promise<number> {
  const rows = await db.query(sql.unsafe`
    UPDATE public.rebuild_runs r
       SET result = 'interrupted', ended_at = coalesce(progress_at, started_at),
           error = 'The process running the rebuild ended before it finished; the live read models were left as they were'
     WHERE result = 'running' AND NOT ${lockHeldBy(sql.fragment`r.lock_pid`)}`);
  return rows.rowCount;
}

/** Whether the backend `pid` holds the rebuild lock (a bigint advisory key is held as classid/objid, objsubid 1). */
const lockHeldBy = (pid: ReturnType<typeof sql.fragment>) => sql.fragment`EXISTS (
  SELECT 1 FROM pg_locks l
   WHERE l.locktype = 'advisory' AND l.granted AND l.pid = ${pid} AND l.objsubid = 1
     AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended(${REBUILD_LOCK_KEY}, 0))`;

/** The run going on now, in any process, or null. */
export async function runningRun(db: CommonQueryMethods): Promise<RebuildRun | null> {
  return db.maybeOne(sql.type(runRow)`
    SELECT ${columns} FROM public.rebuild_runs r WHERE result = 'running' AND ${lockHeldBy(sql.fragment`r.lock_pid`)}
     ORDER BY started_at DESC LIMIT 1`);
}

export async function findRun(db: CommonQueryMethods, id: string): Promise<RebuildRun | null> {
  return db.maybeOne(sql.type(runRow)`SELECT ${columns} FROM public.rebuild_runs WHERE id = ${id}`);
}

/** The latest runs, newest first: the outcome and the history. */
export async function recentRuns(db: CommonQueryMethods, limit = 20): Promise<readonly RebuildRun[]> {
  return db.any(sql.type(runRow)`SELECT ${columns} FROM public.rebuild_runs ORDER BY started_at DESC LIMIT ${limit}`);
}
