/**
 * Search latency benchmark (issue 4): the full archive plus 10,000 generated forum posts, on the PostgreSQL
 * adapter (the embedded default). Each query of a realistic mix runs many times, interleaved with a plain indexed
 * `SELECT doc … WHERE id = $1` on the same pool — the baseline, measured in the same run so machine noise hits
 * both alike. Prints p50/p95 per query and overall, and the ratio to the baseline. Target: overall p95 < 20 ms.
 * Then the forum list's pages over HTTP (forum-list-phase.ts: first and 50th page of each order). Target: p95 < 20 ms.
 *
 *   npm run bench:search            (BENCH_POSTS=10000, BENCH_ROUNDS=60)
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import { LIVE_SCHEMA } from '@mello/projections';
import { sql } from 'slonik';
import { startBackend } from '../src/app/backend';
import { appendGeneratedPosts } from '../test/forum-fixtures';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { addForumActivity, measureForumList } from './forum-list-phase';
import { searchBenchQueries } from './search-bench-queries';
import { log, percentile } from './store/common';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
// Issue 20's goal 4 (issue 15's was 20 ms, met 2026-11-24): the archive, its entries and 10,000 posts.
const TARGET_P95_MS = 10;

const database = await startBenchDatabase(log);
const backend = await startBackend(
  // Loading 10,000 posts is setup, not what is measured: on a loaded machine a projection batch may outlast the
  // default 5 s statement timeout, which ended the bench before it measured anything.
  benchBackendConfig(database, { IMPORT_ARCHIVE: 'true', CLIENT_BUILD: 'skip', DB_STATEMENT_TIMEOUT_MS: '60000' }),
);
try {
  log(`Appending ${POSTS} generated forum posts…`);
  let started = performance.now();
  const ids = await appendGeneratedPosts(backend.store, POSTS);
  await addForumActivity(backend.store, ids);
  await backend.runner.catchUp();
  log(`…appended and projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await backend.pool.query(sql.unsafe`ANALYZE`);
  // The archive import brings the lineups: the entry, artist and songwriter searches run on all of them.
  const count = (table: string) => backend.pool.oneFirst(sql.unsafe`SELECT count(*)::int FROM ${sql.identifier([LIVE_SCHEMA, table])}`);
  const lineups = { entries: await count('search_entries'), artists: await count('search_artists'), songwriters: await count('search_songwriters') };
  if (lineups.entries < 1000) throw new Error(`The lineups are missing from the search read models: ${JSON.stringify(lineups)}`);
  log(`Search rows: ${JSON.stringify(lineups)}`);

  const { search, pool } = backend;
  const queries = searchBenchQueries(search);
  const table = sql.identifier([LIVE_SCHEMA, 'forum_posts']);
  const baseline = (i: number) => pool.oneFirst(sql.unsafe`SELECT doc::text FROM ${table} WHERE id = ${ids[(i * 7919) % ids.length]!}`);

  // Warm up caches and plans.
  for (const [, run] of queries) for (let i = 0; i < 5; i += 1) await run();
  for (let i = 0; i < 50; i += 1) await baseline(i);

  const timings = new Map<string, number[]>(queries.map(([name]) => [name, []]));
  const base: number[] = [];
  started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, run] of queries) {
      let t = performance.now();
      await baseline(round * queries.length + base.length);
      base.push(performance.now() - t);
      t = performance.now();
      await run();
      timings.get(name)!.push(performance.now() - t);
    }
  }
  const stats = (values: number[]) => {
    const sorted = Float64Array.from(values).sort();
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  const b = stats(base);
  const all = stats([...timings.values()].flat());
  const ms = (value: number) => value.toFixed(2).padStart(7);
  const rows = [...timings].map(([name, values]) => {
    const s = stats(values);
    return `| ${name.padEnd(38)} | ${ms(s.p50)} | ${ms(s.p95)} | ${(s.p50 / b.p50).toFixed(1).padStart(6)}× |`;
  });
  console.log(
    `\nSearch latency, PostgreSQL adapter: 65 years, 1,099 entries with their artists and songwriters, 25 videos, 4 articles, ${POSTS} forum posts; ${ROUNDS} runs per query (ms)\n`,
  );
  console.log(`| ${'query'.padEnd(38)} |     p50 |     p95 | p50 vs PK |`);
  console.log(`|${'-'.repeat(40)}|---------|---------|-----------|`);
  for (const row of rows) console.log(row);
  console.log(`| ${'all search queries'.padEnd(38)} | ${ms(all.p50)} | ${ms(all.p95)} | ${(all.p50 / b.p50).toFixed(1).padStart(6)}× |`);
  console.log(`| ${'baseline: SELECT by primary key'.padEnd(38)} | ${ms(b.p50)} | ${ms(b.p95)} |    1.0× |`);
  console.log(
    `\nTarget p95 < ${TARGET_P95_MS} ms: ${all.p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (all queries p95 ${all.p95.toFixed(2)} ms, p99 ${all.p99.toFixed(2)} ms; measured in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  log('Measuring the forum list pages over HTTP…');
  const forumList = await measureForumList({ url: backend.url, pool, rounds: ROUNDS });
  console.log(`\nForum list over HTTP (GET /api/forum/posts, ${forumList.pageSize} per page, ${POSTS} posts; ms)\n`);
  console.log(`| ${'page'.padEnd(42)} |     p50 |     p95 |`);
  console.log(`|${'-'.repeat(44)}|---------|---------|`);
  for (const page of forumList.pages) console.log(`| ${page.name.padEnd(42)} | ${ms(page.p50)} | ${ms(page.p95)} |`);
  console.log(`| ${'all pages'.padEnd(42)} | ${ms(forumList.all.p50)} | ${ms(forumList.all.p95)} |`);
  console.log(`\nTarget p95 < ${forumList.targetP95Ms} ms: ${forumList.met ? 'met' : 'NOT met'}; plans: ${JSON.stringify(forumList.plans)}`);
  console.log(
    'BENCH_JSON ' +
      JSON.stringify({
        bench: 'search',
        posts: POSTS,
        rounds: ROUNDS,
        queries: [...timings].map(([name, values]) => ({ name, ...stats(values) })),
        all,
        baseline: b,
        targetP95Ms: TARGET_P95_MS,
        met: all.p95 < TARGET_P95_MS,
        forumList,
      }),
  );
} finally {
  await backend.close();
  await database.stop();
}
