import os from 'node:os';
import { parseArgs } from 'node:util';
import { eventCounter } from '../maintenance/event-count';
import { RebuildInProgressError } from '../maintenance/rebuild-errors';
import { projectionNames, startRebuild, type RebuildRunProgress } from '../maintenance/rebuild-job';
import { createTypesenseClient } from '../search/typesense/typesense-client';
import { rebuildTypesense } from '../search/typesense/typesense-rebuild';
import { openCliDatabase, type CliDatabase } from './cli-database';
import { configOrExit } from './config-or-exit';
import { failureLine } from './failure-line';
import { describeRun } from './run-lines';
import { onStopSignals } from './stop-signals';

/**
 * `npm run rebuild [-- --projection <name>]`: every read model, or one projection, built from position 0 beside
 * the live ones and swapped in while the site keeps answering (maintenance/rebuild-job.ts, the same code as the
 * admin console). With the embedded default it uses the database of a running `npm start`, or starts one itself.
 * Refused while another rebuild runs; Ctrl-C or SIGTERM cancels it, leaving the live read models as they were. Every failure
 * is one line on stderr and exit code 1.
 */
const USAGE = 'Usage: npm run rebuild [-- --projection <name>]';
let target = 'all';
try {
  const { values } = parseArgs({ options: { projection: { type: 'string' } }, strict: true, allowPositionals: false });
  target = values.projection ?? 'all';
} catch (error) {
  console.error(`${(error as Error).message}. ${USAGE}`);
  process.exit(1);
}
if (target !== 'all' && !projectionNames().includes(target)) {
  console.error(`Unknown projection "${target}". Valid names: ${projectionNames().join(', ')}`);
  process.exit(1);
}

const config = configOrExit((message) => console.error(message));
const what = target === 'all' ? 'every read model' : `projection ${target}`;

const bar = (progress: RebuildRunProgress) => {
  const width = 30;
  const ratio = progress.total ? Math.min(1, progress.events / progress.total) : 0;
  const filled = Math.round(ratio * width);
  const eta = progress.etaSeconds === null ? '–' : `${progress.etaSeconds.toFixed(1)} s`;
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.events}${progress.total ? `/${progress.total}` : ''} events  ${Math.round(progress.eventsPerSecond)} events/s  ETA ${eta}  ${progress.phase}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
  else console.log(line);
};

let cli: CliDatabase | null = null;
const cancel = new AbortController();
const stoppedBy = onStopSignals((signal) => {
  console.error(`\nCancelling the rebuild (${signal}; Ctrl-C again to quit at once)`);
  cancel.abort();
});
try {
  cli = await openCliDatabase(config, (message) => console.log(message));
  const rebuild = await startRebuild(
    { connectionUri: cli.database.uri, source: cli.store, countEvents: eventCounter(cli.pool, config) },
    {
      target,
      startedBy: `cli:${os.userInfo().username}@${os.hostname()}`,
      onProgress: bar,
      signal: cancel.signal,
      progressIntervalMs: process.stdout.isTTY ? 100 : 1000,
    },
  );
  const run = await rebuild.done;
  if (process.stdout.isTTY) process.stdout.write('\n');
  if (run.result === 'cancelled') {
    console.error(`Rebuild of ${what} cancelled: the live read models are unchanged and the half-built one was dropped.`);
    process.exitCode = stoppedBy() ?? 130;
  } else if (run.result !== 'succeeded') {
    console.error(
      failureLine(`Rebuild of ${what} failed`, run.cause ?? run.error, 'The live read models are unchanged; fix the cause and run npm run rebuild again'),
    );
    process.exitCode = 1;
  } else {
    const seconds = run.durationSeconds ?? 0;
    console.log(
      `Rebuilt and swapped in ${what}: ${run.events} events in ${seconds.toFixed(2)} s (${Math.round(run.events / Math.max(seconds, 0.001))} events/s)`,
    );
    if (target === 'all' && config.typesenseUrl) {
      // Production search: a full reindex into new collections, swapped in through the aliases.
      const client = createTypesenseClient({ url: config.typesenseUrl, apiKey: config.typesenseApiKey ?? '' });
      const search = await rebuildTypesense({ client, pool: cli.pool, source: cli.store, log: (message) => console.log(message) });
      console.log(
        `Reindexed Typesense: ${search.events} events in ${search.seconds.toFixed(2)} s into ${Object.values(search.collections).join(', ')}; dropped ${search.dropped.length} old collections`,
      );
    }
  }
} catch (error) {
  if (error instanceof RebuildInProgressError) {
    console.error(
      `Rebuild of ${what} refused: another rebuild is running (${describeRun(error.running)}). Wait for it to finish or cancel it, then run this again.`,
    );
  } else {
    console.error(failureLine(`Rebuild of ${what} failed`, error));
  }
  process.exitCode = 1;
} finally {
  await cli?.close().catch(() => undefined);
}
// Nothing of the rebuild may keep the process alive once it is over (a pool's idle timer, say).
process.exit(process.exitCode ?? 0);
