import { EventName, rebuildStream, type RebuildRun } from '@mello/contracts';
import type { DatabasePool } from 'slonik';
import type { EventStore } from '../event-store/port';
import { toNewEvents, type CommandContext } from '../shared/command-handler';
import { ConflictError } from '../shared/errors';
import { eventCounter } from './event-count';
import { startRebuild, type RunningRebuild } from './rebuild-job';

/** Who started a rebuild and on whose behalf its outcome is appended to the log. */
export type RebuildContext = CommandContext & { startedBy: string };

/**
 * The rebuilds this process runs, whoever asked (an admin's request to this API process, or a request handed over
 * by an API process started with RUN_PROJECTIONS=false: rebuild-request-listener.ts). Each is started under the
 * rebuild lock (startRebuild refuses at once: 400 unknown projection, 409 another rebuild), not awaited by its
 * caller, and its outcome appended as RebuildFinished by whoever started it, so the audit history lists it.
 */
export function rebuildsHere(deps: {
  pool: DatabasePool;
  store: EventStore;
  databaseUri: string;
  eventStoreUrl?: string | null;
  log: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const running = new Map<string, RunningRebuild>();
  const finishing = new Set<Promise<unknown>>();
  let closed = false;

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
    async start(target: string, context: RebuildContext): Promise<RebuildRun> {
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

    /** Cancels the run at once when it runs here (other processes see the cancel in rebuild_runs: requestCancel). */
    cancel(id: string): void {
      running.get(id)?.cancel();
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

export type RebuildsHere = ReturnType<typeof rebuildsHere>;
