import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/** The log function the rest of the backend is handed (unchanged since before pino): a message and some fields. */
export type Log = (message: string, detail?: Record<string, unknown>) => void;

/**
 * One JSON object per line on stdout (or `destination`: tests pass a stream and read the lines back). Levels are
 * written as their names and times as ISO instants, so a line reads without pino's tooling.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous writes: a line logged just before process.exit is not lost in a buffer.
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

export const silentLogger = (): Logger => pino({ level: 'silent' });

/**
 * The `Log` function on top of a pino logger. Callers say nothing about severity, but whatever they report with an
 * `error` field is a failure (a flush, a broadcast, a request that answered 500), so that is logged at level error.
 */
export function logFunction(logger: Logger): Log {
  return (message, detail) => {
    if (detail && 'error' in detail) logger.error(detail, message);
    else logger.info(detail ?? {}, message);
  };
}
