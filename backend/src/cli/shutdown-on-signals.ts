import type { Logger } from '../observability/logger';

/** The longest a shutdown may take before the process gives up on it (the HTTP drain alone is bounded at 10 s). */
const SHUTDOWN_TIMEOUT_MS = 30_000;

export type SignalShutdown = {
  /** Aborted by a signal that comes while the process is still starting: start-up stops and undoes what it did. */
  startup: AbortSignal;
  /** The process is up: a signal from now on runs `close`. */
  started(close: () => Promise<void>): void;
  /** Start-up gave up because of the signal (its parts already stopped): exits 0. */
  stoppedWhileStarting(): never;
};

/**
 * SIGTERM (docker stop, Kubernetes) or SIGINT (Ctrl-C): run `close` (stop accepting connections, finish the
 * requests in flight, let the projections runner commit its batch, close sockets, pools and the embedded
 * PostgreSQL), then exit 0. A second signal, or a shutdown longer than SHUTDOWN_TIMEOUT_MS, exits 1 at once.
 * The process needs no init in front of it for this: Node as PID 1 gets the signal and these handlers act on it.
 *
 * Installed before start-up: a signal while starting (PostgreSQL up, read models building, the archive importing)
 * aborts `startup`, and the start-up stops at its next step and stops what it had started. Without the handlers
 * then, Node's default action ended the process at once and left the embedded PostgreSQL running.
 */
export function shutdownOnSignals(logger: Logger): SignalShutdown {
  const startup = new AbortController();
  let close: (() => Promise<void>) | null = null;
  let stopping = false;
  const exitWhenClosed = (closing: Promise<void>) =>
    closing.then(
      () => {
        logger.info('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ error: String(error) }, 'Shutdown failed');
        process.exit(1);
      },
    );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, 'Second signal: exiting without finishing the shutdown');
        process.exit(1);
      }
      stopping = true;
      setTimeout(() => {
        logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'Shutdown did not finish in time: exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS).unref();
      if (close === null) {
        logger.info({ signal }, 'Shutting down: stopping the start-up');
        startup.abort(new Error(`${signal} while starting`));
        return;
      }
      logger.info({ signal }, 'Shutting down: finishing the work in flight');
      void exitWhenClosed(close());
    });
  }
  return {
    startup: startup.signal,
    started(closeStarted) {
      close = closeStarted;
      // A signal that came between start-up's last step and now: the process is up, so close it.
      if (startup.signal.aborted) {
        logger.info('Shutting down: finishing the work in flight');
        void exitWhenClosed(closeStarted());
      }
    },
    stoppedWhileStarting() {
      logger.info('Stopped before serving');
      process.exit(0);
    },
  };
}
