/** The maintainers' console bench's report section (backend/bench/console-bench.ts, its BENCH_JSON line). */
import { fmt, fmtRatio, type Section, type Table } from './markdown';
import type { RunInfo } from './sections';

type Series = { median: number; min: number; max: number; runs: number[] };

export type ConsoleJson = {
  bench: 'console';
  events: number;
  reps: number;
  full: { eventsPerS: Series; seconds: Series };
  fullWithoutProgress: { eventsPerS: Series };
  progressCost: number;
  pairedProgressCost: Series;
  pushes: number;
  singles: Array<{ name: string; events: number; eventsPerS: Series; logEventsPerS: Series; seconds: Series; vsFull: number }>;
  targets: { singleVsFull: number; progressCost: number; singleMet: boolean; progressMet: boolean };
};

const range = (s: Series) => (s.runs.length > 1 ? `${fmt(s.min)}–${fmt(s.max)}` : '');
const percent = (value: number) => `${fmt(value * 100, 1)} %`;

export function consoleSection(json: ConsoleJson, run: RunInfo): Section {
  const table: Table = {
    header: ['rebuild', 'events read and applied', 'median events/s', 'range', 'median s', 'ratio'],
    rows: [
      [
        '**full** (every read model), as the console runs it: progress stored, announced and pushed',
        fmt(json.events),
        fmt(json.full.eventsPerS.median),
        range(json.full.eventsPerS),
        fmt(json.full.seconds.median, 1),
        '1.00× (baseline)',
      ],
      [
        'full, without progress reporting',
        fmt(json.events),
        fmt(json.fullWithoutProgress.eventsPerS.median),
        range(json.fullWithoutProgress.eventsPerS),
        '',
        `progress costs ${percent(json.progressCost)} (per round ${json.pairedProgressCost.runs.map(percent).join(', ')})`,
      ],
      ...json.singles.map((single) => [
        `one projection: ${single.name}`,
        fmt(single.events),
        fmt(single.eventsPerS.median),
        range(single.eventsPerS),
        fmt(single.seconds.median, 1),
        `${fmtRatio(single.vsFull)} full per event`,
      ]),
    ],
    align: ['left', 'right', 'right', 'right', 'right', 'left'],
  };
  return {
    title: "Maintainers' console",
    command: run.command,
    method:
      `the rebuilds the Drift tab starts (startRebuild) on ${fmt(json.events)} archive events, rounds interleaved, medians of ${json.reps}; ` +
      'a full rebuild with and without progress reporting, and single projections, which read only the event types they follow.',
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [table],
    targets: [
      {
        text: `one projection ≥ ${fmt(json.targets.singleVsFull, 2)}× the full rebuild's events/s (${json.singles.map((s) => `${s.name} ${fmtRatio(s.vsFull)}`).join(', ')})`,
        met: json.targets.singleMet,
      },
      {
        text: `progress reporting costs < ${fmt(json.targets.progressCost * 100)} % of the full rebuild's throughput (${percent(json.progressCost)})`,
        met: json.targets.progressMet,
      },
    ],
    notes: [
      `Progress: stored in public.rebuild_runs about once a second with a pg_notify, the total recounted every 2 s, and each announced step read back and serialised for the admins' sockets (${json.pushes} pushes in the run).`,
    ],
  };
}
