import { loadConfig, type Config } from '../config';
import { startBackend } from '../app/backend';
import { createLogger, logFunction } from '../observability/logger';
import { clientDirOf, ensureClientBuilt } from './client-build';
import { shutdownOnSignals } from './shutdown-on-signals';

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

shutdownOnSignals(logger, backend.close);
