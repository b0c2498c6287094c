/**
 * Event-store benchmark (not a test): append throughput, subscriber lag and read-model rebuild speed in events/s,
 * next to raw PostgreSQL INSERT and COPY baselines measured on the same throwaway, durable (fsync on) embedded
 * PostgreSQL in the same run. Figures are medians: baselines and rebuilds are repeated BENCH_REPS times over the
 * whole log; each append scenario appends the whole log once to an empty store and is timed in BENCH_REPS
 * consecutive segments (so the spread includes the growing table). Ratios are against this run's baselines.
 *
 *   npm run bench:store                                        100k events, 3 repetitions (~3–5 min)
 *   BENCH_EVENTS=20000 BENCH_REPS=1 npm run bench:store        quick smoke run
 *   BENCH_PHASES=rebuild npm run bench:store                   only some of baseline,append,lag,halfrate,lowrates,lagbound,rebuild
 *   BENCH_BASELINES=copy npm run bench:store                   without the INSERT baseline (for long runs: 1M events)
 *   BENCH_EXPERIMENTS=variants,fold npm run bench:store        optional experiments (see EXPERIMENTS)
 *   BENCH_LOG=copy npm run bench:store                         the rebuild's log from the COPY baseline's rows (1M events)
 *   BENCH_CPU_PROF=/tmp/rebuild npm run bench:store            each rebuild CPU-profiled into /tmp/rebuild-<n>.cpuprofile
 *   BENCH_RUNNER_BATCH=1000 npm run bench:store                the lag phases' live runner with another batch cap
 *   BENCH_MAX_RATE=9000 npm run bench:store                    the paced phases' maximum given, not measured (paired runs)
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import os from 'node:os';
import { runSql, serverSettings, startBenchDatabase, type BenchDatabase } from './bench-database';
import { openStore, segmentsOf, passRate, appendPassOneWriter, appendPassConcurrent, notifyExperiment, sampleWaits, type LagWork } from './store/appends';
import { HALF_RATE, LAG_BOUND_WORK, LOW_RATES, lagPhase } from './store/lag-phases';
import { type Row, insertBaseline, rawAppendSizedPass, copyRate, copyText } from './store/baselines';
import {
  EVENTS,
  REPS,
  WRITERS,
  EVENTS_PER_APPEND,
  ROWS_PER_INSERT,
  REBUILD_BATCH_DEFAULT,
  REBUILD_VARIANTS,
  EXPERIMENTS,
  TARGET_REBUILD_EVENTS_PER_S,
  TARGET_REBUILD_COPY_RATIO,
  TARGET_APPEND_INSERT_RATIO,
  cpuText,
  now,
  log,
  collectGarbage,
  type Series,
  series,
  fmt,
  rate,
  spread,
} from './store/common';
import { type Unit, generateDataset } from './store/dataset';
import { checkedReadModelCounts } from './store/read-model-counts';
import { type Profile, profiledRebuild, readAllBreakdown, sqlFoldReference } from './store/rebuild-profile';
import { rebuildRounds, writeRebuildLog } from './store/rebuild-rounds';
import { printRebuildProfile } from './store/rebuild-profile-table';
import { codeState } from './code-state';

// ---------------------------------------------------------------------------------------------------------------

/** BENCH_BASELINES=copy leaves out the INSERT baseline (a 1M-event run's longest part; only COPY is a rebuild's). */
const BASELINES = new Set((process.env.BENCH_BASELINES ?? 'insert,copy').split(',').map((b) => b.trim()));
/** Up to this many events the COPY baseline is measured again beside each rebuild round (its text held in memory). */
const COPY_BESIDE_MAX_EVENTS = 200_000;
/** BENCH_LOG=copy writes the rebuild's log from the COPY baseline's rows instead of through the store (1M-event runs). */
const BENCH_LOG = process.env.BENCH_LOG ?? 'append';
const PHASES = new Set((process.env.BENCH_PHASES ?? 'baseline,append,lag,halfrate,lowrates,lagbound,rebuild').split(',').map((p) => p.trim()));

