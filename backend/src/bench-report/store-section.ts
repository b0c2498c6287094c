/** The event store bench's report section (backend/bench/store-bench.ts, its BENCH_JSON line). */
import { fmt, fmtRatio, type Section, type Target } from './markdown';
import type { RunInfo } from './sections';
import { ratio } from './stats';

type Series = { median: number; min: number; max: number; runs: number[] };

const R = 'right' as const;
const L = 'left' as const;
const ms = (value: number | undefined) => fmt(value, 1);
const range = (s: Series, digits = 0) => (s.runs.length > 1 ? `${fmt(s.min, digits)}–${fmt(s.max, digits)}` : '');

/** Who used the CPU over a lag pass, % of one core each (null: not measured there, no /proc); the machine in % of all cores. */
type CpuByRole = { runnerPgPct: number | null; writersPgPct: number | null; otherPgPct: number | null; nodePct: number; machinePct: number };
type LagAtRate = { pacedEventsPerS: number; appendEventsPerS: Series; p50Ms: Series; p99Ms: Series; catchUpMs: Series; cpuByRole?: CpuByRole };

export type StoreJson = {
  bench: 'store';
  events: number;
  reps: number;
  baseline?: { insertRowsPerS: Series; copyRowsPerS: Series };
  append?: { oneWriterEventsPerS: Series; concurrentEventsPerS: Series };
  lag?: { appendEventsPerS: Series; p50Ms: Series; p99Ms: Series };
  /** Writers paced at half the 8-writer rate (issue 20): the lag and the catch-up after the writers stop. */
  lagHalfRate?: LagAtRate;
  /** The same below half (phase `lowrates`, ¼ and ⅛): where the lag goals hold on the machine, beside the goal's pace. */
  lagLowRates?: Array<LagAtRate & { share: string }>;
  /** At half the rate with less work for the runner than the product's (phase `lagbound`): what bounds the lag. */
  lagBound?: Array<LagAtRate & { key: string; label: string }>;
  /** copyBesideRowsPerS: COPY measured again beside each rebuild round, the rebuild's baseline when there. */
  rebuild?: { eventsPerS: Series; copyBesideRowsPerS?: Series | null; vsCopy: number | null };
  targets: { rebuildEventsPerS: number; rebuildVsCopy: number; met: boolean | null };
};

