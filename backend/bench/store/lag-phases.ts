/** The subscriber-lag phases of the event-store benchmark (lag, halfrate, lowrates, lagbound); run by backend/bench/store-bench.ts. */
import { allProjections } from '@mello/projections';
import { lagPass, passRate, type LagWork } from './appends';
import { REPS, TARGET_CATCH_UP_MS, TARGET_LAG_P99_MS, cpuText, fmt, log, rate, series, spread } from './common';
import type { CpuByRole } from './cpu-by-role';
import type { Unit } from './dataset';

export type LagJson = ReturnType<typeof summarise>;
type Line = [string, string, string, string];

function summarise({ segments: lag, cpu }: Awaited<ReturnType<typeof lagPass>>, units: readonly Unit[][], eventsPerSecond: number | undefined) {
  const of = (key: 'eventsPerSecond' | 'p50Ms' | 'p99Ms' | 'maxMs' | 'behindAtEndEvents' | 'catchUpMs' | 'batches') => series(lag.map((seg) => seg[key]));
  return {
    pacedEventsPerS: eventsPerSecond ?? null,
    appendEventsPerS: of('eventsPerSecond'),
    appendWholePassEventsPerS: passRate(lag, units),
    p50Ms: of('p50Ms'),
    p99Ms: of('p99Ms'),
    maxMs: of('maxMs'),
    behindAtEndEvents: of('behindAtEndEvents'),
    catchUpMs: of('catchUpMs'),
    runnerBatches: of('batches'),
    cpu: lag.map((x) => x.cpu),
    cpuByRole: cpu,
  };
}

/**
 * One pass of the whole log through 8 writers with the live runner following it, flat out or paced at
 * `eventsPerSecond`: its JSON and its table lines (`share` names the pace, '½' say; the goals apply to ½ only).
 */
export async function lagPhase(options: {
  uri: string;
  key: string;
  label: string;
  segments: readonly Unit[][];
  indexOf: Map<string, number>;
  total: number;
  vsInsert: (eventsPerSecond: number) => string;
  eventsPerSecond?: number;
  share?: string;
  work?: LagWork;
}): Promise<{ json: LagJson; lines: Line[] }> {
  const { key, segments, eventsPerSecond, share } = options;
  const lag = await lagPass(options.uri, segments as Unit[][], options.indexOf, options.total, eventsPerSecond, options.work);
  lag.segments.forEach((seg, i) =>
    log(
      `${key} segment ${i + 1}/${REPS}: appends ${fmt(seg.eventsPerSecond)} events/s; lag p50 ${fmt(seg.p50Ms, 1)} ms, p99 ${fmt(seg.p99Ms, 1)} ms, ` +
        `max ${fmt(seg.maxMs, 1)} ms; ${seg.behindAtEndEvents} events behind when the writers finished, caught up ${fmt(seg.catchUpMs, 1)} ms later ` +
        `(${seg.batches} runner batches; ${cpuText(seg.cpu)})`,
    ),
  );
  const json = summarise(lag, segments, eventsPerSecond);
  log(`  whole pass: ${fmt(json.appendWholePassEventsPerS)} events/s; ${cpuByRoleText(lag.cpu)}`);
  // The goals are the product's: not for a pass with less work (lagbound).
  const goals = share === HALF_RATE.share && !options.work;
  const at = share ? ` at ${share} rate` : '';
  const lines: Line[] = [
    [options.label, `${rate(json.appendEventsPerS)} events/s`, spread(json.appendEventsPerS), options.vsInsert(json.appendEventsPerS.median)],
    [`  subscriber lag p50${at} (runner committed − append returned)`, `${fmt(json.p50Ms.median, 1)} ms`, spread(json.p50Ms, 1), ''],
    [`  subscriber lag p99${at}`, `${fmt(json.p99Ms.median, 1)} ms`, spread(json.p99Ms, 1), goals ? `target < ${TARGET_LAG_P99_MS} ms` : ''],
    [
      '  subscriber behind when writers finished',
      `${fmt(json.behindAtEndEvents.median)} events`,
      spread(json.behindAtEndEvents),
      `caught up ${fmt(json.catchUpMs.median)} ms later${goals ? ` (target < ${TARGET_CATCH_UP_MS} ms)` : ''}`,
    ],
    ['  CPU over the pass, % of one core', cpuByRoleText(lag.cpu), '', `machine ${fmt(lag.cpu.machinePct)} % busy`],
  ];
  return { json, lines };
}

/** The pace of issue 20's lag goals (phase `halfrate`): half the maximum append rate. */
export const HALF_RATE = { share: '½', fraction: 1 / 2 } as const;

/** The paces below half (phase `lowrates`): where the lag goals hold on this machine, for the report. */
export const LOW_RATES = [
  { share: '¼', fraction: 1 / 4 },
  { share: '⅛', fraction: 1 / 8 },
] as const;

const pctText = (value: number | null) => (value === null ? '?' : fmt(value));
/** `runner PG 52, writers PG 48, other PG 6, Node 61` (% of one core each). */
export const cpuByRoleText = (cpu: CpuByRole) =>
  `runner PG ${pctText(cpu.runnerPgPct)}, writers PG ${pctText(cpu.writersPgPct)}, other PG ${pctText(cpu.otherPgPct)}, Node ${fmt(cpu.nodePct)}`;

/** The search tables the bench's events write (its dataset holds years, videos and articles only). */
const BENCH_SEARCH_TABLES = ['search_years', 'search_videos', 'search_articles'] as const;

/**
 * The phase `lagbound`: the ½-rate pass again with less work for the runner than the product's, to show what bounds
 * the lag goals (docs/benchmarks.md). Not ways to run the product: each leaves out something it needs.
 * - the search tables written without their upkeep: no trigram or full-text index, no tsvector, no vocabulary
 *   (the names are schema.ts's deferredIndexStatements and deferredWordsDdl; a renamed one fails the phase);
 * - no search projections at all;
 * - one read model (years).
 */
export const LAG_BOUND_WORK: ReadonlyArray<{ key: string; label: string; work: LagWork }> = [
  {
    key: 'searchUnindexed',
    label: 'the search tables without their indexes, tsvector and vocabulary',
    work: {
      ddl: BENCH_SEARCH_TABLES.map(
        (table) => `DROP INDEX rm.${table}_body_trgm; DROP INDEX rm.${table}_tsv; ALTER TABLE rm.${table} DROP COLUMN tsv;
          DROP TRIGGER ${table}_words_inserted ON rm.${table}; DROP TRIGGER ${table}_words_updated ON rm.${table};`,
      ).join('\n'),
    },
  },
  { key: 'noSearch', label: 'no search projections', work: { projections: allProjections.filter((p) => !p.name.startsWith('search_')) } },
  { key: 'oneReadModel', label: 'one read model (years)', work: { projections: allProjections.filter((p) => p.name === 'years') } },
];
