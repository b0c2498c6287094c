import { LIVE_SCHEMA, liveReadModelsAreCurrent } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabasePool } from '../db/pool';
import { createTestDatabase } from '../../test/database';
import { appendGeneratedPosts } from '../../test/forum-fixtures';
import { startTestBackend } from '../../test/harness';

/**
 * A stop (SIGTERM, Ctrl-C) while the start-up builds outdated read models from the log: from a large log that takes
 * minutes, longer than a shutdown may, so the build is cancelled rather than finished first. Nothing half-built
 * stays, the run is recorded cancelled, and the next start builds them.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: DatabasePool;

beforeAll(async () => {
  database = await createTestDatabase();
  const backend = await startTestBackend({}, { database });
  await appendGeneratedPosts(backend.store, 300);
  await backend.runner.catchUp();
  await backend.close();
  pool = await createDatabasePool(database.uri);
  // Read models of another version: the next start builds them from the log.
  await pool.query(sql.unsafe`UPDATE ${sql.identifier([LIVE_SCHEMA, 'meta'])} SET value = 'an older version' WHERE key = 'version'`);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('a stop while the start-up builds the read models', () => {
  it('cancels the build, leaves nothing half-built, and the next start builds them', { timeout: 120_000 }, async () => {
    const stop = new AbortController();
    const lines: string[] = [];
    const log = (message: string) => {
      lines.push(message);
      if (message.startsWith('Read models missing or outdated')) stop.abort();
    };
    await expect(startTestBackend({}, { database, backend: { log, signal: stop.signal } })).rejects.toThrow();
    expect(lines).toContain('Read models missing or outdated: building them from the log');
    expect(lines.filter((line) => line.startsWith('Read models built'))).toEqual([]);

    const lastRun = await pool.oneFirst(sql.type(z.object({ result: z.string() }))`SELECT result FROM public.rebuild_runs ORDER BY started_at DESC LIMIT 1`);
    expect(lastRun).toBe('cancelled');
    const halfBuilt = await pool.anyFirst(sql.type(z.object({ nspname: z.string() }))`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rm\\_next%'`);
    expect(halfBuilt).toEqual([]);

    const next = await startTestBackend({}, { database });
    await next.close();
    expect(await liveReadModelsAreCurrent(pool)).toBe(true);
    const posts = await pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${sql.identifier([LIVE_SCHEMA, 'forum_posts'])}`);
    expect(posts).toBe(300);
  });
});
