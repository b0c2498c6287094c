/**
 * Checks that a change to the search answers the bench's queries (search-bench-queries.ts) exactly as before: the
 * same documents in the same order. Answers are compared on one database, so the data stays the same:
 *
 *   npx tsx backend/bench/search-answers.ts seed               loads the bench's data (archive, 10,000 posts and
 *                                                              their activity), prints its URI, keeps it up until Ctrl-C
 *   SEARCH_DB=<uri> npx tsx backend/bench/search-answers.ts save before.json      (with the code before)
 *   SEARCH_DB=<uri> npx tsx backend/bench/search-answers.ts compare before.json   (with the change: exits 1 on a difference)
 *   SEARCH_DB=<uri> npx tsx backend/bench/search-answers.ts time                  p50/p95 of each query, 60 runs
 */
import { readFile, writeFile } from 'node:fs/promises';
import { sql } from 'slonik';
import { startBackend } from '../src/app/backend';
import { createSearchPool, postgresSearchEngine } from '../src/search/postgres-search-engine';
import { appendGeneratedPosts } from '../test/forum-fixtures';
import { benchBackendConfig, startBenchDatabase } from './bench-database';
import { addForumActivity } from './forum-list-phase';
import { searchBenchQueries } from './search-bench-queries';
import { log, percentile } from './store/common';

const [mode, file] = process.argv.slice(2);

if (mode === 'seed') {
  const database = await startBenchDatabase(log);
  const backend = await startBackend(benchBackendConfig(database, { IMPORT_ARCHIVE: 'true', CLIENT_BUILD: 'skip', DB_STATEMENT_TIMEOUT_MS: '60000' }));
  const ids = await appendGeneratedPosts(backend.store, Number(process.env.BENCH_POSTS ?? 10_000));
  await addForumActivity(backend.store, ids);
  await backend.runner.catchUp();
  await backend.pool.query(sql.unsafe`ANALYZE`);
  await backend.close();
  console.log(`SEARCH_DB='${database.uri}'  (Ctrl-C to end)`);
  await new Promise((resolve) => process.once('SIGINT', resolve));
  await database.stop();
} else {
  const uri = process.env.SEARCH_DB;
  if (!uri || !['save', 'compare', 'time'].includes(mode ?? '') || (mode !== 'time' && !file)) {
    console.error('usage: see the comment at the top of backend/bench/search-answers.ts');
    process.exit(2);
  }
  const pool = await createSearchPool(uri, { maximumPoolSize: 1 });
  try {
    const queries = searchBenchQueries(postgresSearchEngine(pool));
    if (mode === 'time') {
      for (const [, run] of queries) for (let i = 0; i < 5; i += 1) await run();
      const all: number[] = [];
      for (const [name, run] of queries) {
        const times: number[] = [];
        for (let i = 0; i < 60; i += 1) {
          const t = performance.now();
          await run();
          times.push(performance.now() - t);
        }
        all.push(...times);
        const sorted = Float64Array.from(times).sort();
        console.log(`${name.padEnd(40)} p50 ${percentile(sorted, 50).toFixed(2).padStart(6)}  p95 ${percentile(sorted, 95).toFixed(2).padStart(6)}`);
      }
      const sorted = Float64Array.from(all).sort();
      console.log(`${'all'.padEnd(40)} p50 ${percentile(sorted, 50).toFixed(2).padStart(6)}  p95 ${percentile(sorted, 95).toFixed(2).padStart(6)}`);
    } else {
      const answers: Record<string, unknown> = {};
      for (const [name, run] of queries) answers[name] = JSON.parse(await run());
      if (mode === 'save') {
        await writeFile(file!, JSON.stringify(answers));
        console.log(`${Object.keys(answers).length} answers saved to ${file}`);
      } else {
        const before = JSON.parse(await readFile(file!, 'utf8')) as Record<string, unknown>;
        const differing = Object.keys(before).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(answers[name]));
        for (const name of differing) console.log(`DIFFERENT: ${name}`);
        console.log(`${Object.keys(before).length - differing.length} of ${Object.keys(before).length} answers the same`);
        if (differing.length > 0) process.exitCode = 1;
      }
    }
  } finally {
    await pool.end();
  }
}
