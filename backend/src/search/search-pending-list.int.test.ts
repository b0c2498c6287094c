import { ProjectionRunner, createReadModelSchema, searchGinIndexes, searchYearsProjection, type Projection } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, sampleYear, startTestBackend, type ApiClient, type TestBackend } from '../../test/harness';
import { appendGeneratedPosts } from '../../test/forum-fixtures';

/**
 * The projections that write a search table merge its GIN indexes' pending lists at the end of each live batch
 * (projections/src/search/gin-pending-list.ts): a search then never reads through unsorted pending entries, though
 * the list may hold a whole batch (4 MB) while it is written. The merge runs in the batch's transaction, so a batch
 * that fails after it leaves only entries of rows that never became visible.
 */
describe('the search tables’ GIN pending lists', () => {
  let backend: TestBackend;
  let admin: ApiClient;

  /** Pages still pending in an index: gin_clean_pending_list merges them and answers how many there were. */
  const pendingPages = (schema: string, index: string) =>
    backend.pool.oneFirst(sql.type(z.object({ pages: z.number() }))`SELECT gin_clean_pending_list(${`${schema}.${index}`}::regclass)::int AS pages`);
  const count = (query: ReturnType<typeof sql.unsafe>) => backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT (${query})::int AS n`);

  beforeAll(async () => {
    backend = await startTestBackend();
    admin = await adminClient(backend);
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('are empty after every live batch, for the archive’s search tables and the forum’s', async () => {
    // Each POST answers once its batch is applied (read your writes); a year's description gives it a few hundred keys.
    for (const year of [1970, 1971, 1972, 1973]) {
      const description = `Året ${year} sjöng man om kärlek, sommar och saknad i Göteborg, Malmö och Stockholm. `.repeat(8);
      expect((await admin.post('/api/years', sampleYear({ year, description }))).status).toBe(201);
    }
    for (const index of searchGinIndexes('search_years')) expect(await pendingPages('rm', index), index).toBe(0);

    await appendGeneratedPosts(backend.store, 30);
    await expect.poll(() => count(sql.unsafe`SELECT count(*) FROM rm.forum_posts`), { timeout: 10_000 }).toBe(30);
    for (const index of searchGinIndexes('forum_posts')) expect(await pendingPages('rm', index), index).toBe(0);
  });

  it('leave nothing of a batch that fails after merging, and the retried batch is found through the index', async () => {
    const schema = 'rm_gin_crash';
    await createReadModelSchema(backend.databaseUri, schema);
    // Fails the batch after the search projection has written and merged, on the fast path and then isolated.
    let failures = 2;
    const failing: Projection = {
      name: 'fails_after_search',
      eventTypes: searchYearsProjection.eventTypes,
      async apply() {
        if (failures > 0) {
          failures -= 1;
          throw new Error('simulated crash after the merge');
        }
      },
    };
    const runner = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [searchYearsProjection, failing], { schema });
    const found = (word: string) =>
      backend.pool.transaction(async (tx) => {
        // Through the GIN indexes only (a sequential scan would find a visible row however the index stands).
        await tx.query(sql.unsafe`SET LOCAL enable_seqscan = off`);
        return tx.oneFirst(sql.type(z.object({ n: z.number() }))`
          SELECT count(*)::int AS n FROM ${sql.identifier([schema, 'search_years'])}
           WHERE tsv @@ to_tsquery('public.mello_swedish', ${word}) AND body LIKE ${`%${word}%`}`);
      });

    // catchUp ('throw'): search_years writes and merges in its savepoint, then the batch fails and rolls back whole.
    await expect(runner.catchUp()).rejects.toThrow('simulated crash after the merge');
    expect(failures).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM rm_gin_crash.search_years`)).toBe(0);
    expect(await found('saknad')).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM rm_gin_crash.checkpoints WHERE position IS NOT NULL`)).toBe(0);

    // The live runner's call ('stop'): its fast path (no savepoints) fails after the merge and rolls back; the
    // isolated rerun applies the batch.
    failures = 1;
    const batch = await runner.runBatch('stop');
    expect(batch.failures).toEqual([]);
    expect(failures).toBe(0);
    expect(await count(sql.unsafe`SELECT count(*) FROM rm_gin_crash.search_years`)).toBe(4);
    expect(await found('saknad')).toBe(4);
    for (const index of searchGinIndexes('search_years')) expect(await pendingPages(schema, index), index).toBe(0);
  });
});
