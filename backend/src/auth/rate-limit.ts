import { TooManyRequestsError } from '../shared/errors';

/**
 * Fixed-window counters in memory, per key. One process per deployment unit is enough for login and write
 * limits (several API processes each enforce their own window, which only makes the limit N times looser).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is under the limit. Does not count. */
  retryAfter(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return (window.resetAt - now) / 1000;
  }

  hit(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 50_000) this.sweep(now);
      return;
    }
    window.count += 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'om en minut' : `om ${minutes} minuter`;
};

export function throwIfLimited(limiter: RateLimiter, key: string, message: (seconds: number) => string): void {
  const wait = limiter.retryAfter(key);
  if (wait > 0) throw new TooManyRequestsError(message(wait), wait);
}
