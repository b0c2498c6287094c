/** Shared settings, timing, logging and statistics of the event-store benchmark; run by backend/bench/store-bench.ts. */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';

export const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
export const REPS = Math.max(1, Number(process.env.BENCH_REPS ?? 3));
export const WRITERS = 8;
export const EVENTS_PER_APPEND = 10;
export const ROWS_PER_INSERT = 100;
/** The rebuild's batch (rebuildReadModels' default); BENCH_REBUILD_BATCH=1000 measures another. */
export const REBUILD_BATCH_DEFAULT = Number(process.env.BENCH_REBUILD_BATCH ?? 5000);
/** Experiment `variants`: single instrumented rebuilds that emulate proposed changes (see profiledRebuild in rebuild-profile.ts). */
export const REBUILD_VARIANTS: ReadonlyArray<{ lateGin?: boolean; writeOnce?: boolean; prefetch?: boolean }> = [
  { lateGin: true },
  { writeOnce: true },
  { prefetch: true },
  { writeOnce: true, prefetch: true },
];
/**
 * Optional experiments, off by default to keep the run short (see docs/benchmarks.md for their results):
 * BENCH_EXPERIMENTS=samesize,variants,readall,json,fold,notify,paged,held,waits — raw INSERTs shaped like the 8 writers'
 * appends; rebuild variants emulating proposed changes; where readAll's time goes; the log's pages read from json
 * instead of jsonb; the documents folded inside PostgreSQL as a reference; es.append without pg_notify; each rebuild
 * also read page by page (readAll, the path before streamAll), interleaved, for a paired ratio on a noisy machine;
 * (held) each rebuild also run with the audit rows held until the flush (the path before they were COPYed batch by
 * batch), interleaved, likewise;
 * what the 8 writers' backends wait on, and what the rebuild's backends do (pg_stat_activity sampled every 10 ms).
 */
export const EXPERIMENTS = new Set((process.env.BENCH_EXPERIMENTS ?? '').split(',').map((e) => e.trim()));
export const TARGET_REBUILD_EVENTS_PER_S = 15_000;
export const TARGET_REBUILD_COPY_RATIO = 0.75;
/** Issue 20: 8 writers' appends against the raw INSERT baseline; lag and catch-up with writers at half the maximum rate. */
export const TARGET_APPEND_INSERT_RATIO = 0.6;
export const TARGET_LAG_P99_MS = 250;
export const TARGET_CATCH_UP_MS = 100;

export const now = () => performance.now();

/**
 * A full garbage collection, now, with the heap used before and after it in MB. Run once the bench's own copy of the
 * log is released: otherwise its ~1.2 GB (at 100k events) stays in the heap as garbage into the rebuilds, and the
 * first ones ran 0.7–0.85× as fast as the one after V8 had collected it (12,845 / 14,767 / 16,174 events/s).
 */
export function collectGarbage(): { beforeMb: number; afterMb: number } {
  const beforeMb = process.memoryUsage().heapUsed / 1e6;
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return { beforeMb, afterMb: process.memoryUsage().heapUsed / 1e6 };
}
export const log = (message: string) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------------------------
// Statistics

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

export type Series = { runs: number[]; median: number; min: number; max: number };
export const series = (runs: number[]): Series => ({ runs, median: median(runs), min: Math.min(...runs), max: Math.max(...runs) });

export const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const rate = (s: Series) => `${fmt(s.median)}`;
export const spread = (s: Series, digits = 0) => `${fmt(s.min, digits)}–${fmt(s.max, digits)}`;

/** CPU over a span: this Node process (% of one core) and the whole machine (% of all cores, other tenants too). */
export function cpuMeter() {
  const machine = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const busy = cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
        return { busy: acc.busy + busy, total: acc.total + busy + cpu.times.idle };
      },
      { busy: 0, total: 0 },
    );
  const process0 = process.cpuUsage();
  const machine0 = machine();
  const started = now();
  return () => {
    const used = process.cpuUsage(process0);
    const machine1 = machine();
    return {
      nodeCorePct: ((used.user + used.system) / 1000 / (now() - started)) * 100,
      machinePct: ((machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total)) * 100,
    };
  };
}
export type Cpu = ReturnType<ReturnType<typeof cpuMeter>>;
export const cpuText = (cpu: Cpu) => `CPU: node ${fmt(cpu.nodeCorePct)}% of a core, machine ${fmt(cpu.machinePct)}% busy`;
