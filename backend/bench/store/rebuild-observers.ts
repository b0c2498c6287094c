/** What a bench rebuild can be watched with: a CPU profile of the rebuild, its PostgreSQL backends sampled. */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sampleActivity } from './activity-sampler';
import { EXPERIMENTS } from './common';

/**
 * BENCH_CPU_PROF=<file prefix>: each rebuild run is CPU-profiled through the inspector (only the rebuild, not the
 * dataset or the baselines) into `<prefix>-<n>.cpuprofile`, for Chrome DevTools or a summary by function.
 */
const CPU_PROFILE_PREFIX = process.env.BENCH_CPU_PROF ?? '';
let cpuProfiles = 0;

export async function cpuProfiled<T>(work: () => Promise<T>): Promise<T> {
  if (!CPU_PROFILE_PREFIX) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    cpuProfiles += 1;
    writeFileSync(`${CPU_PROFILE_PREFIX}-${cpuProfiles}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * Experiment `waits` during a rebuild: what the rebuild's PostgreSQL backends are doing, sampled every 10 ms from
 * pg_stat_activity, by application name (the log's stream: STREAM_APPLICATION_NAME) and state: `active CPU`
 * (producing rows), `active Client:ClientWrite` (its output waits for the Node process to read it), `idle in
 * transaction` (the stream waits for the next FETCH). Counted per backend and sample.
 */
export async function sampledBackends<T>(uri: string, work: () => Promise<T>): Promise<T> {
  if (!EXPERIMENTS.has('waits')) return work();
  const { result, counts, polls } = await sampleActivity(
    uri,
    `SELECT coalesce(nullif(application_name, ''), 'pool') || ' ' || state || ' ' || coalesce(wait_event_type || ':' || wait_event, 'CPU') AS what
       FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
    work,
  );
  console.log(
    `[bench] rebuild's backends, ${polls} samples (share of samples each was seen in): ${[...counts]
      .sort((x, y) => y[1] - x[1])
      .map(([what, n]) => `${what} ${((n / Math.max(1, polls)) * 100).toFixed(0)}%`)
      .join(', ')}`,
  );
  return result;
}
