/**
 * Maintainers' console benchmark (not a test): the rebuilds the Drift tab and `npm run rebuild` start
 * (backend/src/maintenance/rebuild-job.ts, startRebuild) on the store bench's log of BENCH_EVENTS archive events
 * (100k, appended through the event store by 8 writers), in one run, rounds interleaved so machine noise hits every
 * variant alike:
 *
 *   - the full rebuild (every read model) as the console runs it: the rebuild lock, public.rebuild_runs, progress
 *     stored about once a second and announced (pg_notify), and the live push it causes (a LISTENer that reads the
 *     run and serialises it for the admins' sockets, as backend/src/live/drift-live.ts does);
 *   - the same rebuild without any progress reporting: rebuildReadModels alone (also without the lock and the run's
 *     row, a few milliseconds, so the cost of progress is if anything overstated);
 *   - one projection rebuilt alone (`--projection <name>`), for CONSOLE_PROJECTIONS (default videos, search_years).
 *
 * "Per event" is the events a rebuild reads and applies: every event of the log for the full rebuild, the events of
 * the projection's own types for one projection (those are all it reads: the log is filtered by type in SQL). Its
 * events/s against the full rebuild's is the ratio the issue asks for; the rate over the whole log is shown too.
 *
 *   npm run bench:console                               100k events, 3 rounds (~3–5 min)
 *   BENCH_EVENTS=20000 BENCH_REPS=1 npm run bench:console   quick smoke run
 *
 * Prints a table and, last, one JSON line (prefix "BENCH_JSON ") for machines.
 */
import os from 'node:os';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { allProjections, rebuildProjection, rebuildReadModels, type Projection } from '@mello/projections';
import type { ConsoleJson } from '../src/bench-report/console-section';
import { migrate } from '../src/db/migrate';
import { decodingEventStore } from '../src/event-store/decoding-event-store';
import { eventCounter } from '../src/maintenance/event-count';
import { startRebuild, type RebuildDeps } from '../src/maintenance/rebuild-job';
import { REBUILD_CHANNEL, findRun, rebuildRunMigrations } from '../src/maintenance/rebuild-runs';
import { startBenchDatabase } from './bench-database';
import { appendPassConcurrent, openStore } from './store/appends';
import { EVENTS, REPS, fmt, log, now, series, spread } from './store/common';
import { generateDataset } from './store/dataset';

const PROJECTIONS = (process.env.CONSOLE_PROJECTIONS ?? 'videos,search_years').split(',').map((name) => name.trim());
/** The issue's goals: one projection at least as fast per event as the full rebuild; progress costs under 5 %. */
const TARGET_SINGLE_RATIO = 1;
const TARGET_PROGRESS_COST = 0.05;

type Run = { seconds: number; eventsPerSecond: number };

