import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Migration } from '../db/migrate';

/**
 * Rebuilds asked of another process: an API process started with RUN_PROJECTIONS=false records the request here
 * and NOTIFYs REBUILD_REQUEST_CHANNEL; a process that runs the projections (the worker, or an API process with
 * RUN_PROJECTIONS) claims it and runs it (rebuild-worker.ts). Each step is one conditional UPDATE, so a request is
 * claimed by exactly one process or expired by the API that asked, never both: no double run, and no request left
 * waiting for a worker that is not there.
 *
 * - `requested`: waiting for a process to claim it;
 * - `claimed`: a process took it and is taking the rebuild lock;
 * - `started`: it runs as `run_id` (public.rebuild_runs);
 * - `refused`: the process could not start it (`error`; `busy` when another rebuild holds the lock: 409);
 * - `expired`: no process claimed it in time (the API that asked answers so, and nothing runs).
 */
export const rebuildRequestMigrations: Migration[] = [
  {
    id: 'maintenance-002-rebuild-requests',
    sql: `
      CREATE TABLE public.rebuild_requests (
        id           uuid PRIMARY KEY,
        target       text NOT NULL,
        started_by   text NOT NULL,
        context      jsonb NOT NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        state        text NOT NULL CHECK (state IN ('requested', 'claimed', 'started', 'refused', 'expired')),
        claimed_by   text,
        run_id       uuid,
        busy         boolean NOT NULL DEFAULT false,
        error        text
      );
      CREATE INDEX rebuild_requests_waiting ON public.rebuild_requests (requested_at) WHERE state = 'requested';
    `,
  },
];

/** The NOTIFY channel on which a new request's id is announced to the processes that run projections. */
export const REBUILD_REQUEST_CHANNEL = 'rebuild_request';

const RequestSchema = z.object({
  id: z.string(),
  target: z.string(),
  startedBy: z.string(),
  context: z.unknown(),
  state: z.enum(['requested', 'claimed', 'started', 'refused', 'expired']),
  claimedBy: z.string().nullable(),
  runId: z.string().nullable(),
  busy: z.boolean(),
  error: z.string().nullable(),
});
export type RebuildRequestRow = z.infer<typeof RequestSchema>;

const columns = sql.fragment`
  id, target, started_by AS "startedBy", context, state, claimed_by AS "claimedBy", run_id AS "runId", busy, error`;

export async function insertRequest(db: CommonQueryMethods, request: { id: string; target: string; startedBy: string; context: unknown }): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO public.rebuild_requests (id, target, started_by, context, state)
    VALUES (${request.id}, ${request.target}, ${request.startedBy}, ${sql.jsonb(request.context as never)}, 'requested')`);
  await db.query(sql.unsafe`SELECT pg_notify(${REBUILD_REQUEST_CHANNEL}, ${request.id})`);
}

export async function findRequest(db: CommonQueryMethods, id: string): Promise<RebuildRequestRow | null> {
  return db.maybeOne(sql.type(RequestSchema)`SELECT ${columns} FROM public.rebuild_requests WHERE id = ${id}`);
}

/** The requests still waiting, oldest first (what a process that missed a NOTIFY picks up). */
export async function waitingRequests(db: CommonQueryMethods): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM public.rebuild_requests WHERE state = 'requested' ORDER BY requested_at`);
}

/** Takes the request for this process; null when another process took it first or its API gave up on it. */
export async function claimRequest(db: CommonQueryMethods, id: string, claimedBy: string): Promise<RebuildRequestRow | null> {
  return db.maybeOne(sql.type(RequestSchema)`
    UPDATE public.rebuild_requests SET state = 'claimed', claimed_by = ${claimedBy}
     WHERE id = ${id} AND state = 'requested' RETURNING ${columns}`);
}

export async function markRequestStarted(db: CommonQueryMethods, id: string, runId: string): Promise<void> {
  await db.query(sql.unsafe`UPDATE public.rebuild_requests SET state = 'started', run_id = ${runId} WHERE id = ${id}`);
}

export async function markRequestRefused(db: CommonQueryMethods, id: string, refusal: { error: string; busy: boolean }): Promise<void> {
  await db.query(sql.unsafe`UPDATE public.rebuild_requests SET state = 'refused', error = ${refusal.error}, busy = ${refusal.busy} WHERE id = ${id}`);
}

/** Gives up on a request nobody claimed; false when a process claimed it meanwhile (then it runs: wait for it). */
export async function expireRequest(db: CommonQueryMethods, id: string): Promise<boolean> {
  const rows = await db.query(sql.unsafe`
    UPDATE public.rebuild_requests SET state = 'expired' WHERE id = ${id} AND state = 'requested' RETURNING id`);
  return rows.rowCount > 0;
}
