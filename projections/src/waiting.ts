/**
 * Waiting primitives shared by the projection runner, the read-model progress waiter and the Typesense indexer:
 * each follows the log, sleeps between polls, and is woken early by a notification.
 */

/**
 * A sleep that a notification ("new events appended", "stop") can cut short. A wake that comes while nothing
 * sleeps is kept for the next sleep, which then returns at once: the loops that use this check their "running"
 * flag and then sleep, and a stop() between the two used to be lost, holding the shutdown for the whole interval
 * (2 s, the rebuild-request listener's and the live follower's poll: about one start-then-stop in five). Keeping
 * it costs at most one extra look at the log.
 */
export class InterruptibleSleep {
  private wakeUp: (() => void) | null = null;
  private woken = false;

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      // Either ends the sleep: the timer, or a wake(). Whichever comes first also forgets the other, so a wake after
      // the timer is kept for the next sleep rather than spent on this finished one.
      const done = () => {
        clearTimeout(timer);
        if (this.wakeUp === done) this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
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
