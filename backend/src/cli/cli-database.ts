import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../app/database';
import { allMigrations, openEventStore } from '../app/infrastructure';
import { migrate } from '../db/migrate';
import { createDatabasePool, type DatabasePool } from '../db/pool';
import type { EventStore } from '../event-store/port';

export type CliDatabase = { database: DatabaseHandle; pool: DatabasePool; store: EventStore; close: () => Promise<void> };

/**
 * What a maintenance command (`npm run rebuild`, `npm run projections`) works on: the database (with the embedded
 * default, the server `npm start` runs on the data folder when it runs, else one started for the command and
 * stopped after), migrated, a pool without statement timeouts and the event store. A failure half-way closes what
 * was opened (the embedded server it started included).
 */
export async function openCliDatabase(config: Config, log: (message: string) => void): Promise<CliDatabase> {
  const database = await openDatabase(config, log, { shareRunning: true });
  let pool: DatabasePool | null = null;
  try {
    await migrate(database.uri, allMigrations);
    pool = await createDatabasePool(database.uri, { maximumPoolSize: 4 });
    const store = await openEventStore(config, pool, database.uri);
    const opened = pool;
    return {
      database,
      pool,
      store,
      close: async () => {
        await store.close().catch(() => undefined);
        await opened.end().catch(() => undefined);
        await database.stop();
      },
    };
  } catch (error) {
    await pool?.end().catch(() => undefined);
    await database.stop();
    throw error;
  }
}
