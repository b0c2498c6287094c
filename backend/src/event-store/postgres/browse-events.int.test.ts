import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/database';
import type { LogPosition } from '../port';
import { browseEvents, type EventLogFilter } from './browse-events';
import { LOG_VACUUM_INSERT_THRESHOLD, eventStoreMigrations } from './schema';

/**
 * The event browser's time filter on a log of 12,000 events a minute apart, written 200 to a transaction, plus a few
 * written last by a "long" transaction that began early: recorded_at is a transaction's start, so those sort at the
 * log's end but belong to a range far back in it.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: DatabasePool;
const T0 = Date.parse('2025-01-01T00:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const none: EventLogFilter = { stream: null, type: null, userId: null, from: null, to: null, before: null, limit: 50 };

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.uri, eventStoreMigrations);
  pool = await createDatabasePool(database.uri, { maximumPoolSize: 2 });
  /** Events `first`..`last` in one transaction, year-<i> recorded at minute i (plus `offset`). */
  const insert = (first: number, last: number, offset = '0 seconds') => sql.unsafe`
    INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata, recorded_at)
    SELECT 'year-' || i, 0, gen_random_uuid(), 'YearCreated', '{}'::jsonb, '{"actor":{"type":"system"}}'::jsonb,
           ${new Date(T0).toISOString()}::timestamptz + i * interval '1 minute' + ${offset}::interval
      FROM generate_series(${first}::int, ${last}::int) AS i`;
  for (let first = 0; first < 12_000; first += 200) await pool.query(insert(first, first + 199));
  // The late ones, year-20000..20004: recorded at minutes 150.5 to 154.5, committed after everything else.
  await pool.query(insert(20_000, 20_004, '-19850 minutes 30 seconds'));
  await pool.query(sql.unsafe`VACUUM ANALYZE es.events`);
  // The browser answers only events below the readable horizon, which is the whole cluster's: while another test
  // file's transaction is open (files run side by side on one PostgreSQL), the late ones are not readable yet.
  const readable = sql.type(z.object({ ok: z.boolean() }))`
    SELECT max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()) AS ok FROM es.events`;
  for (const deadline = Date.now() + 60_000; !(await pool.oneFirst(readable));) {
    if (Date.now() > deadline) throw new Error('the late events never became readable (a transaction left open?)');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

/** Every page of a filter, following `before` as the client does. */
async function allPages(filter: EventLogFilter) {
  const seen: string[] = [];
  for (let before: LogPosition | null = null, n = 0; n < 1000; n += 1) {
    const page = await browseEvents(pool, { ...filter, before });
    seen.push(...page.map((event) => event.streamName));
    if (page.length < filter.limit) return seen;
    before = page[page.length - 1]!.position;
  }
  throw new Error('paging did not end');
}

describe('browsing a time range', () => {
  it('pages a range far back in the log with neither gaps nor repeats, events committed late in it included', async () => {
    const filter = { ...none, from: at(100), to: at(400), limit: 7 };
    const expected = await pool.anyFirst(sql.unsafe`
      SELECT stream_name FROM es.events WHERE recorded_at >= ${filter.from}::timestamptz AND recorded_at < ${filter.to}::timestamptz
       ORDER BY transaction_id DESC, global_position DESC`);
    const seen = await allPages(filter);
    expect(expected).toHaveLength(305);
    expect(seen).toEqual(expected);
    // The late ones come first: newest in the log, though recorded early.
    expect(seen.slice(0, 5)).toEqual(['year-20004', 'year-20003', 'year-20002', 'year-20001', 'year-20000']);
    // Only `to`, and only `from`, far back: the same.
    const upTo = await allPages({ ...none, to: at(120), limit: 13 });
    expect(upTo).toEqual(Array.from({ length: 120 }, (_, i) => `year-${119 - i}`));
    const from = await allPages({ ...none, from: at(11_990), limit: 3 });
    expect(from).toEqual(Array.from({ length: 10 }, (_, i) => `year-${11_999 - i}`));
    expect(await browseEvents(pool, { ...none, from: at(20_000) })).toEqual([]);
  });

  it('reads about a page of rows for a range far back in the log, not every newer event', async () => {
    const filter = { ...none, from: at(1000), to: at(7000) };
    const sent: Array<{ sql: string; values: readonly unknown[] }> = [];
    const recording = new Proxy(pool, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function' || !['any', 'one', 'oneFirst'].includes(String(key))) return value;
        return (query: { sql: string; values: readonly unknown[] }) => {
          sent.push({ sql: query.sql.replace(/\$slonik_(\d+)/g, '$$$1'), values: query.values });
          return (value as (q: unknown) => unknown).call(target, query);
        };
      },
    });
    const page = await browseEvents(recording, filter);
    expect(page.map((event) => event.streamName)).toEqual(Array.from({ length: 50 }, (_, i) => `year-${6999 - i}`));
    // The page's own statement (the last): the heap rows its scan of es.events read, kept or filtered out.
    const client = new pg.Client({ connectionString: database.uri });
    await client.connect();
    try {
      const last = sent.at(-1)!;
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${last.sql}`, last.values as unknown[]);
      const read = rowsRead(rows[0]!['QUERY PLAN'][0]!.Plan);
      // 5,000 newer events lie between the range (6,000 events) and the log's end: walking them is what the span avoids.
      expect(read).toBeGreaterThanOrEqual(50);
      expect(read).toBeLessThan(100);
    } finally {
      await client.end();
    }
  });
});

describe("the log's visibility map, which makes a range's pass index-only", () => {
  it('is kept by autovacuum after a fixed count of appended events, not a share of the log (es-005)', async () => {
    const options = await pool.oneFirst(
      sql.type(z.object({ reloptions: z.array(z.string()) }))`SELECT reloptions FROM pg_class WHERE oid = 'es.events'::regclass`,
    );
    // The default (20 % of the log's rows) lets the unmarked tail grow with the log.
    expect(options).toEqual(
      expect.arrayContaining([`autovacuum_vacuum_insert_threshold=${LOG_VACUUM_INSERT_THRESHOLD}`, 'autovacuum_vacuum_insert_scale_factor=0']),
    );
  });
});

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
const rowsRead = (node: PlanNode): number =>
  (node['Relation Name'] === 'events' ? (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
