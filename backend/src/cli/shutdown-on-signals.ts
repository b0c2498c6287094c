import type { Logger } from '../observability/logger';

/** The longest a shutdown may take before the process gives up on it (the HTTP drain alone is bounded at 10 s). */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * SIGTERM (docker stop, Kubernetes) or SIGINT (Ctrl-C): run `close` (stop accepting connections, finish the
 * requests in flight, let the projections runner commit its batch, close sockets, pools and the embedded
 * PostgreSQL), then exit 0. A second signal, or a shutdown longer than SHUTDOWN_TIMEOUT_MS, exits 1 at once.
 * The process needs no init in front of it for this: Node as PID 1 gets the signal and these handlers act on it.
 */
export function shutdownOnSignals(logger: Logger, close: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, 'Second signal: exiting without finishing the shutdown');
        process.exit(1);
      }
      stopping = true;
      logger.info({ signal }, 'Shutting down: finishing the work in flight');
      setTimeout(() => {
        logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'Shutdown did not finish in time: exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS).unref();
      close().then(
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
}
