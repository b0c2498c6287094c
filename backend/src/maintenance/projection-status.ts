import { allProjections, stoppedEventOf } from '@mello/projections';
import type { CommonQueryMethods } from 'slonik';
import type { EventStore } from '../event-store/port';
import { projectionLags } from '../observability/projection-lag';
import type { CheckpointRates } from './projection-rate';
import { runningRun, type RebuildRun } from './rebuild-runs';

/**
 * - `rebuilding`: a rebuild of it (or of every read model) runs now, in any process;
 * - `stopped`: it has an error: it stopped on an event (`stoppedOn`), or its batches fail (the database away);
 * - `catching up`: events after its checkpoint are still to be applied;
 * - `running`: up to date.
 */
export type ProjectionState = 'running' | 'catching up' | 'stopped' | 'rebuilding';

export type ProjectionStatus = {
  name: string;
  status: ProjectionState;
  /** Its checkpoint in the live schema (null: none yet). */
  position: string | null;
  /** Events after the checkpoint, counted up to BEHIND_CAP (observability/projection-lag.ts). */
  behind: number;
  /** Events applied per second over the last few seconds (projection-rate.ts); null: not measured (yet). */
  eventsPerSecond: number | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** The event it stopped on, when its error is one (it resumes from there once retried). */
  stoppedOn: ReturnType<typeof stoppedEventOf>;
  updatedAt: string | null;
};

/**
 * Every projection (in the order they apply) with its status, and the rebuild that runs now, if any: what
 * `npm run projections` prints and the Drift tab shows. A projection without a checkpoint row yet is listed too.
 * With `rates` (the process's samples of the checkpoints) each gets its events per second, otherwise null.
 */
export async function projectionStatuses(deps: {
  pool: CommonQueryMethods;
  store: Pick<EventStore, 'headPosition' | 'readAll'>;
  rates?: CheckpointRates;
}): Promise<{ projections: ProjectionStatus[]; rebuild: RebuildRun | null }> {
  const [{ projections: lags }, rebuild] = await Promise.all([projectionLags(deps), runningRun(deps.pool)]);
  const byName = new Map(lags.map((lag) => [lag.name, lag]));
  const rates = (await deps.rates?.measure(lags)) ?? new Map<string, number | null>();
  const projections = allProjections.map((projection): ProjectionStatus => {
    const lag = byName.get(projection.name);
    const behind = lag?.behind ?? 0;
    const lastError = lag?.lastError ?? null;
    const status: ProjectionState =
      rebuild && (rebuild.target === 'all' || rebuild.target === projection.name)
        ? 'rebuilding'
        : lastError !== null
          ? 'stopped'
          : behind > 0
            ? 'catching up'
            : 'running';
    return {
      name: projection.name,
      status,
      position: lag?.position ?? null,
      behind,
      eventsPerSecond: rates.get(projection.name) ?? null,
      lastError,
      lastErrorAt: lag?.lastErrorAt ?? null,
      stoppedOn: stoppedEventOf(lastError),
      updatedAt: lag?.updatedAt ?? null,
    };
  });
  return { projections, rebuild };
}
