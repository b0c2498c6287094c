import { createDatabasePool } from '../../db/pool';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/database';
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