export function storeSection(json: StoreJson, run: RunInfo): Section {
  const rows: string[][] = [];
  const insert = json.baseline?.insertRowsPerS.median;
  const copy = json.baseline?.copyRowsPerS.median;
  const add = (name: string, s: Series | undefined, unit: string, baseline: number | undefined, baselineName: string) => {
    if (s) rows.push([name, `${fmt(s.median)} ${unit}`, range(s), baseline === undefined ? '' : `${fmtRatio(ratio(s.median, baseline))} ${baselineName}`]);
  };
  add('baseline: raw INSERT, 100 rows/statement', json.baseline?.insertRowsPerS, 'rows/s', undefined, '');
  add('baseline: raw COPY', json.baseline?.copyRowsPerS, 'rows/s', insert, 'INSERT');
  add('append, 1 writer, 10 events/append', json.append?.oneWriterEventsPerS, 'events/s', insert, 'INSERT');
  add('append, 8 writers', json.append?.concurrentEventsPerS, 'events/s', insert, 'INSERT');
  add('append, 8 writers + live ProjectionRunner', json.lag?.appendEventsPerS, 'events/s', insert, 'INSERT');
  if (json.lag) {
    rows.push(['subscriber lag p50', `${ms(json.lag.p50Ms.median)} ms`, range(json.lag.p50Ms, 1), '']);
    rows.push(['subscriber lag p99', `${ms(json.lag.p99Ms.median)} ms`, range(json.lag.p99Ms, 1), '']);
  }
  const half = json.lagHalfRate;
  const pct = (value: number | null) => (value === null ? '?' : fmt(value));
  const paced = (lag: LagAtRate, share: string, catchUp: string, runner = 'live ProjectionRunner') => {
    add(`append, 8 writers paced at ${fmt(lag.pacedEventsPerS)} events/s (${share}) + ${runner}`, lag.appendEventsPerS, 'events/s', insert, 'INSERT');
    rows.push([`subscriber lag p50 at ${share} rate`, `${ms(lag.p50Ms.median)} ms`, range(lag.p50Ms, 1), '']);
    rows.push([`subscriber lag p99 at ${share} rate`, `${ms(lag.p99Ms.median)} ms`, range(lag.p99Ms, 1), '']);
    rows.push([catchUp, `${ms(lag.catchUpMs.median)} ms`, range(lag.catchUpMs, 1), '']);
    const cpu = lag.cpuByRole;
    if (cpu) {
      rows.push([
        `CPU at ${share} rate, % of one core: runner's PostgreSQL / writers' / other PostgreSQL / Node`,
        `${pct(cpu.runnerPgPct)} / ${pct(cpu.writersPgPct)} / ${pct(cpu.otherPgPct)} / ${fmt(cpu.nodePct)}`,
        '',
        `machine ${fmt(cpu.machinePct)} % busy`,
      ]);
    }
  };
  if (half) paced(half, '½', 'catch-up after the writers stop');
  for (const low of json.lagLowRates ?? []) paced(low, low.share, `catch-up after the writers stop, ${low.share} rate`);
  for (const bound of json.lagBound ?? []) paced(bound, '½', `catch-up after the writers stop, runner with ${bound.label}`, `runner with ${bound.label}`);
  // The rebuild's COPY is the one measured beside its rounds when the bench did (the machine's speed drifts within a run).
  const beside = json.rebuild?.copyBesideRowsPerS ?? undefined;
  add('baseline: raw COPY, beside each rebuild round', beside, 'rows/s', undefined, '');
  const rebuildCopy = beside?.median ?? copy;
  add('**rebuild** (rebuildReadModels, swap)', json.rebuild?.eventsPerS, 'events/s', rebuildCopy, 'COPY');
  const rebuild = json.rebuild?.eventsPerS.median;
  const appended = json.append?.concurrentEventsPerS.median;
  // Issue 20's goals for the log (2026-11-24): 8 writers ≥ 0.6× INSERT; at half their rate, lag p99 < 250 ms and
  // a catch-up < 100 ms.
  const issue20: Target[] = [
    ...(appended !== undefined && insert !== undefined
      ? [{ text: `append, 8 writers ≥ 0.6× INSERT (${fmtRatio(ratio(appended, insert))})`, met: ratio(appended, insert) >= 0.6 }]
      : []),
    ...(half
      ? [
          { text: `subscriber lag p99 < 250 ms at ½ the append rate (${ms(half.p99Ms.median)} ms)`, met: half.p99Ms.median < 250 },
          { text: `catch-up < 100 ms after the writers stop (${ms(half.catchUpMs.median)} ms)`, met: half.catchUpMs.median < 100 },
        ]
      : []),
  ];
  const targets: Target[] = [
    ...issue20,
    { text: `rebuild ≥ ${fmt(json.targets.rebuildEventsPerS)} events/s`, met: rebuild === undefined ? null : rebuild >= json.targets.rebuildEventsPerS },
    {
      text: `rebuild ≥ ${json.targets.rebuildVsCopy}× COPY`,
      met: rebuild === undefined || rebuildCopy === undefined ? null : ratio(rebuild, rebuildCopy) >= json.targets.rebuildVsCopy,
    },
  ];
  return {
    title: 'Event store and rebuild',
    command: run.command,
    method:
      `${fmt(json.events)} archive events on a durable embedded PostgreSQL; appends through the event store and a rebuild of every read ` +
      `model, next to raw INSERT and COPY of the same rows in the same run${beside ? ' (COPY again beside each rebuild round, its baseline)' : ''}. ` +
      `Medians of ${json.reps} runs or segments.`,
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [{ header: ['measurement', 'median', 'range', 'ratio to baseline'], rows, align: [L, R, R, R] }],
    targets,
    notes: [],
  };
}
