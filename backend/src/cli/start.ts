import { loadConfig, type Config } from '../config';
import { startBackend } from '../app/backend';
import { createLogger, logFunction } from '../observability/logger';
import { clientDirOf, ensureClientBuilt } from './client-build';

/** The longest a shutdown may take before the process gives up on it (the HTTP drain alone is bounded at 10 s). */
const SHUTDOWN_TIMEOUT_MS = 30_000;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  createLogger().fatal({ error: (error as Error).message }, 'Could not start: invalid settings');
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel });
const log = logFunction(logger);

try {
  ensureClientBuilt(log);
} catch (error) {
  logger.fatal({ error: (error as Error).message }, 'Could not build the client');
  process.exit(1);
}
for (const note of config.notes) log(note);
const backend = await startBackend(config, { logger, clientDir: clientDirOf() }).catch((error: unknown) => {
  logger.fatal({ error: String((error as Error)?.stack ?? error) }, 'Could not start');
  process.exit(1);
});
log(`Serving on http://localhost:${config.port}`);

/**
 * SIGTERM (docker stop, Kubernetes) or SIGINT (Ctrl-C): stop accepting connections, finish the requests in
 * flight, flush the view counts, let the projections runner commit its batch, close sockets, pools and the
 * embedded PostgreSQL, then exit 0. A second signal exits at once.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.warn({ signal }, 'Second signal: exiting without finishing the shutdown');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'Shutting down: finishing the requests in flight');
    setTimeout(() => {
      logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'Shutdown did not finish in time: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    backend.close().then(
      () => {
        logger.info('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ error: String(error) }, 'Shutdown failed');
        process.exit(1);
      },
    );
  });
}
