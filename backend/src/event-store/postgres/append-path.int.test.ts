import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabasePool, type DatabasePool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/database';
import { WrongExpectedRevisionError, type NewEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { eventStoreMigrations } from './schema';
import { systemMetadata } from '../../../test/event-metadata';

const metadata = systemMetadata;
const newEvent = (type: string, data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata() });

describe('PostgreSQL store: the append path', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: DatabasePool;
  let store: PostgresEventStore;

  beforeEach(async () => {
    database = await createTestDatabase();
    pool = await createDatabasePool(database.uri, { maximumPoolSize: 2 });
    store = new PostgresEventStore(pool, database.uri);
  });
  afterEach(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('goes on from the revisions of streams written before es-004 (which kept them in es.streams)', async () => {
    const before = eventStoreMigrations.filter((m) => m.id !== 'es-004-lighter-append');
    expect(before.length).toBe(eventStoreMigrations.length - 1);
    await migrate(database.uri, before);
    await store.appendToStream('year-old', [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
    const resent = newEvent('C');
    await store.appendToStream('year-old', [resent], { expectedRevision: 1 });

    await migrate(database.uri, eventStoreMigrations);
    await expect(store.appendToStream('year-old', [newEvent('D')], { expectedRevision: 1 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.appendToStream('year-old', [newEvent('D')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    // A retry of an append made before the migration still answers as that append did.
    expect((await store.appendToStream('year-old', [resent], { expectedRevision: 1 })).nextExpectedRevision).toBe(2);
    expect((await store.appendToStream('year-old', [newEvent('D')], { expectedRevision: 2 })).nextExpectedRevision).toBe(3);
    expect((await store.readStream('year-old')).map((e) => [e.type, e.streamRevision])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
      ['D', 3],
    ]);
  });

  it("wakes another process's listeners after an append and after a batch, though es.append no longer notifies", async () => {
    await migrate(database.uri, eventStoreMigrations);
    const otherPool = await createDatabasePool(database.uri, { maximumPoolSize: 1 });
    const other = new PostgresEventStore(otherPool, database.uri);
    try {
      let woken = 0;
      other.onAppended(() => {
        woken += 1;
      });
      // The listener's connection announces itself once it is up (one wake-up): wait for that first.
      await expect.poll(() => woken, { timeout: 10_000 }).toBeGreaterThan(0);
      const before = woken;
      await store.appendToStream('wake-1', [newEvent('A')], { expectedRevision: 'no_stream' });
      await expect.poll(() => woken, { timeout: 10_000 }).toBeGreaterThan(before);
      const afterAppend = woken;
      await store.appendToNewStreams([{ streamName: 'wake-2', events: [newEvent('B')] }]);
      await expect.poll(() => woken, { timeout: 10_000 }).toBeGreaterThan(afterAppend);
    } finally {
      await other.close();
      await otherPool.end();
    }
  });

  it('leaves nothing of a batch whose connection is killed in the middle of it, and appends all of it on a retry', async () => {
    await migrate(database.uri, eventStoreMigrations);
    const batch = ['batch-1', 'batch-2', 'batch-3'].map((streamName) => ({ streamName, events: [newEvent('A'), newEvent('B')] }));
    // Another session holds the last stream's lock: the batch's one statement has appended the first two streams
    // and waits there, inside its transaction, when its connection is killed.
    const holder = new pg.Client({ connectionString: database.uri });
    const killer = new pg.Client({ connectionString: database.uri });
    await holder.connect();
    await killer.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', ['batch-3']);
      const appending = store.appendToNewStreams(batch).then(
        () => 'acknowledged',
        () => 'failed',
      );
      for (;;) {
        const { rows } = await killer.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%es.append%'`,
        );
        if (rows[0]) {
          await killer.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await appending).toBe('failed');
      await holder.query('COMMIT');

      const { rows: stored } = await killer.query<{ n: string }>('SELECT count(*) AS n FROM es.events');
      expect(Number(stored[0]!.n)).toBe(0);
      expect(await store.appendToNewStreams(batch)).toMatchObject({ appended: 6 });
      await store.untilReadable(15_000);
      const log = await store.readAll({ after: null, maxCount: 100 });
      expect(log.map((e) => `${e.streamName}/${e.streamRevision}`)).toEqual(['batch-1/0', 'batch-1/1', 'batch-2/0', 'batch-2/1', 'batch-3/0', 'batch-3/1']);
    } finally {
      await holder.end().catch(() => undefined);
      await killer.end().catch(() => undefined);
    }
  });
});
