import { randomUUID } from 'node:crypto';
import type { RebuildRun } from '@mello/contracts';
import type { CommonQueryMethods } from 'slonik';
import { UnavailableError } from '../shared/errors';
import { RebuildInProgressError } from './rebuild-errors';
import { findRun, runningRun } from './rebuild-runs';
import { expireRequest, findRequest, insertRequest } from './rebuild-requests';
import type { RebuildContext } from './rebuilds-here';

/** How long an API process waits for a process that runs the projections to claim its rebuild request. */
export const WORKER_CLAIM_TIMEOUT_MS = 5000;
/** How long it then waits for that process to hold the lock and start the run (or refuse it). */
const WORKER_START_TIMEOUT_MS = 60_000;
const POLL_MS = 100;

export const noWorkerMessage = (timeoutMs: number) =>
  `Ingen worker svarade inom ${Math.round(timeoutMs / 1000)} s, så ombyggnaden startades inte. Den här servern kör inte projektionerna ` +
  '(RUN_PROJECTIONS=false): starta workern (npm run worker) och försök igen.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An API process started with RUN_PROJECTIONS=false does not rebuild itself: it records the request
 * (rebuild-requests.ts), a process that runs the projections claims and starts it, and this answers that run as
 * soon as it runs, exactly like a rebuild started here: RebuildInProgressError (409) when another rebuild holds the
 * lock, and UnavailableError (503, Swedish) when no such process claimed it in time (then nothing runs, ever: the
 * request is expired in the same UPDATE that a claim would need).
 */
export async function askWorkerToRebuild(
  db: CommonQueryMethods,
  target: string,
  context: RebuildContext,
  options: { claimTimeoutMs?: number } = {},
): Promise<RebuildRun> {
  const claimTimeoutMs = options.claimTimeoutMs ?? WORKER_CLAIM_TIMEOUT_MS;
  const id = randomUUID();
  const { startedBy, ...command } = context;
  await insertRequest(db, { id, target, startedBy, context: command });
  const asked = performance.now();
  for (;;) {
    await sleep(POLL_MS);
    const request = await findRequest(db, id);
    if (request?.state === 'started') return (await findRun(db, request.runId!))!;
    if (request?.state === 'refused') {
      if (request.busy) throw new RebuildInProgressError(await runningRun(db));
      throw new UnavailableError(`Workern kunde inte starta ombyggnaden: ${request.error ?? 'okänt fel'}`);
    }
    const waited = performance.now() - asked;
    if (request?.state === 'requested' && waited >= claimTimeoutMs && (await expireRequest(db, id))) {
      throw new UnavailableError(noWorkerMessage(claimTimeoutMs));
    }
    if (waited >= claimTimeoutMs + WORKER_START_TIMEOUT_MS) {
      throw new UnavailableError('Workern tog emot ombyggnaden men startade den inte: se workerns logg och Drift-fliken innan du försöker igen.');
    }
  }
}
