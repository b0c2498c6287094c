import { randomUUID } from 'node:crypto';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/database';
import { systemMetadata } from '../../../test/event-metadata';
import type { RecordedEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { readAllQuery, withTypedReadPlan } from './read-all-query';
import { eventStoreMigrations } from './schema';

/**
 * readAll with `types` (a rebuild of one projection): the events of those types in log order, page after page, and
 * each page reads about its own rows rather than every remaining event of those types.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: DatabasePool;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.uri, eventStoreMigrations);
  pool = await createDatabasePool(database.uri);
  // The log's statistics stay those of a table just written to (the stale state the plan test below is about), not
  // whatever autoanalyze has found by the time it runs: with fresh ones and its costs, the planner walks the log order
  // and filters (47 rows for the page; a CI run on 2026-12-02 met that after an autoanalyze).
  await pool.query(sql.unsafe`ALTER TABLE es.events SET (autovacuum_enabled = false)`);
  store = new PostgresEventStore(pool, database.uri);
  const metadata = systemMetadata();
  // 40 appends (transactions) of 6 events each: most are Sung, one an append Voted, one every fourth append Hosted.
  const typeOf = (append: number, i: number) => (i === 0 && append % 4 === 0 ? 'Hosted' : i === 1 ? 'Voted' : 'Sung');
  for (let append = 0; append < 40; append += 1) {
    const events = Array.from({ length: 6 }, (_, i) => ({ id: randomUUID(), type: typeOf(append, i), data: { append, i }, metadata }));
    await store.appendToStream(`stream-${append % 7}`, events, { expectedRevision: 'any' });
  }
  // Readable once every transaction begun before has ended, on the whole server: other test files' included.
  await store.untilReadable(60_000);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

async function readPaged(types: string[], maxCount: number): Promise<RecordedEvent[]> {
  const read: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: read.at(-1)?.position ?? null, maxCount, types });
    if (page.length === 0) return read;
    expect(page.length).toBeLessThanOrEqual(maxCount);
    read.push(...page);
  }
}

describe('PostgreSQL store: readAll of some types', () => {
  it('answers every event of those types once, in log order, page after page', async () => {
    const all = await store.readAll({ after: null, maxCount: 1000 });
    expect(all).toHaveLength(240);
    for (const types of [['Sung'], ['Sung', 'Hosted'], ['Hosted', 'Voted', 'Sung', 'Voted']]) {
      const wanted = all.filter((event) => types.includes(event.type));
      for (const maxCount of [1, 7, 1000]) expect(await readPaged(types, maxCount), `${types} by ${maxCount}`).toEqual(wanted);
    }
    expect(await store.readAll({ after: null, maxCount: 10, types: [] })).toEqual([]);
    expect(await store.readAll({ after: null, maxCount: 10, types: ['Unknown'] })).toEqual([]);
  });

  it('reads about one page of rows for a page, not every remaining event of those types', async () => {
    // Costs that make the planner prefer fetching every matching event and sorting them, as stale statistics do.
    // The two types are 50 of the 240 events: read in log order and filtered, a page of 10 would read ~50 rows.
    const plan = await withTypedReadPlan(pool, async (tx) => {
      await tx.query(sql.unsafe`SET LOCAL random_page_cost = 1000`);
      return tx.oneFirst(
        sql.type(
          z.object({ 'QUERY PLAN': z.any() }),
        )`EXPLAIN (ANALYZE, FORMAT JSON) ${readAllQuery({ after: null, maxCount: 10, types: ['Hosted', 'Voted'] })}`,
      );
    });
    // Every row the plan's scans of es.events read: those they produced and those their filters threw away.
    type Node = { 'Relation Name'?: string; 'Actual Rows': number; 'Rows Removed by Filter'?: number; Plans?: Node[] };
    const rowsRead = (node: Node): number =>
      (node['Relation Name'] === 'events' ? node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) : 0) +
      (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
    // The page's 10, and at most one more per type that the merge looked at.
    expect(rowsRead(plan[0].Plan)).toBeLessThanOrEqual(12);
  });
});
