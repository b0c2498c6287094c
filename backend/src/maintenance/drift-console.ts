import { EventName, type DriftState, type RebuildRun } from '@mello/contracts';
import { allProjections, requestProjectionRetry } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '../event-store/port';
import type { SearchEngine } from '../search/search-engine';
import { toNewEvents, type CommandContext } from '../shared/command-handler';
import { ConflictError, NotFoundError } from '../shared/errors';
import { rebuildStream } from '@mello/contracts';
import { eventCounter } from './event-count';
import type { CheckpointRates } from './projection-rate';
import { projectionStatuses } from './projection-status';
import { UnknownProjectionError } from './rebuild-errors';
import { projectionNames, startRebuild, type RunningRebuild } from './rebuild-job';
import { findRun, recentRuns, requestCancel } from './rebuild-runs';

/** How many finished runs the console lists. */
export const DRIFT_RECENT_RUNS = 10;
const RUN_NOT_FOUND = 'Ombyggnaden finns inte';

/**
 * What the admin console's Drift tab does (admin-routes.ts serves it): its state, a rebuild started here and run
 * in this process (not awaited by the request), cancelling any run (in whichever process it runs), and a stopped
 * projection's retry (asked of the leading runner, in whichever process). A finished run started here is appended
 * to the log as RebuildFinished, by the admin who started it, so the audit history lists it.
 */
export function driftConsole(deps: {
  pool: DatabasePool;
  store: EventStore;
  search: Pick<SearchEngine, 'name'>;
  /** This process's samples of the checkpoints: each projection's events per second. */
  rates?: CheckpointRates;
  databaseUri: string;
  eventStoreUrl?: string | null;
  log: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const running = new Map<string, RunningRebuild>();
  const finishing = new Set<Promise<unknown>>();
  let closed = false;

  const state = async (): Promise<DriftState> => {
    const [{ projections, rebuild }, runs, head] = await Promise.all([
      projectionStatuses(deps),
      recentRuns(deps.pool, DRIFT_RECENT_RUNS),
      deps.store.headPosition(),
    ]);
    return { head, search: deps.search.name, eventStore: deps.store.kind, projections, rebuild, runs: [...runs] };
  };

  /** Appends the run's outcome (the audit history's entry). A failure to append is logged: the run is kept in rebuild_runs anyway. */
  const recordOutcome = async (run: RebuildRun, context: CommandContext) => {
    if (run.result === 'running' || run.result === 'interrupted') return;
    const data = {
      runId: run.id,
      target: run.target,
      result: run.result,
      error: run.error,
      startedBy: run.startedBy,
      startedAt: run.startedAt,
      durationSeconds: run.durationSeconds ?? 0,
      events: run.events,
    };
    await deps.store.appendToStream(rebuildStream(run.id), toNewEvents([{ type: EventName.RebuildFinished, data }], context), {
      expectedRevision: 'no_stream',
    });
  };

  return {
    state,

    /** Starts a rebuild here; refuses at once (UnknownProjectionError 400, RebuildInProgressError 409). */
    async rebuild(target: string, context: CommandContext & { startedBy: string }): Promise<RebuildRun> {
      if (closed) throw new ConflictError('Servern stängs: försök igen om en stund');
      const rebuild = await startRebuild(
        { connectionUri: deps.databaseUri, source: deps.store, countEvents: eventCounter(deps.pool, { eventStoreUrl: deps.eventStoreUrl }) },
        { target, startedBy: context.startedBy },
      );
      running.set(rebuild.run.id, rebuild);
      const finished = rebuild.done
        .then(async (run) => {
          running.delete(run.id);
          if (run.result !== 'succeeded') deps.log(`Rebuild of ${run.target} ${run.result}`, { error: run.error ?? undefined });
          await recordOutcome(run, context);
        })
        .catch((error: unknown) => deps.log('Recording a rebuild’s outcome failed', { error: String(error) }));
      finishing.add(finished);
      void finished.finally(() => finishing.delete(finished));
      return rebuild.run;
    },

    /** Asks the run to stop, wherever it runs; 404 for no such run, 409 when it is not running any more. */
    async cancel(id: string): Promise<RebuildRun> {
      running.get(id)?.cancel();
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

    /** At shutdown: cancels the rebuilds running here (the live read models stay as they were) and waits for them. */
    async close(): Promise<void> {
      closed = true;
      for (const rebuild of running.values()) rebuild.cancel();
      await Promise.all([...running.values()].map((rebuild) => rebuild.done));
      await Promise.all([...finishing]);
    },
  };
}

export type DriftConsole = ReturnType<typeof driftConsole>;
