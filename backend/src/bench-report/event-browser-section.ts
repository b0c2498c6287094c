/** The event browser bench's report section (backend/bench/event-browser-bench.ts, its BENCH_JSON line). */
import { LOG_VACUUM_INSERT_THRESHOLD } from '../event-store/postgres/schema';
import { fmt, fmtRatio, type Section, type Table } from './markdown';
import type { RunInfo } from './sections';
import { ratio } from './stats';

type Latency = { p50: number; p95: number; p99: number };

export type EventBrowserJson = {
  events: number;
  rounds: number;
  queries: Array<{ name: string } & Latency>;
  baseline: Latency;
  plans: Record<string, string>;
  /** Seconds waited for autovacuum to be done with the loaded log before measuring; null: it was not, in time. */
  autovacuumWaitS?: number | null;
  targetP95Ms: number;
  met: boolean;
};

export function eventBrowserSection(json: EventBrowserJson, run: RunInfo): Section {
  const ms = (value: number | undefined) => fmt(value, 2);
  const table: Table = {
    header: ['page of GET /api/admin/events (50 events)', 'p50 ms', 'p95 ms', 'p99 ms', 'p50 ratio to baseline', 'plan'],
    rows: [
      ...json.queries.map((q) => [q.name, ms(q.p50), ms(q.p95), ms(q.p99), fmtRatio(ratio(q.p50, json.baseline.p50), 1), `\`${json.plans[q.name] ?? ''}\``]),
      ['baseline: `SELECT` of one event by primary key', ms(json.baseline.p50), ms(json.baseline.p95), ms(json.baseline.p99), '1.0×', ''],
    ],
    align: ['left', 'right', 'right', 'right', 'right', 'left'],
  };
  return {
    title: 'Event browser',
    command: run.command,
    method:
      `the admin's event-log query (browseEvents) on ${fmt(json.events)} events, each filter ${json.rounds} times, interleaved with a ` +
      'primary-key `SELECT` on the same pool (the baseline). ' +
      (json.autovacuumWaitS === undefined
        ? ''
        : json.autovacuumWaitS === null
          ? 'Autovacuum had not vacuumed the loaded log within 3 min: measured with its visibility map unset.'
          : `Measured once autovacuum was done with the loaded log (after ${fmt(json.autovacuumWaitS, 0)} s), as it keeps a live one (es-005).`),
    loadBefore: run.loadBefore,
    seconds: run.seconds,
    tables: [table],
    targets: [{ text: `every filter's page p95 < ${json.targetP95Ms} ms (worst p95 ${ms(Math.max(...json.queries.map((q) => q.p95)))} ms)`, met: json.met }],
    notes: [
      'A time range is first turned into the span of transaction ids its events have (one index-only pass over its entries of ' +
        'events_by_recorded_at, then a walk of the log bounded by it: the plans show both); so a range costs in proportion to the ' +
        'events in it (index entries only), no longer to the events after it. Skipped when the range reaches both ends of the log. ' +
        'The pass is index-only on the pages the visibility map marks all-visible: autovacuum marks the log every ' +
        `${fmt(LOG_VACUUM_INSERT_THRESHOLD)} appended events (es-005), and right after a bulk load, before it has, each entry fetches its heap page.`,
    ],
  };
}
