/**
 * Waiting primitives shared by the projection runner, the read-model progress waiter and the Typesense indexer:
 * each follows the log, sleeps between polls, and is woken early by a notification.
 */

/** A sleep that a notification ("new events appended") can cut short. */
export class InterruptibleSleep {
  private wakeUp: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  wake(): void {
    this.wakeUp?.();
  }
}

/**
 * Resolves true once `done()` holds, false after `timeoutMs`. Between checks it waits for a signal on `waiters`
 * (whoever advances the position calls every waiter) or `pollMs`, then `refresh()`es in case a signal was missed.
 */
export async function waitUntil(
  done: () => boolean,
  options: { waiters: Set<() => void>; timeoutMs: number; pollMs: number; refresh: () => Promise<unknown> },
): Promise<boolean> {
  if (done()) return true;
  const deadline = Date.now() + options.timeoutMs;
  while (!done() && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        options.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.min(options.pollMs, Math.max(1, deadline - Date.now())));
      options.waiters.add(wake);
    });
    if (!done()) await options.refresh();
  }
  return done();
}
