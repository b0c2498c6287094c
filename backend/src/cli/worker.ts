import { startWorker } from '../app/worker';
import { createLogger, logFunction } from '../observability/logger';
import { configOrExit } from './config-or-exit';
import { failureLine } from './failure-line';
import { shutdownOnSignals } from './shutdown-on-signals';

/**
 * `npm run worker` (image: `node dist/server/worker.mjs`): the projections worker beside API processes started
 * with RUN_PROJECTIONS=false. Same settings as the API; WORKER_PORT (default 3001) serves /healthz, /readyz and
 * /metrics.
 */
const config = configOrExit((message) => createLogger().child({ process: 'worker' }).fatal(message));
const logger = createLogger({ level: config.logLevel }).child({ process: 'worker' });
const log = logFunction(logger);
const signals = shutdownOnSignals(logger);
for (const note of config.notes) log(note);

const worker = await startWorker(config, { logger, log, signal: signals.startup }).catch((error: unknown) => {
  if (signals.startup.aborted) signals.stoppedWhileStarting();
  logger.fatal(failureLine('Could not start the worker', error));
  process.exit(1);
});
log(`Projections worker running; probes on http://localhost:${new URL(worker.url).port}/healthz`);
signals.started(worker.close);
