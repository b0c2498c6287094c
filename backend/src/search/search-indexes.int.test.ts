import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { GIN_PENDING_LIST_KB, createReadModelSchema, searchMigrations } from '@mello/projections';
import { createTestDatabase } from '../../test/database';
import { migrate } from '../db/migrate';

/**
 * The search's indexes as a read-model schema gets them (schema.ts, deferredIndexStatements: the same statements
 * for a new live schema and after a rebuild's load). Searches read a GIN index's pending list row by row: the
 * projections merge it after each batch (search-pending-list.int.test.ts), and its limit only bounds one batch's
 * rows (GIN_PENDING_LIST_KB); and the vocabulary's trigram index must be one that answers
 * "close enough" (`%`) from its postings (GIN), not by ordering every word by distance (GiST).
 */
describe('the search indexes of a read-model schema', () => {
  it('are GIN with the pending-list limit of search/gin-pending-list.ts, the vocabulary’s trigram index included', async () => {
    const database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.uri });
    try {
      await migrate(database.uri, searchMigrations);
      await createReadModelSchema(database.uri, 'rm');
      await client.connect();
      const { rows } = await client.query<{ index: string; method: string; options: string[] | null }>(`
        SELECT i.relname AS index, am.amname AS method, i.reloptions AS options
          FROM pg_index x
          JOIN pg_class i ON i.oid = x.indexrelid
          JOIN pg_class t ON t.oid = x.indrelid
          JOIN pg_namespace n ON n.oid = t.relnamespace
          JOIN pg_am am ON am.oid = i.relam
         WHERE n.nspname = 'rm' AND (t.relname LIKE 'search\\_%' OR t.relname = 'forum_posts') AND (i.relname LIKE '%\\_trgm' OR i.relname LIKE '%\\_tsv')
         ORDER BY i.relname`);
      // Two per search table (trigrams on body, full text on tsv) and the vocabulary's trigrams.
      expect(rows.map((row) => row.index)).toContain('search_words_trgm');
      expect(rows).toHaveLength(7 * 2 + 1);
      for (const row of rows) expect(row, row.index).toMatchObject({ method: 'gin', options: [`gin_pending_list_limit=${GIN_PENDING_LIST_KB}`] });
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
