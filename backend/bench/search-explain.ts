/**
 * Where a search's time goes: the bench's data (archive + 10,000 posts), then for each query of a spread each
 * statement searchJson sends, EXPLAIN (ANALYZE, BUFFERS) on a connection that plans as the search pool does.
 *
 *   npx tsx backend/bench/search-explain.ts   (BENCH_POSTS=10000; EXPLAIN_SQL=1 prints each statement and its
 *                                              values; EXPLAIN_KEEP=1 keeps the server up for psql afterwards)
 *   SEARCH_DB=<uri> npx tsx backend/bench/search-explain.ts   on a database search-answers.ts seeded (no load)
 *   EXPLAIN_ONLY=lorren                       only the queries whose name contains it
 *   EXPLAIN_TIMES=50                          no plans: each statement's minimum and median of 50 runs
 *
 * Plans are measured, not timed for the record: `npm run bench:search` gives the figures.
 */
import pg from 'pg';
import { sql, type DatabasePool } from 'slonik';
import { startBackend } from '../src/app/backend';
import { createSearchPool, postgresSearchEngine, searchPoolUri } from '../src/search/postgres-search-engine';
import { appendGeneratedPosts } from '../test/forum-fixtures';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { log } from './store/common';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const seeded = process.env.SEARCH_DB;
const database = seeded ? { uri: seeded, dataDir: '', stop: async () => undefined } : await startBenchDatabase(log);
const backend = seeded
  ? { close: async () => undefined }
  : await startBackend(benchBackendConfig(database, { IMPORT_ARCHIVE: 'true', CLIENT_BUILD: 'skip', DB_STATEMENT_TIMEOUT_MS: '60000' }));
try {
  if (!seeded && 'store' in backend) {
    await appendGeneratedPosts(backend.store, POSTS);
    await backend.runner.catchUp();
    await backend.pool.query(sql.unsafe`ANALYZE`);
  }
  const real = await createSearchPool(database.uri, { maximumPoolSize: 1 });
  const recorded: Array<{ sql: string; values: readonly unknown[] }> = [];
  // Records each statement (slonik's $slonik_N placeholders as pg's $N), then runs it.
  const recording = new Proxy(real, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function' || !['any', 'one', 'oneFirst', 'query', 'maybeOne'].includes(String(key))) return value;
      return (query: { sql: string; values: readonly unknown[] }) => {
        recorded.push({ sql: query.sql.replace(/\$slonik_(\d+)/g, '$$$1'), values: query.values });
        return (value as (q: unknown) => unknown).call(target, query);
      };
    },
  }) as DatabasePool;
  const engine = postgresSearchEngine(recording);
  const client = new pg.Client({ connectionString: searchPoolUri(database.uri) });
  // The server stops before this client when EXPLAIN_KEEP ends with Ctrl-C.
  client.on('error', () => undefined);
  await client.connect();
  const queries: Array<[string, () => Promise<string>]> = [
    ['forum "mellanakten"', () => engine.searchForum({ q: 'mellanakten', category: null, limit: 50 })],
    ['forum "loreen malmö"', () => engine.searchForum({ q: 'loreen malmö', category: null, limit: 50 })],
    ['forum "lorren"', () => engine.searchForum({ q: 'lorren', category: null, limit: 50 })],
    ['forum "repet"', () => engine.searchForum({ q: 'repet', category: null, limit: 50 })],
    ['forum "zebrafink"', () => engine.searchForum({ q: 'zebrafink', category: null, limit: 50 })],
    ['years "fangad av en stormvind"', () => engine.searchYears({ q: 'fangad av en stormvind', category: 'all', decade: null })],
    ['entries "euforia"', () => engine.searchEntries('euforia')],
    ['entries "carola"', () => engine.searchEntries('carola')],
    ['entries ""', () => engine.searchEntries('')],
    ['artists "karola"', () => engine.searchArtists('karola')],
    ['songwriters "bjorn"', () => engine.searchSongwriters('bjorn')],
    ['songwriters "thomas g:son"', () => engine.searchSongwriters('thomas g:son')],
  ];
  for (const [name, run] of queries.filter(([name]) => name.includes(process.env.EXPLAIN_ONLY ?? ''))) {
    for (let i = 0; i < 3; i += 1) await run();
    recorded.length = 0;
    let t = performance.now();
    await run();
    const total = performance.now() - t;
    console.log(`\n=== ${name}: ${total.toFixed(2)} ms through slonik, ${recorded.length} statements`);
    for (const statement of recorded) {
      try {
        if (process.env.EXPLAIN_TIMES) {
          // Instead of a plan: each statement run EXPLAIN_TIMES times, its minimum and median (ms through pg).
          const times: number[] = [];
          for (let i = 0; i < Number(process.env.EXPLAIN_TIMES); i += 1) {
            t = performance.now();
            await client.query(statement.sql, statement.values as unknown[]);
            times.push(performance.now() - t);
          }
          times.sort((a, b) => a - b);
          console.log(`--- statement: min ${times[0]!.toFixed(2)} ms, median ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms`);
          continue;
        }
        t = performance.now();
        await client.query(statement.sql, statement.values as unknown[]);
        const raw = performance.now() - t;
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.values as unknown[]);
        console.log(`--- statement (${raw.toFixed(2)} ms through pg)`);
        if (process.env.EXPLAIN_SQL) console.log(statement.sql, JSON.stringify(statement.values));
        console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
      } catch (error) {
        console.log('FAILED', error, statement.sql, JSON.stringify(statement.values));
      }
    }
  }
  await client.end();
  await real.end();
  if (process.env.EXPLAIN_KEEP) {
    console.log(`psql '${searchPoolUri(database.uri)}'  (Ctrl-C to end)`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await backend.close();
  await database.stop();
}
