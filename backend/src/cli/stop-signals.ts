/** Exit codes of a command stopped by a signal: 128 + the signal's number, as a shell reports it. */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type StopSignal = keyof typeof EXIT_CODES;

/**
 * Ctrl-C, or SIGTERM from a supervisor or `timeout`, for a maintenance command (`npm run rebuild`, `npm run
 * projections`): the first runs `onFirst` and lets the command stop itself, so that what it opened is closed — the
 * embedded PostgreSQL it may have started included, which Node's default (die at once) left running. A second
 * signal exits at once; the next command or start cleans up after it. Returns the exit code the first signal asks
 * for (null while none came).
 */
export function onStopSignals(onFirst: (signal: StopSignal) => void): () => number | null {
  let received: StopSignal | null = null;
  for (const signal of Object.keys(EXIT_CODES) as StopSignal[]) {
    process.on(signal, () => {
      if (received !== null) process.exit(EXIT_CODES[signal]);
      received = signal;
      onFirst(signal);
    });
  }
  return () => (received === null ? null : EXIT_CODES[received]);
}
