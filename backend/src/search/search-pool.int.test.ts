import { sql } from 'slonik';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createDatabasePool } from '../db/pool';
import { createTestDatabase } from '../../test/database';
import { FUZZY_THRESHOLD } from '@mello/projections';
import { createSearchPool, searchPoolUri } from './postgres-search-engine';

describe('the PostgreSQL search pool', () => {
  it('adds enable_seqscan=off and the trigram threshold to the session options, keeping any given', () => {
    const mine = `-c enable_seqscan=off -c pg_trgm.similarity_threshold=${FUZZY_THRESHOLD}`;
    expect(new URL(searchPoolUri('postgres://u:p@db:5432/mello')).searchParams.get('options')).toBe(mine);
    const kept = new URL(searchPoolUri('postgres://u:p@db:5432/mello?sslmode=require&options=-c%20statement_timeout%3D5000'));
    expect(kept.searchParams.get('options')).toBe(`-c statement_timeout=5000 ${mine}`);
    expect(kept.searchParams.get('sslmode')).toBe('require');
    expect(kept.pathname).toBe('/mello');
  });

  it('opens sessions that plan without sequential scans and whose % means FUZZY_THRESHOLD (searchJson relies on both), on the same database', async () => {
    const database = await createTestDatabase();
    const pool = await createDatabasePool(searchPoolUri(database.uri), { maximumPoolSize: 2 });
    try {
      const row = await pool.one(
        sql.type(z.object({ seqscan: z.string(), threshold: z.number(), db: z.string() }))`
          SELECT current_setting('enable_seqscan') AS seqscan, current_setting('pg_trgm.similarity_threshold')::float8 AS threshold, current_database() AS db`,
      );
      expect(row).toEqual({ seqscan: 'off', threshold: FUZZY_THRESHOLD, db: new URL(database.uri).pathname.slice(1) });
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  it('keeps its statements prepared on each connection (createSearchPool), with the same session settings', async () => {
    const database = await createTestDatabase();
    const pool = await createSearchPool(database.uri, { maximumPoolSize: 1 });
    try {
      const twice = (n: number) => pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT ${n}::int * 2 AS n`);
      expect([await twice(1), await twice(2), await twice(3)]).toEqual([2, 4, 6]);
      const prepared = await pool.any(
        sql.type(z.object({ statement: z.string(), runs: z.number(), seqscan: z.string() }))`
          SELECT statement, (generic_plans + custom_plans)::int AS runs, current_setting('enable_seqscan') AS seqscan FROM pg_prepared_statements`,
      );
      expect(prepared).toEqual([{ statement: 'SELECT $1::int * 2 AS n', runs: 3, seqscan: 'off' }]);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
