import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool, type DatabasePool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/database';
import type { LogPosition, RecordedEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { eventStoreMigrations } from './schema';
import { STREAM_APPLICATION_NAME } from './stream-all';
import { systemMetadata } from '../../../test/event-metadata';

/**
 * streamAll, the rebuild's one-pass read: every event readable when it starts, once, in log order, across batch
 * boundaries, equal to what readAll answers (so a rebuild sees what the live runner sees); events appended while
 * it reads are left to readAll from the last streamed position; a connection killed mid-stream fails the read
 * with an error (no hang, no crash) and the next stream reads everything.
 */
const metadata = systemMetadata;
const newEvent = (n: number) => ({ id: randomUUID(), type: 'Counted', data: { n, text: `händelse ${n} med "citat" och \\ och \t` }, metadata: metadata() });

describe('PostgreSQL store: streamAll', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: DatabasePool;
  let store: PostgresEventStore;
  let appended = 0;
  /**
   * Appends `count` events in appends of 1 to 4 events over a few streams (so transactions hold several), then waits
   * until they are readable: the readable horizon is the whole server's, and another test file's open transaction
   * may hold them back a while (CI saw readAll answer none of 23 just appended).
   */
  const append = async (count: number) => {
    for (let left = count; left > 0;) {
      const size = Math.min(left, 1 + (appended % 4));
      const events = Array.from({ length: size }, (_, i) => newEvent(appended + i));
      await store.appendToStream(`counted-${appended % 5}`, events, { expectedRevision: 'any' });
      appended += size;
      left -= size;
    }
    await store.untilReadable(60_000);
  };
  const streamed = async (after: LogPosition | null, batchSize: number) => {
    const batches: RecordedEvent[][] = [];
    for await (const batch of store.streamAll({ after, batchSize })) batches.push(batch);
    return batches;
  };
  const readAllOf = (after: LogPosition | null) => store.readAll({ after, maxCount: 100_000 });

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.uri, eventStoreMigrations);
    pool = await createDatabasePool(database.uri, { maximumPoolSize: 3 });
    store = new PostgresEventStore(pool, database.uri);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await database?.drop();
  });

  it('ends at once on an empty log', async () => {
    expect(await streamed(null, 10)).toEqual([]);
  });

  it('reads every event once, in log order, equal to readAll, whatever the batch size', async () => {
    await append(23);
    const all = await readAllOf(null);
    expect(all).toHaveLength(23);
    for (const batchSize of [1, 5, 7, 23, 24, 1000]) {
      const batches = await streamed(null, batchSize);
      // Full batches, then the rest (no empty batch at the end).
      expect(batches.map((batch) => batch.length)).toEqual([
        ...Array.from({ length: Math.floor(23 / batchSize) }, () => batchSize),
        ...(23 % batchSize ? [23 % batchSize] : []),
      ]);
      expect(batches.flat()).toEqual(all);
    }
    // From a position in the middle (a batch boundary of 5 is not one of 7): exactly the events after it.
    expect((await streamed(all[9]!.position, 7)).flat()).toEqual(all.slice(10));
    expect(new Set(all.map((event) => event.id)).size).toBe(23);
  });

  it('stops at the horizon it started with: events appended meanwhile are read by readAll from the last streamed position', async () => {
    const before = await readAllOf(null);
    const iterator = store.streamAll({ after: null, batchSize: 4 })[Symbol.asyncIterator]();
    const seen: RecordedEvent[] = [];
    const first = await iterator.next();
    seen.push(...(first.value as RecordedEvent[]));
    await append(6); // committed while the stream is open
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) seen.push(...next.value);
    expect(seen).toEqual(before);
    const rest = await readAllOf(seen.at(-1)!.position);
    expect(rest).toHaveLength(6);
    expect([...seen, ...rest]).toEqual(await readAllOf(null));
  });

  it('fails with an error when its connection is killed mid-stream, and the next stream reads everything', async () => {
    const all = await readAllOf(null);
    const admin = new pg.Client({ connectionString: database.uri });
    await admin.connect();
    try {
      const seen: RecordedEvent[] = [];
      const reading = (async () => {
        for await (const batch of store.streamAll({ after: null, batchSize: 3 })) {
          seen.push(...batch);
          if (seen.length === 3) {
            const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
              STREAM_APPLICATION_NAME,
            ]);
            expect(rowCount).toBe(1);
          }
        }
      })();
      await expect(reading).rejects.toThrow();
      expect(seen.length).toBeLessThan(all.length);
      expect(seen).toEqual(all.slice(0, seen.length));
    } finally {
      await admin.end();
    }
    expect((await streamed(null, 3)).flat()).toEqual(all);
  });

  it('closes its connection when the reader stops early', async () => {
    for await (const batch of store.streamAll({ after: null, batchSize: 2 })) {
      expect(batch).toHaveLength(2);
      break;
    }
    const admin = new pg.Client({ connectionString: database.uri });
    await admin.connect();
    try {
      // The server may take a moment to see the connection end: wait for it (no time limit asserted).
      for (;;) {
        const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [
          STREAM_APPLICATION_NAME,
        ]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
  });
});
