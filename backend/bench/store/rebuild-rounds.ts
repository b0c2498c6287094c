/** The rebuild phase's log and rounds; run by backend/bench/store-bench.ts. */
import os from 'node:os';
import pg from 'pg';
import { runSql } from '../bench-database';
import { appendPassConcurrent, type openStore } from './appends';
import { RAW_COLUMNS, RAW_TABLE, copyRate } from './baselines';
import { EXPERIMENTS, REBUILD_BATCH_DEFAULT, REPS, fmt, log } from './common';
import type { Unit } from './dataset';
import { type Profile, profiledRebuild } from './rebuild-profile';

/**
 * Leaves the whole log in es.events for the rebuilds: as the lag passes left it, or written again (untimed). With
 * `fromCopy` (BENCH_LOG=copy with the baseline phase, long runs: 1M events) and the COPY baseline's rows all there, those rows are moved into
 * es.events in their order, 10,000 per transaction, instead of appended again through the store (hours at 1M on a
 * loaded machine): the rebuild reads the same events; only the transactions they were written in differ.
 */
export async function writeRebuildLog(uri: string, options: { total: number; units: Unit[]; fromCopy: boolean }): Promise<void> {
  const { total } = options;
  const client = new pg.Client({ connectionString: uri });
  await client.connect();
  try {
    const count = async (table: string) => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    if ((await count('es.events')) === total) return;
    const copied = options.fromCopy ? await count(RAW_TABLE) : 0;
    if (copied === total) {
      log('writing the log for the rebuild from the COPY baseline (untimed)');
      for (let from = 0; from < total; from += 10_000) {
        await client.query(
          `INSERT INTO es.events (${RAW_COLUMNS}) SELECT ${RAW_COLUMNS} FROM ${RAW_TABLE}
            WHERE global_position > $1 AND global_position <= $2 ORDER BY global_position`,
          [from, from + 10_000],
        );
      }
    } else {
      log('writing the log for the rebuild (untimed)');
      await appendPassConcurrent(uri, [options.units]);
    }
  } finally {
    await client.end();
  }
}

/**
 * REPS rounds of the rebuild over the whole log, each after one COPY of `copyChunks` when given (the baseline
 * measured beside it). Experiment `paged`: the paged read path (readAll) interleaved with the streamed one, in
 * alternating order; experiment `held`: likewise the audit rows held until the flush (the path before they were
 * COPYed batch by batch).
 */
export async function rebuildRounds(
  uri: string,
  rebuilder: Awaited<ReturnType<typeof openStore>>,
  options: { total: number; copyChunks: readonly Buffer[] | null },
): Promise<{ runs: Profile[]; copyBesideRuns: number[] }> {
  const { total, copyChunks } = options;
  const runs: Profile[] = [];
  const copyBesideRuns: number[] = [];
  for (let r = 0; r < REPS; r += 1) {
    const paired = EXPERIMENTS.has('paged') || EXPERIMENTS.has('held');
    const arms = paired ? (r % 2 === 0 ? [false, true] : [true, false]) : [false];
    if (copyChunks) {
      copyBesideRuns.push(await copyRate(uri, copyChunks, total));
      await runSql(uri, 'DROP SCHEMA IF EXISTS bench_raw CASCADE; CHECKPOINT;');
      log(`COPY beside rebuild round ${r + 1}/${REPS}: ${fmt(copyBesideRuns.at(-1)!)} rows/s`);
    }
    for (const arm of arms) {
      const load = os.loadavg()[0]!;
      const run = await profiledRebuild(uri, rebuilder.pool, rebuilder.store, REBUILD_BATCH_DEFAULT, {
        paged: arm && EXPERIMENTS.has('paged'),
        held: arm && EXPERIMENTS.has('held'),
      });
      if (run.events !== total) throw new Error(`rebuild read ${run.events} events, expected ${total}`);
      runs.push(run);
      log(
        `rebuild ${r + 1}/${REPS}, ${run.label}: ${fmt(run.eventsPerSecond)} events/s (${fmt(run.totalMs / 1000, 2)} s; ` +
          `RSS ${fmt(run.rssStartMb)} MB at start, peak ${fmt(run.rssPeakMb)} MB; load average ${fmt(load, 2)} at start)`,
      );
    }
  }
  return { runs, copyBesideRuns };
}
