import type { DriftState, RebuildRun } from '@mello/contracts';
import { allProjections, requestProjectionRetry } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '../event-store/port';
import type { SearchEngine } from '../search/search-engine';
import { ConflictError, NotFoundError } from '../shared/errors';
import { askWorkerToRebuild } from './ask-worker-to-rebuild';
import type { CheckpointRates } from './projection-rate';
import { projectionStatuses } from './projection-status';
import { UnknownProjectionError } from './rebuild-errors';
import { projectionNames } from './rebuild-job';
import { findRun, recentRuns, requestCancel } from './rebuild-runs';
import type { RebuildContext, RebuildsHere } from './rebuilds-here';

/** How many finished runs the console lists. */
export const DRIFT_RECENT_RUNS = 10;
const RUN_NOT_FOUND = 'Ombyggnaden finns inte';

/**
 * What the admin console's Drift tab does (admin-routes.ts serves it): its state; a rebuild, run in this process
 * when it runs the projections (`rebuilds`), otherwise (RUN_PROJECTIONS=false) handed to the worker
 * (ask-worker-to-rebuild.ts), answered either way once it runs; cancelling any run (in whichever process it runs);
 * and a stopped projection's retry (asked of the leading runner, in whichever process). A finished run is appended
 * to the log as RebuildFinished, by the admin who started it, so the audit history lists it (rebuilds-here.ts).
 */
export function driftConsole(deps: {
  pool: DatabasePool;
  store: EventStore;
  search: Pick<SearchEngine, 'name'>;
  /** This process's samples of the checkpoints: each projection's events per second. */
  rates?: CheckpointRates;
  /** The rebuilds this process runs itself; null: it runs no projections, and asks the worker. */
  rebuilds: RebuildsHere | null;
  /** How long to wait for a worker to claim a rebuild (ask-worker-to-rebuild.ts' default unless given). */
  workerClaimTimeoutMs?: number;
}) {
  const state = async (): Promise<DriftState> => {
    const [{ projections, rebuild }, runs, head] = await Promise.all([
      projectionStatuses(deps),
      recentRuns(deps.pool, DRIFT_RECENT_RUNS),
      deps.store.headPosition(),
    ]);
    return { head, search: deps.search.name, eventStore: deps.store.kind, projections, rebuild, runs: [...runs] };
  };

  return {
    state,

    /** Starts a rebuild (here, or in the worker); refuses at once (UnknownProjectionError 400, RebuildInProgressError 409, no worker 503). */
    async rebuild(target: string, context: RebuildContext): Promise<RebuildRun> {
      if (deps.rebuilds) return deps.rebuilds.start(target, context);
      if (target !== 'all' && !projectionNames().includes(target)) throw new UnknownProjectionError(target, projectionNames());
      return askWorkerToRebuild(deps.pool, target, context, { claimTimeoutMs: deps.workerClaimTimeoutMs });
    },

    /** Asks the run to stop, wherever it runs; 404 for no such run, 409 when it is not running any more. */
    async cancel(id: string): Promise<RebuildRun> {
      deps.rebuilds?.cancel(id);
      if (!(await requestCancel(deps.pool, id))) {
        if ((await findRun(deps.pool, id)) === null) throw new NotFoundError(RUN_NOT_FOUND);
        throw new ConflictError('Ombyggnaden pågår inte längre');
      }
      return (await findRun(deps.pool, id))!;
    },

    /** Asks the leading runner to retry a stopped projection from the event it stopped on. */
    async retry(name: string): Promise<void> {
      if (!allProjections.some((projection) => projection.name === name)) throw new UnknownProjectionError(name, projectionNames());
      const { projections } = await projectionStatuses(deps);
      const projection = projections.find((p) => p.name === name)!;
      if (projection.status !== 'stopped') throw new ConflictError(`Projektionen ${name} har inte stannat: det finns inget att försöka igen`);
      await requestProjectionRetry(deps.pool, name);
    },
  };
}

export type DriftConsole = ReturnType<typeof driftConsole>;
