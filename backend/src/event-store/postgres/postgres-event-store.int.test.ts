import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabasePool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/database';
import { systemMetadata } from '../../../test/event-metadata';
import { describeEventStoreContract } from '../event-store.contract';
import { PostgresEventStore } from './postgres-event-store';
import { eventStoreMigrations } from './schema';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const pool = await createDatabasePool(database.uri);
  await migrate(database.uri, eventStoreMigrations);
  const pools = [pool];
  const stores: PostgresEventStore[] = [];
  const open = async () => {
    const another = await createDatabasePool(database.uri, { maximumPoolSize: 2 });
    pools.push(another);
    const store = new PostgresEventStore(another, database.uri);
    stores.push(store);
    return store;
  };
  const store = new PostgresEventStore(pool, database.uri);
  stores.push(store);
  return {
    store,
    openAnother: open,
    cleanup: async () => {
      await Promise.all(stores.map((s) => s.close()));
      await Promise.all(pools.map((p) => p.end()));
      await database.drop();
    },
  };
});

describe('PostgreSQL store: untilReadable', () => {
  it('waits while an older transaction is open (the event is held back), and resolves once it ends', async () => {
    const database = await createTestDatabase();
    const pool = await createDatabasePool(database.uri);
    const store = new PostgresEventStore(pool, database.uri);
    const older = new pg.Client({ connectionString: database.uri });
    try {
      await migrate(database.uri, eventStoreMigrations);
      await older.connect();
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()'); // takes a transaction id: later ones sort after it
      const metadata = systemMetadata();
      await store.appendToStream('held-1', [{ id: randomUUID(), type: 'Held', data: {}, metadata }], { expectedRevision: 'no_stream' });
      expect(await store.readAll({ after: null, maxCount: 10 })).toEqual([]);

      const started = Date.now();
      await store.untilReadable(300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(await store.readAll({ after: null, maxCount: 10 })).toEqual([]);

      let resolved = false;
      const waiting = store.untilReadable(15_000).then(() => {
        resolved = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(resolved).toBe(false);
      await older.query('COMMIT');
      await waiting;
      expect((await store.readAll({ after: null, maxCount: 10 })).map((event) => event.type)).toEqual(['Held']);
    } finally {
      await older.end().catch(() => undefined);
      await store.close();
      await pool.end();
      await database.drop();
    }
  });
});
