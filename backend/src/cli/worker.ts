import { startWorker } from '../app/worker';
import { loadConfig, type Config } from '../config';
import { createLogger, logFunction } from '../observability/logger';
import { shutdownOnSignals } from './shutdown-on-signals';

/**
 * `npm run worker` (image: `node dist/server/worker.mjs`): the projections worker beside API processes started
 * with RUN_PROJECTIONS=false. Same settings as the API; WORKER_PORT (default 3001) serves /healthz, /readyz and
 * /metrics.
 */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  createLogger().fatal({ error: (error as Error).message }, 'Could not start the worker: invalid settings');
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel }).child({ process: 'worker' });
const log = logFunction(logger);
for (const note of config.notes) log(note);

const worker = await startWorker(config, { logger, log }).catch((error: unknown) => {
  logger.fatal({ error: String((error as Error)?.stack ?? error) }, 'Could not start the worker');
  process.exit(1);
});
log(`Projections worker running; probes on http://localhost:${new URL(worker.url).port}/healthz`);
shutdownOnSignals(logger, worker.close);
