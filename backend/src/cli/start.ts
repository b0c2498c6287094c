import { startBackend } from '../app/backend';
import { createLogger, logFunction } from '../observability/logger';
import { ensureClientBuilt } from './client-build';
import { configOrExit } from './config-or-exit';
import { shutdownOnSignals } from './shutdown-on-signals';

const config = configOrExit((message) => createLogger().fatal(message));
const logger = createLogger({ level: config.logLevel });
const log = logFunction(logger);

try {
  ensureClientBuilt(log, config.client);
} catch (error) {
  logger.fatal({ error: (error as Error).message }, 'Could not build the client');
  process.exit(1);
}
for (const note of config.notes) log(note);
const backend = await startBackend(config, { logger, clientDir: config.client.dir }).catch((error: unknown) => {
  logger.fatal({ error: String((error as Error)?.stack ?? error) }, 'Could not start');
  process.exit(1);
});
log(`Serving on http://localhost:${config.port}`);

shutdownOnSignals(logger, backend.close);
