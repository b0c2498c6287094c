import { sql } from 'slonik';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createDatabasePool } from '../db/pool';
import { createTestDatabase } from '../../test/database';
import { searchPoolUri } from './postgres-search-engine';

describe('the PostgreSQL search pool', () => {
  it('adds enable_seqscan=off to the session options, keeping any given', () => {
    expect(new URL(searchPoolUri('postgres://u:p@db:5432/mello')).searchParams.get('options')).toBe('-c enable_seqscan=off');
    const kept = new URL(searchPoolUri('postgres://u:p@db:5432/mello?sslmode=require&options=-c%20statement_timeout%3D5000'));
    expect(kept.searchParams.get('options')).toBe('-c statement_timeout=5000 -c enable_seqscan=off');
    expect(kept.searchParams.get('sslmode')).toBe('require');
    expect(kept.pathname).toBe('/mello');
  });

  it('opens sessions that plan without sequential scans (searchJson relies on it), on the same database', async () => {
    const database = await createTestDatabase();
    const pool = await createDatabasePool(searchPoolUri(database.uri), { maximumPoolSize: 2 });
    try {
      const row = await pool.one(
        sql.type(z.object({ seqscan: z.string(), db: z.string() }))`SELECT current_setting('enable_seqscan') AS seqscan, current_database() AS db`,
      );
      expect(row).toEqual({ seqscan: 'off', db: new URL(database.uri).pathname.slice(1) });
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
