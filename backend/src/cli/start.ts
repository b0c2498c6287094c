import { startBackend } from '../app/backend';
import { createLogger, logFunction } from '../observability/logger';
import { ensureClientBuilt } from './client-build';
import { configOrExit } from './config-or-exit';
import { failureLine } from './failure-line';
import { listenProblem } from './listen-check';
import { shutdownOnSignals } from './shutdown-on-signals';

const config = configOrExit((message) => createLogger().fatal(message));
const logger = createLogger({ level: config.logLevel });
const log = logFunction(logger);
const signals = shutdownOnSignals(logger);

const problem = await listenProblem(config.port, config.host);
if (problem) {
  logger.fatal(`Could not start: ${problem}.`);
  process.exit(1);
}
try {
  ensureClientBuilt(log, config.client);
} catch (error) {
  logger.fatal({ error: (error as Error).message }, 'Could not build the client');
  process.exit(1);
}
if (signals.startup.aborted) signals.stoppedWhileStarting();
for (const note of config.notes) log(note);
const backend = await startBackend(config, { logger, clientDir: config.client.dir, signal: signals.startup }).catch((error: unknown) => {
  if (signals.startup.aborted) signals.stoppedWhileStarting();
  // One line an operator reads (what, why, what to do); the stack only for whoever asks for debug logs.
  logger.debug({ stack: String((error as Error)?.stack ?? error) }, 'Start failure stack');
  logger.fatal(failureLine('Could not start', error));
  process.exit(1);
});
log(`Serving on http://localhost:${config.port}`);

signals.started(backend.close);