async function main() {
  const wallStart = now();
  const code = codeState();
  log(`code: commit ${code.commit}${code.changed.length ? `, changed in the working tree: ${code.changed.join(', ')}` : ''}`);
  log(`${EVENTS} events, ${REPS} repetitions/segments, phases ${[...PHASES].join(',')}, ${os.cpus().length} CPUs, Node ${process.version}`);
  const dataset = generateDataset(EVENTS);
  const units = dataset.units;
  const segments = segmentsOf(units, REPS);
  const rows: Row[] = units.flatMap((unit) =>
    unit.events.map((event, i) => ({
      stream: unit.stream,
      revision: unit.firstRevision + i,
      id: event.id,
      type: event.type,
      data: JSON.stringify(event.data),
      metadata: JSON.stringify(event.metadata),
    })),
  );
  const total = rows.length;
  const rowsOf = new Map<Unit, Row[]>();
  let offset = 0;
  for (const unit of units) {
    rowsOf.set(unit, rows.slice(offset, offset + unit.events.length));
    offset += unit.events.length;
  }
  const indexOf = new Map(rows.map((row, i) => [row.id, i]));
  const releaseDataset = () => {
    for (const segment of segments) segment.length = 0;
    segments.length = 0;
    units.length = 0;
    rows.length = 0;
    rowsOf.clear();
    indexOf.clear();
  };
  const streams = dataset.entities.year + dataset.entities.video + dataset.entities.article;
  log(
    `data: ${units.length} appends over ${streams} streams (${dataset.entities.year} years, ${dataset.entities.video} videos, ` +
      `${dataset.entities.article} articles); event JSON (data + metadata) median ${dataset.bytes.median} B, max ${dataset.bytes.max} B, ` +
      `total ${fmt(dataset.bytes.total / 1e6, 1)} MB`,
  );

  let database: BenchDatabase | null = null;
  try {
    database = await startBenchDatabase(log);
    const uri = database.uri;
    const settings = await serverSettings(uri);
    log(
      `PostgreSQL ${settings.server_version}: fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, shared_buffers=${settings.shared_buffers}`,
    );
    const results: Record<string, unknown> = {};
    const lines: Array<[string, string, string, string]> = [];
    const segmentNote = `${REPS} segments of one ${fmt(total / 1000)}k pass`;

    // 1. Baselines, INSERT and COPY interleaved so both see the same machine noise.
    let insert: Series | null = null;
    let copy: Series | null = null;
    // The rows' COPY text, made once for every COPY of the run; kept for the rebuild phase's (see there) up to
    // COPY_BESIDE_MAX_EVENTS.
    let copyChunks: Buffer[] | null = null;
    if (PHASES.has('baseline')) {
      const insertRuns: number[] = [];
      const copyRuns: number[] = [];
      copyChunks = copyText(rows);
      for (let r = 0; r < REPS; r += 1) {
        insertRuns.push(BASELINES.has('insert') ? await insertBaseline(uri, rows) : Number.NaN);
        copyRuns.push(await copyRate(uri, copyChunks, total));
        log(`baseline ${r + 1}/${REPS}: INSERT ${fmt(insertRuns[r]!)} rows/s, COPY ${fmt(copyRuns[r]!)} rows/s`);
      }
      insert = series(insertRuns);
      copy = series(copyRuns);
      if (!PHASES.has('rebuild') || total > COPY_BESIDE_MAX_EVENTS) copyChunks = null;
      results.baseline = { insertRowsPerS: insert, copyRowsPerS: copy };
      lines.push([`Raw INSERT baseline (${ROWS_PER_INSERT} rows/statement, 1 tx each)`, `${rate(insert)} rows/s`, spread(insert), '1.00× INSERT']);
      lines.push(['Raw COPY baseline (one COPY FROM STDIN)', `${rate(copy)} rows/s`, spread(copy), `${fmt(copy.median / insert.median, 2)}× INSERT`]);
    }
    // Raw INSERTs shaped exactly like the appends (same rows per commit, same stream ownership per connection).
    const sameSize = new Map<number, Series>();
    if (EXPERIMENTS.has('samesize') && (PHASES.has('baseline') || PHASES.has('append'))) {
      for (const connections of [WRITERS]) {
        const pass = await rawAppendSizedPass(uri, segments, rowsOf, connections);
        pass.forEach((seg, i) =>
          log(
            `raw INSERT, ${EVENTS_PER_APPEND} rows/statement, ${connections} connection(s), segment ${i + 1}/${REPS}: ${fmt(seg.eventsPerSecond)} rows/s (${cpuText(seg.cpu)})`,
          ),
        );
        log(`  whole pass: ${fmt(passRate(pass, segments))} rows/s`);
        const result = series(pass.map((x) => x.eventsPerSecond));
        sameSize.set(connections, result);
        lines.push([
          `Raw INSERT, ${EVENTS_PER_APPEND} rows/statement, ${connections} connection${connections > 1 ? 's' : ''}`,
          `${rate(result)} rows/s`,
          spread(result),
          insert ? `${fmt(result.median / insert.median, 2)}× INSERT` : '',
        ]);
      }
      results.sameSizeInsertRowsPerS = Object.fromEntries(sameSize);
      await runSql(uri, 'DROP SCHEMA IF EXISTS bench_raw CASCADE; CHECKPOINT;');
    }
    const vsInsert = (value: number, connections?: number) => {
      const same = connections ? sameSize.get(connections) : undefined;
      return [insert ? `${fmt(value / insert.median, 2)}× INSERT` : '', same ? `${fmt(value / same.median, 2)}× same-size INSERT` : '']
        .filter(Boolean)
        .join(', ');
    };
    const vsCopy = (value: number) => (copy ? `${fmt(value / copy.median, 2)}× COPY` : '');

    // 2. Appends through PostgresEventStore.appendToStream.
    if (PHASES.has('append')) {
      const one = await appendPassOneWriter(uri, segments);
      one.forEach((seg, i) => log(`append, 1 writer, segment ${i + 1}/${REPS}: ${fmt(seg.eventsPerSecond)} events/s (${cpuText(seg.cpu)})`));
      log(`  whole pass: ${fmt(passRate(one, segments))} events/s`);
      const sampled = EXPERIMENTS.has('waits') ? await sampleWaits(uri, () => appendPassConcurrent(uri, segments)) : null;
      const many = sampled ? sampled.result : await appendPassConcurrent(uri, segments);
      if (sampled) {
        log(
          `${WRITERS} writers' backends, ${sampled.samples} samples: ${Object.entries(sampled.shares)
            .map(([what, share]) => `${what} ${fmt(share * 100)}%`)
            .join(', ')}`,
        );
      }
      many.forEach((seg, i) => log(`append, ${WRITERS} writers, segment ${i + 1}/${REPS}: ${fmt(seg.eventsPerSecond)} events/s (${cpuText(seg.cpu)})`));
      log(`  whole pass: ${fmt(passRate(many, segments))} events/s`);
      const oneWriter = series(one.map((x) => x.eventsPerSecond));
      const concurrent = series(many.map((x) => x.eventsPerSecond));
      const notify = EXPERIMENTS.has('notify') ? await notifyExperiment(uri, segments[0]!, 2) : null;
      results.append = {
        oneWriterEventsPerS: oneWriter,
        concurrentEventsPerS: concurrent,
        notifyExperiment: notify,
        backendWaits: sampled ? sampled.shares : null,
        oneWriterWholePassEventsPerS: passRate(one, segments),
        concurrentWholePassEventsPerS: passRate(many, segments),
        oneWriterVsInsert: insert ? oneWriter.median / insert.median : null,
        concurrentVsInsert: insert ? concurrent.median / insert.median : null,
        cpu: { oneWriter: one.map((x) => x.cpu), concurrent: many.map((x) => x.cpu) },
      };
      lines.push([`Append, 1 writer, ${EVENTS_PER_APPEND} events/append`, `${rate(oneWriter)} events/s`, spread(oneWriter), vsInsert(oneWriter.median, 1)]);
      lines.push([
        `Append, ${WRITERS} writers, ${EVENTS_PER_APPEND} events/append`,
        `${rate(concurrent)} events/s`,
        spread(concurrent),
        [vsInsert(concurrent.median, WRITERS), insert ? `target ≥ ${TARGET_APPEND_INSERT_RATIO}×` : ''].filter(Boolean).join('; '),
      ]);
      if (notify) {
        lines.push([
          `  experiment: ${WRITERS} writers, es.append without pg_notify (1st third)`,
          `${rate(notify.withoutNotify)} events/s`,
          spread(notify.withoutNotify),
          `${fmt(notify.withoutNotify.median / notify.withNotify.median, 2)}× with pg_notify (${fmt(notify.withNotify.median)}), paired`,
        ]);
      }
    }

    // 3. Subscriber lag, writers flat out (`lag`), then paced at half the maximum append rate (`halfrate`) and, to
    // show where the goals hold, at a quarter and an eighth of it (`lowrates`), and at half with less work for the
    // runner (`lagbound`, LAG_BOUND_WORK): the maximum is BENCH_MAX_RATE, or this run's 8-writer append median, or one
    // flat-out segment measured here. Each pass leaves the full log in place for the rebuild.
    const runLag = async (key: string, label: string, eventsPerSecond?: number, share?: string, work?: LagWork) => {
      const phase = await lagPhase({ uri, key, label, segments, indexOf, total, vsInsert: (value) => vsInsert(value, WRITERS), eventsPerSecond, share, work });
      lines.push(...phase.lines);
      return phase.json;
    };
    if (PHASES.has('lag')) results.lag = await runLag('lag', `Append, ${WRITERS} writers flat out + live ProjectionRunner`);
    if (PHASES.has('halfrate') || PHASES.has('lowrates') || PHASES.has('lagbound')) {
      const measured = results.append as { concurrentEventsPerS: Series } | undefined;
      let max = process.env.BENCH_MAX_RATE ? Number(process.env.BENCH_MAX_RATE) : measured?.concurrentEventsPerS.median;
      if (max === undefined) {
        max = (await appendPassConcurrent(uri, [segments[0]!]))[0]!.eventsPerSecond;
        log(`maximum append rate (${WRITERS} writers, first segment, flat out): ${fmt(max)} events/s`);
      }
      const paced = (share: string, fraction: number) =>
        runLag(`lag at ${share}`, `Append, ${WRITERS} writers paced at ${share} of ${fmt(max)} events/s + live ProjectionRunner`, max * fraction, share);
      if (PHASES.has('halfrate')) results.lagHalfRate = await paced(HALF_RATE.share, HALF_RATE.fraction);
      if (PHASES.has('lowrates')) {
        const low = [];
        for (const { share, fraction } of LOW_RATES) low.push({ share, ...(await paced(share, fraction)) });
        results.lagLowRates = low;
      }
      if (PHASES.has('lagbound')) {
        const bound = [];
        const at = `${HALF_RATE.share} of ${fmt(max)} events/s`;
        for (const { key, label, work } of LAG_BOUND_WORK) {
          bound.push({
            key,
            label,
            ...(await runLag(
              `lag at ${HALF_RATE.share}, ${label}`,
              `Append, ${WRITERS} writers paced at ${at} + runner with ${label}`,
              max * HALF_RATE.fraction,
              HALF_RATE.share,
              work,
            )),
          });
        }
        results.lagBound = bound;
      }
    }

    // 4. Rebuild over the full log.
    let rebuild: Series | null = null;
    let printProfile: (() => void) | null = null;
    if (PHASES.has('rebuild')) {
      await writeRebuildLog(uri, { total, units, fromCopy: BENCH_LOG === 'copy' && PHASES.has('baseline') });
      // COPY again beside each rebuild round, so that the ratio no longer compares work done minutes apart on a
      // shared host (2026-12-01 23:02Z: 0.65× the first COPY, 0.81–0.94× in shorter runs right after, the rebuild's
      // JavaScript folding 1.4× slower in that run). The rows' COPY text is kept as Buffers, off the heap the
      // rebuilds' collections trace; for a long run (more than COPY_BESIDE_MAX_EVENTS) the baselines' COPY stands.
      // The dataset is not needed from here on: emptied, so that the rebuild's garbage collections do not trace the
      // bench's own copy of the log (about 700 MB of objects at 100k events, ten times that at 1M) on top of the
      // rebuild's objects, which a server's process does not hold.
      releaseDataset();
      const heap = collectGarbage();
      log(`heap before the rebuilds: ${fmt(heap.beforeMb)} MB, after a full garbage collection ${fmt(heap.afterMb)} MB`);
      const rebuilder = await openStore(uri, 4);
      try {
        const { runs, copyBesideRuns } = await rebuildRounds(uri, rebuilder, { total, copyChunks });
        const streamedRuns = runs.filter((run) => run.streamed && !run.held);
        const pagedRuns = runs.filter((run) => !run.streamed);
        const heldRuns = runs.filter((run) => run.held);
        rebuild = series(streamedRuns.map((run) => run.eventsPerSecond));
        const counts = await checkedReadModelCounts(uri, dataset.entities);
        log(
          `read models after rebuild: ${Object.entries(counts)
            .map(([table, n]) => `${table} ${n}`)
            .join(', ')}`,
        );
        // Single runs that emulate proposed changes (experiment `variants`).
        const variants: Profile[] = [];
        // Building the GIN indexes late is only a variant while rebuildReadModels still maintains them during the load.
        const ginDuringLoad = runs[0]!.ginIndexesDuringLoad;
        log(`GIN indexes maintained during the rebuild's load: ${ginDuringLoad}`);
        // Likewise writing each row once and prefetching, while rebuildReadModels does not use the bulk loaders.
        const bulkInUse = runs[0]!.bulkFlushes > 0;
        log(`bulk loaders used by the rebuild: ${bulkInUse ? `yes (${runs[0]!.bulkFlushes} flushes)` : 'no'}`);
        const variantsToRun = EXPERIMENTS.has('variants')
          ? REBUILD_VARIANTS.filter((v) => (!v.lateGin || ginDuringLoad > 0) && ((!v.writeOnce && !v.prefetch) || !bulkInUse))
          : [];
        for (const variant of variantsToRun) {
          const run = await profiledRebuild(uri, rebuilder.pool, rebuilder.store, REBUILD_BATCH_DEFAULT, variant);
          variants.push(run);
          log(
            `rebuild variant, ${run.label}: ${fmt(run.eventsPerSecond)} events/s (${fmt(run.totalMs / 1000, 2)} s, of which index builds ${fmt(run.indexMs / 1000, 2)} s)`,
          );
        }
        const breakdown =
          EXPERIMENTS.has('readall') || EXPERIMENTS.has('json')
            ? await readAllBreakdown(uri, rebuilder.store, REBUILD_BATCH_DEFAULT, EXPERIMENTS.has('json'))
            : null;
        const fold = EXPERIMENTS.has('fold') ? await sqlFoldReference(uri) : null;
        if (copyBesideRuns.length > 0) copy = series(copyBesideRuns);
        results.rebuild = {
          eventsPerS: rebuild,
          copyBesideRowsPerS: copyBesideRuns.length > 0 ? copy : null,
          vsCopy: copy ? rebuild.median / copy.median : null,
          readModels: counts,
          runs,
          variants,
          readAll: breakdown,
          sqlFold: fold,
        };
        if (copyBesideRuns.length > 0) lines.push(['Raw COPY baseline, beside each rebuild round', `${rate(copy!)} rows/s`, spread(copy!), '']);
        lines.push([`Rebuild (rebuildReadModels, batch ${REBUILD_BATCH_DEFAULT}, swap)`, `${rate(rebuild)} events/s`, spread(rebuild), vsCopy(rebuild.median)]);
        // A paired experiment: its runs interleaved with the product's path, their rate and the per-pair ratio.
        const pairedWith = (armRuns: Profile[], label: string, ratioName: string) => {
          const armSeries = series(armRuns.map((run) => run.eventsPerSecond));
          const paired = series(streamedRuns.map((run, i) => run.eventsPerSecond / armRuns[i]!.eventsPerSecond));
          lines.push([
            label,
            `${rate(armSeries)} events/s`,
            spread(armSeries),
            `${vsCopy(armSeries.median)}; ${ratioName} ${fmt(paired.median, 2)}× (${spread(paired, 2)}), paired`,
          ]);
          return { armSeries, paired };
        };
        if (pagedRuns.length > 0) {
          const { armSeries, paired } = pairedWith(pagedRuns, '  experiment: the same rebuild reading page by page (readAll), interleaved', 'streamed/paged');
          results.rebuildPaged = { eventsPerS: armSeries, streamedOverPaged: paired };
        }
        if (heldRuns.length > 0) {
          const { armSeries, paired } = pairedWith(
            heldRuns,
            '  experiment: the same rebuild with the audit rows held until the flush, interleaved',
            'batch by batch/held',
          );
          results.rebuildHeld = { eventsPerS: armSeries, streamedOverHeld: paired };
        }
        for (const run of variants) lines.push([`  variant (1 run): ${run.label}`, `${fmt(run.eventsPerSecond)} events/s`, '', vsCopy(run.eventsPerSecond)]);

        printProfile = () => printRebuildProfile({ runs, variants, breakdown, fold, total });
      } finally {
        await rebuilder.close();
      }
    }

    // ------------------------------------------------------------------------------------------------------------
    const widths = [0, 1, 2, 3].map((c) => Math.max(...lines.map((l) => l[c]!.length), ['Measurement', 'Median', 'Range', 'Ratio'][c]!.length));
    const tableRow = (cells: readonly string[]) => `| ${cells.map((cell, c) => (c === 1 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join(' | ')} |`;
    console.log('');
    console.log(
      `Event store benchmark — ${new Date().toISOString()} — ${total} events; baselines and rebuild: median of ${REPS} runs; appends and lag: median of ${segmentNote}; ` +
        `PostgreSQL ${settings.server_version} (fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}); ${os.cpus().length} CPUs`,
    );
    console.log(tableRow(['Measurement', 'Median', 'Range', 'Ratio']));
    console.log(tableRow(widths.map((w) => '-'.repeat(w))));
    for (const line of lines) console.log(tableRow(line));

    let targetsMet: boolean | null = null;
    if (rebuild) {
      const rebuildOk = rebuild.median >= TARGET_REBUILD_EVENTS_PER_S;
      const ratioOk = copy ? rebuild.median / copy.median >= TARGET_REBUILD_COPY_RATIO : null;
      targetsMet = rebuildOk && ratioOk !== false;
      console.log('');
      console.log(
        `Targets: rebuild ≥ ${fmt(TARGET_REBUILD_EVENTS_PER_S)} events/s: ${rebuildOk ? 'MET' : 'NOT MET'} (${fmt(rebuild.median)}); ` +
          `rebuild ≥ ${TARGET_REBUILD_COPY_RATIO}× COPY: ${ratioOk === null ? 'not measured' : ratioOk ? 'MET' : 'NOT MET'}${copy ? ` (${fmt(rebuild.median / copy.median, 2)}×)` : ''}`,
      );
      printProfile?.();
    }
    console.log(`Total wall time ${fmt((now() - wallStart) / 1000, 1)} s`);

    const json = {
      bench: 'store',
      date: new Date().toISOString(),
      events: total,
      reps: REPS,
      phases: [...PHASES],
      experiments: [...EXPERIMENTS].filter(Boolean),
      code,
      cpus: os.cpus().length,
      node: process.version,
      postgres: settings,
      dataset: { appends: units.length, eventsPerAppend: EVENTS_PER_APPEND, entities: dataset.entities, eventBytes: dataset.bytes },
      ...results,
      targets: { rebuildEventsPerS: TARGET_REBUILD_EVENTS_PER_S, rebuildVsCopy: TARGET_REBUILD_COPY_RATIO, met: targetsMet },
    };
    console.log(`BENCH_JSON ${JSON.stringify(json)}`);
  } finally {
    await database?.stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`[bench] failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
}
