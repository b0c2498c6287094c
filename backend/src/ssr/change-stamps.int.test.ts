import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { LIVE_SCHEMA, ReadModelProgress, SWAPPED, progressPayload } from '@mello/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../db/pool';
import { createTestDatabase } from '../../test/database';

/**
 * The read models' change stamps the page cache keeps pages by (ReadModelProgress.changeStamp): each announced
 * batch (NOTIFY rm_progress from the projections runner, whichever process runs it) names the projections it
 * wrote to, and only their stamps move; an announcement that names none, a rebuild's swap, or a lost connection
 * moves every stamp; a rebuild's own batches move none. Real PostgreSQL LISTEN/NOTIFY.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: DatabasePool;
let progress: ReadModelProgress;
let notifier: pg.Client;
let position = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = await createDatabasePool(database.uri);
  notifier = new pg.Client({ connectionString: database.uri });
  await notifier.connect();
  // The live checkpoints table (empty) with the columns the progress's reads name (schema.ts), so they work as on a
  // started site. (Without retrying_since each read failed; the progress took that as "not known", but CI once
  // reported one of those failed statements as the file's error.)
  await notifier.query(
    `CREATE SCHEMA ${LIVE_SCHEMA}; CREATE TABLE ${LIVE_SCHEMA}.checkpoints (projection text PRIMARY KEY, position text, last_error text, retrying_since timestamptz)`,
  );
  progress = new ReadModelProgress(pool, database.uri);
  await progress.start();
});
afterAll(async () => {
  await notifier?.end();
  await progress?.close();
  await pool?.end();
  await database?.drop();
});

const nextPosition = () => String((position += 1)).padStart(20, '0');
const stamps = () => ({ archive: progress.changeStamp(['years', 'entries']), forum: progress.changeStamp(['forum']) });

/** Sends an announcement and waits until this process has taken it in (the position it carries, or the stamp). */
async function announce(payload: string, settled: () => boolean) {
  await notifier.query('SELECT pg_notify($1, $2)', ['rm_progress', payload]);
  await expect.poll(settled, { timeout: 5000, interval: 20 }).toBe(true);
}

describe('read-model change stamps', () => {
  it('moves only the stamps of the projections a batch names', async () => {
    const before = stamps();
    const at = nextPosition();
    await announce(progressPayload(LIVE_SCHEMA, at, ['forum']), () => progress.position === at);
    expect(stamps().archive).toBe(before.archive);
    expect(stamps().forum).not.toBe(before.forum);

    const forumOnly = stamps();
    const next = nextPosition();
    await announce(progressPayload(LIVE_SCHEMA, next, ['years']), () => progress.position === next);
    expect(stamps().archive).not.toBe(forumOnly.archive);
    expect(stamps().forum).toBe(forumOnly.forum);
  });

  it('moves every stamp for an announcement that names nothing (an older runner) and for a rebuild swapped in', async () => {
    const before = stamps();
    const at = nextPosition();
    await announce(`${LIVE_SCHEMA} ${at}`, () => progress.position === at);
    expect(stamps().archive).not.toBe(before.archive);
    expect(stamps().forum).not.toBe(before.forum);

    const beforeSwap = stamps();
    await announce(`rm_build_1 ${SWAPPED}`, () => stamps().archive !== beforeSwap.archive);
    expect(stamps().forum).not.toBe(beforeSwap.forum);
  });

  it("moves none for a rebuild's own batches (they write beside the live read models)", async () => {
    const before = stamps();
    await notifier.query('SELECT pg_notify($1, $2)', ['rm_progress', progressPayload('rm_build_2', nextPosition(), ['years', 'forum'])]);
    // A later live announcement, once taken in, proves the rebuild's was taken in before it (one connection, in order).
    const at = nextPosition();
    await announce(progressPayload(LIVE_SCHEMA, at, ['sources']), () => progress.position === at);
    expect(stamps()).toEqual(before);
  });
});
