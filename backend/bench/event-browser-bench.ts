/**
 * Event browser benchmark (not a test): the admin's event-log query (GET /api/admin/events: browseEvents) on a log
 * of BENCH_EVENTS events (100k), first pages and deep pages under each filter, p50/p95 next to a primary-key
 * `SELECT` of one event on the same pool, interleaved, in the same run. Prints the plan of each statement a query
 * sends (one EXPLAIN (ANALYZE, BUFFERS) each) so an index that stops being used shows. Measured once autovacuum is
 * done with the loaded log (up to two of its one-minute naptimes), as it keeps a live one.
 *
 *   npm run bench:events                                  100k events, 200 rounds a query (~1 min)
 *   BENCH_EVENTS=20000 BENCH_ROUNDS=30 npm run bench:events   quick smoke run
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import pg from 'pg';
import { sql, type DatabasePool, type SerializableValue } from 'slonik';
import { z } from 'zod';
import { EventName } from '@mello/contracts';
import { createDatabasePool } from '../src/db/pool';
import { browseEvents, type EventLogFilter } from '../src/event-store/postgres/browse-events';
import { LOG_VACUUM_INSERT_THRESHOLD } from '../src/event-store/postgres/schema';
import type { LogPosition } from '../src/event-store/port';
import { startBenchDatabase } from './bench-database';
import { fmt, log, now, percentile } from './store/common';
import { generateDataset } from './store/dataset';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 200));
/** The target: a page of the browser under any filter answers as a page should (p95, milliseconds). */
const TARGET_P95_MS = 50;

