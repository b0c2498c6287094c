import { ReadModelProgress } from '@mello/projections';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../db/pool';
import { decodingEventStore } from '../event-store/decoding-event-store';
import type { EventStore } from '../event-store/port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { REBUILD_CHANNEL } from '../maintenance/rebuild-runs';
import { createTestDatabase } from '../../test/database';
import { driftLive } from './drift-live';
import type { LiveServer } from './forum-live';

/**
 * The Drift console's LISTEN connection at shutdown. close() once waited for that connection's loss and ended only
 * a connection already open: a process asked to stop while it was still opening one (a SIGTERM just after start;
 * graceful-shutdown.int.test.ts under CI's load) never stopped. Real PostgreSQL, a real Socket.IO server.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: DatabasePool;
let store: EventStore;
let progress: ReadModelProgress;
let admin: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = await createDatabasePool(database.uri);
  store = decodingEventStore(new PostgresEventStore(pool, database.uri));
  progress = new ReadModelProgress(pool, database.uri);
  admin = new pg.Client({ connectionString: database.uri });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await progress?.close();
  await store?.close();
  await pool?.end();
  await database?.drop();
});

/** The connections of this database that LISTEN on the rebuild channel. */
const listeners = async () =>
  Number(
    (
      await admin.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = $1`,
        [`LISTEN ${REBUILD_CHANNEL}`],
      )
    ).rows[0]!.n,
  );

const start = () => driftLive(new Server() as LiveServer, { pool, databaseUri: database.uri, store, progress, log: () => undefined });

/** close() settled, or 'still open' after a bound far above any connect (a hang shows as that, not as a test timeout). */
const closed = (close: () => Promise<void>) =>
  Promise.race([close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 15_000))]);

describe('the Drift console live layer at shutdown', () => {
  it('closes when asked while its LISTEN connection is still being opened, and leaves no connection behind', async () => {
    const drift = start();
    // Synchronously after the start: its connection is being opened, not yet LISTENing.
    expect(await closed(() => drift.close())).toBe('closed');
    expect(await listeners()).toBe(0);
  });

  it('closes its LISTEN connection once it is open', async () => {
    const drift = start();
    await expect.poll(listeners, { timeout: 10_000, interval: 20 }).toBe(1);
    expect(await closed(() => drift.close())).toBe('closed');
    await expect.poll(listeners, { timeout: 10_000, interval: 20 }).toBe(0);
  });
});
