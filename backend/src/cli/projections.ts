import { projectionStatuses } from '../maintenance/projection-status';
import { recentRuns } from '../maintenance/rebuild-runs';
import { openCliDatabase, type CliDatabase } from './cli-database';
import { configOrExit } from './config-or-exit';
import { failureLine } from './failure-line';
import { describeRun, projectionTable } from './run-lines';
import { onStopSignals } from './stop-signals';

/**
 * `npm run projections`: every projection with its status (running / catching up / stopped / rebuilding),
 * checkpoint, events behind and last error with the event it stopped on, then the rebuild running now and the
 * last one (maintenance/projection-status.ts, what the admin console shows). With the embedded default it reads
 * the database of a running `npm start`, or starts one for the moment.
 */
const config = configOrExit((message) => console.error(message));
// A listing takes a moment once the database is open: a signal lets it finish and close what it opened.
const stoppedBy = onStopSignals(() => undefined);
let cli: CliDatabase | null = null;
try {
  // The embedded server's notes go to stderr, so stdout is the table alone.
  cli = await openCliDatabase(config, (message) => console.error(message));
  const { projections, rebuild } = await projectionStatuses({ pool: cli.pool, store: cli.store });
  for (const line of projectionTable(projections)) console.log(line);
  const [last] = await recentRuns(cli.pool, 1);
  console.log('');
  if (rebuild) console.log(`Rebuild running: ${describeRun(rebuild)}`);
  else console.log(last ? `Last rebuild: ${describeRun(last)}` : 'No rebuild has run yet');
} catch (error) {
  console.error(failureLine('Could not list the projections', error));
  process.exitCode = 1;
} finally {
  await cli?.close().catch(() => undefined);
}
process.exit(stoppedBy() ?? process.exitCode ?? 0);