type Figures = { p50: number; p95: number; p99: number };
const figures = (samples: number[]): Figures => {
  const sorted = Float64Array.from(samples).sort();
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

async function main() {
  const started = now();
  const database = await startBenchDatabase(log);
  try {
    const pool = await createDatabasePool(database.uri, { maximumPoolSize: 4 });
    const { units } = generateDataset(EVENTS);
    // Loaded with plain INSERTs, 2,000 events a transaction, recorded_at = occurredAt (20 s apart): the reads are
    // measured, not the appends (the store bench measures those).
    const rows = units.flatMap((unit) =>
      unit.events.map((event, i) => ({
        stream: unit.stream,
        revision: unit.firstRevision + i,
        id: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        at: event.metadata.occurredAt,
      })),
    );
    for (let i = 0; i < rows.length; i += 2000) {
      await pool.query(sql.unsafe`
        INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata, recorded_at)
        SELECT r.stream, r.revision, r.id, r.type, r.data, r.metadata, r.at
          FROM jsonb_to_recordset(${sql.jsonb(rows.slice(i, i + 2000) as unknown as SerializableValue)})
            AS r(stream text, revision bigint, id uuid, type text, data jsonb, metadata jsonb, at timestamptz)`);
    }
    await pool.query(sql.unsafe`ANALYZE es.events`);
    log(`loaded ${fmt(rows.length)} events`);
    const autovacuumWaitS = await untilAutovacuumIsDone(pool);
    log(
      autovacuumWaitS === null
        ? 'autovacuum had not vacuumed the log in time: measured unvacuumed'
        : `autovacuum done with the log after ${fmt(autovacuumWaitS, 1)} s`,
    );

    // Filters as an admin uses them: a busy stream, a rare and a common type, one editor, a week, and combinations.
    const streamSizes = new Map<string, number>();
    for (const row of rows) streamSizes.set(row.stream, (streamSizes.get(row.stream) ?? 0) + 1);
    const busiest = [...streamSizes].sort((a, b) => b[1] - a[1])[0]![0];
    const editor = rows.find((row) => row.metadata.actor.type === 'user')!.metadata.actor as { userId: string };
    const middle = rows[Math.floor(rows.length / 2)]!.at;
    const tenth = rows[Math.floor(rows.length / 10)]!.at;
    // The generated events are 20 s apart: six hours hold about 1,000 of them, a week about 30,000.
    const sixHoursLater = new Date(Date.parse(middle) + 6 * 3600_000).toISOString();
    const weekLater = new Date(Date.parse(middle) + 7 * 86_400_000).toISOString();
    const positions = await pool.anyFirst(sql.unsafe`
      SELECT transaction_id::text || '/' || global_position::text AS p FROM es.events ORDER BY transaction_id, global_position`);
    const [pxid, ppos] = String(positions[Math.floor(positions.length / 2)]).split('/');
    const deep = `${pxid!.padStart(20, '0')}/${ppos!.padStart(20, '0')}` as LogPosition;
    const none: EventLogFilter = { stream: null, type: null, userId: null, from: null, to: null, before: null, limit: 50 };
    const queries: Array<{ name: string; filter: EventLogFilter }> = [
      { name: 'first page, no filter', filter: none },
      { name: 'middle of the log, no filter', filter: { ...none, before: deep } },
      { name: `stream (${streamSizes.get(busiest)} events)`, filter: { ...none, stream: busiest } },
      { name: 'type YearCreated (rare)', filter: { ...none, type: EventName.YearCreated } },
      { name: 'type VideoUpdated, middle of the log', filter: { ...none, type: EventName.VideoUpdated, before: deep } },
      { name: 'type ArticleDeleted (none in the log)', filter: { ...none, type: EventName.ArticleDeleted } },
      { name: 'user', filter: { ...none, userId: editor.userId } },
      { name: 'six hours in the middle (narrow)', filter: { ...none, from: middle, to: sixHoursLater } },
      { name: 'one week in the middle (wide)', filter: { ...none, from: middle, to: weekLater } },
      { name: 'up to the middle (wide range)', filter: { ...none, to: middle } },
      { name: 'up to a tenth in (to far back)', filter: { ...none, to: tenth } },
      { name: 'from far back to now', filter: { ...none, from: '2000-01-01T00:00:00.000Z', to: new Date().toISOString() } },
      { name: 'from the middle on, middle page', filter: { ...none, from: middle, before: deep } },
      { name: 'user + type + week', filter: { ...none, userId: editor.userId, type: EventName.YearUpdated, from: middle, to: weekLater } },
    ];

    const client = new pg.Client({ connectionString: database.uri });
    await client.connect();
    const plans: Record<string, string> = {};
    for (const query of queries) {
      // The statements browseEvents sends for this filter, each explained with its values.
      const sent: Array<{ sql: string; values: readonly unknown[] }> = [];
      await browseEvents(recording(pool, sent), query.filter);
      const summary: string[] = [];
      const printed: string[] = [];
      for (const statement of sent) {
        const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY ON) ${statement.sql}`,
          statement.values as unknown[],
        );
        const lines = plan.map((line) => line['QUERY PLAN']);
        summary.push(
          lines
            .find((line) => /Scan/.test(line))
            ?.trim()
            .replace(/^->\s*/, '') ?? lines[0]!,
        );
        printed.push(...lines);
      }
      plans[query.name] = summary.join('; then ');
      log(`plan of ${query.name}:\n    ${printed.join('\n    ')}`);
    }
    await client.end();

    const samples = new Map<string, number[]>(queries.map((q) => [q.name, []]));
    const baseline: number[] = [];
    const pkCount = rows.length;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const query of queries) {
        const t0 = now();
        await browseEvents(pool, query.filter);
        samples.get(query.name)!.push(now() - t0);
        const t1 = now();
        await pool.maybeOne(sql.unsafe`SELECT * FROM es.events WHERE global_position = ${1 + Math.floor(Math.random() * pkCount)}`);
        baseline.push(now() - t1);
      }
    }
    const results = queries.map((q) => ({ name: q.name, ...figures(samples.get(q.name)!) }));
    const base = figures(baseline);
    const worstP95 = Math.max(...results.map((r) => r.p95));
    console.log(`\nEvent browser (${fmt(rows.length)} events, ${ROUNDS} rounds a query; ms)`);
    console.log('query'.padEnd(42), 'p50'.padStart(8), 'p95'.padStart(8), 'p99'.padStart(8), 'p50 ratio');
    for (const r of [...results, { name: 'baseline: SELECT by primary key', ...base }]) {
      console.log(r.name.padEnd(42), fmt(r.p50, 2).padStart(8), fmt(r.p95, 2).padStart(8), fmt(r.p99, 2).padStart(8), `${fmt(r.p50 / base.p50, 1)}×`);
    }
    console.log(
      'BENCH_JSON ' +
        JSON.stringify({
          events: rows.length,
          rounds: ROUNDS,
          queries: results,
          baseline: base,
          plans,
          autovacuumWaitS,
          targetP95Ms: TARGET_P95_MS,
          met: worstP95 < TARGET_P95_MS,
          seconds: Math.round((now() - started) / 1000),
        }),
    );
    await pool.end();
  } finally {
    await database.stop();
  }
}

/**
 * Waits until autovacuum has nothing left to do on the log (it has vacuumed it, and fewer than its threshold of events
 * were appended since): the state a live log is kept in (es-005), where a range's pass is index-only. Measured just
 * after the bulk load instead, every entry of the pass fetches its heap page. Seconds waited, or null after 3 min.
 */
async function untilAutovacuumIsDone(pool: DatabasePool): Promise<number | null> {
  const started = now();
  const state = sql.type(z.object({ done: z.boolean() }))`
    SELECT autovacuum_count > 0 AND n_ins_since_vacuum < ${LOG_VACUUM_INSERT_THRESHOLD}
           AND NOT EXISTS (SELECT 1 FROM pg_stat_progress_vacuum WHERE relid = 'es.events'::regclass) AS done
      FROM pg_stat_user_tables WHERE relid = 'es.events'::regclass`;
  while (!(await pool.oneFirst(state))) {
    if (now() - started > 180_000) return null;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return (now() - started) / 1000;
}

/** The pool, recording each statement sent through it (slonik's $slonik_N placeholders as pg's $N). */
function recording(pool: DatabasePool, into: Array<{ sql: string; values: readonly unknown[] }>): DatabasePool {
  return new Proxy(pool, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function' || !['any', 'one', 'oneFirst', 'query', 'maybeOne'].includes(String(key))) return value;
      return (query: { sql: string; values: readonly unknown[] }) => {
        into.push({ sql: query.sql.replace(/\$slonik_(\d+)/g, '$$$1'), values: query.values });
        return (value as (q: unknown) => unknown).call(target, query);
      };
    },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
