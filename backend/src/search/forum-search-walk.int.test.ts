import { searchJson } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendGeneratedPosts, appendPost } from '../../test/forum-fixtures';
import { startTestBackend, type TestBackend } from '../../test/harness';
import { createSearchPool, forumSearchSpec } from './postgres-search-engine';
import type { ForumSearchQuery } from './search-engine';

// A forum search answered from the newest posts (searchJson's walk: a misspelt word, two or more words) must answer
// exactly what ranking every candidate answers, and read fewer rows doing it.
let backend: TestBackend;
let pool: DatabasePool;

const query = (q: string, limit: number, category: ForumSearchQuery['category'] = null): ForumSearchQuery => ({ q, category, limit });
/** The answer and how many forum_posts rows it fetched (this transaction's statistics, not timing). */
const run = (search: ForumSearchQuery, walk: boolean) =>
  pool.transaction(async (tx) => {
    const before = await tx.oneFirst(sql.unsafe`SELECT pg_stat_get_xact_tuples_fetched('rm.forum_posts'::regclass)::int`);
    const answer = JSON.parse(await searchJson(tx, { ...forumSearchSpec(search), walkOrder: walk })) as Array<{ id: string }>;
    const after = await tx.oneFirst(sql.unsafe`SELECT pg_stat_get_xact_tuples_fetched('rm.forum_posts'::regclass)::int`);
    return { answer, fetched: Number(after) - Number(before) };
  });

beforeAll(async () => {
  backend = await startTestBackend();
  await appendGeneratedPosts(backend.store, 1200);
  // Older than every generated post: an exact two-word title, a title with both words, and one with 'lorren' itself
  // inside a longer word (then no row of the newest can be shown to score the most a row can).
  await appendPost(backend.store, { title: 'Loreen Malmö', content: 'Hela framträdandet.', createdAt: '2001-01-01T00:00:00.000Z' });
  await appendPost(backend.store, { title: 'Carola i Malmö 1991', content: 'Repetitionen.', createdAt: '2001-01-02T00:00:00.000Z' });
  await backend.runner.catchUp();
  pool = await createSearchPool(backend.config.databaseUrl!, { maximumPoolSize: 1 });
}, 180_000);
afterAll(async () => {
  await pool?.end();
  await backend?.stop();
});

describe('forum search from the newest posts (PostgreSQL adapter, 1,202 posts)', () => {
  it('answers two words, a misspelt word and common words exactly as ranking every candidate does', async () => {
    const searches = [
      // Two words never in one generated post (Loreen is every 10th, Malmö every 8th at an even place): the exact
      // old title, then the newest posts at the most one word scores.
      ...[5, 50, 200].map((limit) => query('loreen malmö', limit)),
      query('loreen malmö', 20, 'tips'),
      // Together in a 40th of the posts: with a short page only posts with both, ranked in full.
      ...[5, 50].map((limit) => query('carola malmö', limit)),
      query('mellanakten loreen', 50),
      query('söker med från', 50),
      query('lorrens repetition', 10),
      // Misspelt: 'lorren' has close spellings ('loreen' in titles), 'stokholm' too ('stockholm' in the text only).
      ...[5, 50, 200].map((limit) => query('lorren', limit)),
      query('stokholm', 50),
      query('lorren', 20, 'found'),
      // One word, as before: a prefix, a whole word, an exact old title, a word in no post.
      query('repet', 50),
      query('mellanakten', 50),
      query('zebrafink', 50),
    ];
    for (const search of searches) {
      const walked = await run(search, true);
      const ranked = await run(search, false);
      expect(
        walked.answer.map((hit) => hit.id),
        `${search.q} (${search.limit}, ${search.category})`,
      ).toEqual(ranked.answer.map((hit) => hit.id));
      expect(walked.answer, search.q).toEqual(ranked.answer);
    }
    const exact = await run(query('loreen malmö', 5), true);
    expect(exact.answer).toHaveLength(5);
  });

  it('reads only the newest posts for two words and for a misspelt word', async () => {
    // Ranking every candidate fetches every post with either word (about 270 for 'loreen malmö', 120 with 'loreen'
    // for 'lorren'); the walk fetches the newest posts until it has a page of 5 (about 50) and the page's rows.
    for (const q of ['loreen malmö', 'lorren']) {
      const walked = await run(query(q, 5), true);
      const ranked = await run(query(q, 5), false);
      expect(walked.answer).toEqual(ranked.answer);
      expect(walked.fetched, q).toBeLessThan(ranked.fetched / 2);
    }
  });
});
