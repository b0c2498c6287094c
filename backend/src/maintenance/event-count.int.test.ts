import { sql, type DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../db/pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations } from '../event-store/postgres/schema';
import { createTestDatabase } from '../../test/database';
import { eventCounter } from './event-count';

/** The rebuild's progress total: counted once, then only the events appended since, per set of types. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: DatabasePool;
const append = (type: string, count: number) =>
  pool.query(sql.unsafe`
    INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
    SELECT 'year-' || gen_random_uuid(), 0, gen_random_uuid(), ${type}, '{}'::jsonb, '{}'::jsonb FROM generate_series(1, ${count}::int)`);

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.uri, eventStoreMigrations);
  pool = await createDatabasePool(database.uri, { maximumPoolSize: 2 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('eventCounter', () => {
  it('counts the log, then adds the events appended since, for all types and for some', async () => {
    const count = eventCounter(pool, { eventStoreUrl: null });
    expect(await count()).toBe(0);
    await append('YearCreated', 30);
    await append('VideoCreated', 20);
    expect(await count()).toBe(50);
    expect(await count(['VideoCreated'])).toBe(20);
    await append('VideoCreated', 5);
    await append('ArticleCreated', 7);
    expect(await count()).toBe(62);
    expect(await count(['VideoCreated'])).toBe(25);
    expect(await count(['VideoCreated', 'ArticleCreated'])).toBe(32);
    expect(await count()).toBe(62);
    expect(await eventCounter(pool, { eventStoreUrl: 'esdb://localhost:2113' })()).toBeNull();
  });
});