async function main() {
  const started = now();
  const unknown = PROJECTIONS.filter((name) => !allProjections.some((projection) => projection.name === name));
  if (unknown.length > 0) throw new Error(`unknown projection(s) ${unknown.join(', ')}`);
  log(
    `${EVENTS} events, ${REPS} rounds, projections ${PROJECTIONS.join(', ')}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const database = await startBenchDatabase(log);
  const { units } = generateDataset(EVENTS);
  try {
    const uri = database.uri;
    await migrate(uri, rebuildRunMigrations);
    log('appending the log through the event store (8 writers, untimed)');
    await appendPassConcurrent(uri, [units]);
    const opened = await openStore(uri, 4);
    const source = decodingEventStore(opened.store);
    const deps: RebuildDeps = { connectionUri: uri, source, countEvents: eventCounter(opened.pool, {}) };
    const total = await opened.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events`);
    const ownEvents = new Map<string, number>();
    for (const name of PROJECTIONS) {
      const projection = allProjections.find((p) => p.name === name)!;
      ownEvents.set(
        name,
        await opened.pool.oneFirst(
          sql.type(
            z.object({ n: z.number() }),
          )`SELECT count(*)::int AS n FROM es.events WHERE event_type = ANY(${sql.array([...projection.eventTypes], 'text')})`,
        ),
      );
    }
    log(`log: ${fmt(total)} events; ${PROJECTIONS.map((name) => `${name} follows ${fmt(ownEvents.get(name)!)} of them`).join(', ')}`);

    // The live push, as drift-live.ts does it in the process that runs the rebuild: each announced step is read
    // back and serialised for the admins' sockets.
    const listener = new pg.Client({ connectionString: uri });
    listener.on('error', (error) => log(`the live push's LISTEN connection failed: ${String(error)}`));
    await listener.connect();
    let pushes = 0;
    let pushedBytes = 0;
    listener.on('notification', (message) => {
      if (message.channel !== REBUILD_CHANNEL || !message.payload) return;
      void findRun(opened.pool, message.payload).then((run) => {
        pushes += 1;
        pushedBytes += JSON.stringify(run).length;
      });
    });
    await listener.query(`LISTEN ${REBUILD_CHANNEL}`);

    /** A rebuild as the console starts it (progress stored, announced, pushed; a progress callback as the CLI's). */
    const viaConsole = async (target: string, events: number): Promise<Run> => {
      let reports = 0;
      const t0 = now();
      const rebuild = await startRebuild(deps, { target, startedBy: 'bench', onProgress: () => (reports += 1) });
      const run = await rebuild.done;
      const seconds = (now() - t0) / 1000;
      if (run.result !== 'succeeded') throw new Error(`rebuild of ${target} ${run.result}: ${run.error}`);
      if (reports === 0) throw new Error(`rebuild of ${target} reported no progress`);
      return { seconds, eventsPerSecond: events / seconds };
    };
    /** The same work without any progress reporting. */
    const bare = async (projection: Projection | null, events: number): Promise<Run> => {
      const t0 = now();
      if (projection) await rebuildProjection({ pool: opened.pool, connectionUri: uri, source, projection });
      else await rebuildReadModels({ pool: opened.pool, connectionUri: uri, source, projections: allProjections });
      const seconds = (now() - t0) / 1000;
      return { seconds, eventsPerSecond: events / seconds };
    };

    log('warm-up: one full rebuild (creates the live read models; untimed)');
    await bare(null, total);

    const runs = {
      full: [] as Run[],
      fullWithoutProgress: [] as Run[],
      single: Object.fromEntries(PROJECTIONS.map((name) => [name, [] as Run[]])),
    };
    type Step = { name: string; run: () => Promise<Run>; into: Run[] };
    const steps: Step[] = [
      { name: 'full rebuild, progress on', run: () => viaConsole('all', total), into: runs.full },
      { name: 'full rebuild, progress off', run: () => bare(null, total), into: runs.fullWithoutProgress },
      ...PROJECTIONS.map((name) => ({
        name: `projection ${name}`,
        run: () => viaConsole(name, ownEvents.get(name)!),
        into: runs.single[name]!,
      })),
    ];
    for (let round = 0; round < REPS; round += 1) {
      // Each round starts at another step, so no variant always follows the same one.
      for (let i = 0; i < steps.length; i += 1) {
        const step = steps[(i + round) % steps.length]!;
        await opened.pool.query(sql.unsafe`CHECKPOINT`);
        const run = await step.run();
        step.into.push(run);
        log(`round ${round + 1}/${REPS}, ${step.name}: ${fmt(run.eventsPerSecond)} events/s (${fmt(run.seconds, 2)} s)`);
      }
    }
    await listener.end();
    if (pushes === 0) throw new Error('no progress step was pushed');

    const rate = (list: readonly Run[]) => series(list.map((run) => run.eventsPerSecond));
    const full = rate(runs.full);
    const fullBare = rate(runs.fullWithoutProgress);
    // Throughput lost to progress reporting: 1 − on/off (medians), and per round (each pair ran side by side).
    const progressCost = 1 - full.median / fullBare.median;
    const pairedCost = series(runs.full.map((run, i) => 1 - run.eventsPerSecond / runs.fullWithoutProgress[i]!.eventsPerSecond));
    const singles = PROJECTIONS.map((name) => {
      const own = rate(runs.single[name]!);
      const wholeLog = series(runs.single[name]!.map((run) => total / run.seconds));
      const seconds = series(runs.single[name]!.map((run) => run.seconds));
      return { name, events: ownEvents.get(name)!, eventsPerS: own, logEventsPerS: wholeLog, seconds, vsFull: own.median / full.median };
    });
    const fullSeconds = series(runs.full.map((run) => run.seconds));

    console.log(`\nMaintainers' console rebuilds (${fmt(total)} events, medians of ${REPS} rounds)`);
    const rows: Array<[string, string, string, string]> = [
      ['full rebuild via the console (progress on)', `${fmt(full.median)} events/s`, spread(full), `${fmt(fullSeconds.median, 2)} s; 1.00× (baseline)`],
      [
        'full rebuild, no progress reporting',
        `${fmt(fullBare.median)} events/s`,
        spread(fullBare),
        `progress costs ${fmt(progressCost * 100, 1)} % (per round ${pairedCost.runs.map((c) => fmt(c * 100, 1)).join(', ')} %)`,
      ],
      ...singles.map((s): [string, string, string, string] => [
        `projection ${s.name} (${fmt(s.events)} own events)`,
        `${fmt(s.eventsPerS.median)} events/s`,
        spread(s.eventsPerS),
        `${fmt(s.seconds.median, 2)} s; ${fmt(s.vsFull, 2)}× full per event; ${fmt(s.logEventsPerS.median)} log events/s`,
      ]),
    ];
    for (const row of rows) console.log(`${row[0].padEnd(48)} ${row[1].padStart(18)} ${row[2].padStart(16)}  ${row[3]}`);
    const singleMet = singles.every((s) => s.vsFull >= TARGET_SINGLE_RATIO);
    const progressMet = progressCost < TARGET_PROGRESS_COST;
    console.log(
      `\nTargets: one projection ≥ ${TARGET_SINGLE_RATIO}× the full rebuild per event: ${singleMet ? 'MET' : 'NOT MET'}; ` +
        `progress costs < ${TARGET_PROGRESS_COST * 100} %: ${progressMet ? 'MET' : 'NOT MET'} (${fmt(progressCost * 100, 1)} %); ` +
        `${pushes} progress pushes (${fmt(pushedBytes / Math.max(1, pushes))} B each)`,
    );
    console.log(
      'BENCH_JSON ' +
        JSON.stringify({
          bench: 'console',
          events: total,
          reps: REPS,
          full: { eventsPerS: full, seconds: fullSeconds },
          fullWithoutProgress: { eventsPerS: fullBare },
          progressCost,
          pairedProgressCost: pairedCost,
          pushes,
          singles,
          targets: { singleVsFull: TARGET_SINGLE_RATIO, progressCost: TARGET_PROGRESS_COST, singleMet, progressMet },
          seconds: Math.round((now() - started) / 1000),
        } satisfies ConsoleJson & { seconds: number }),
    );
    await opened.close();
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
