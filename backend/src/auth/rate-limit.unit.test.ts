import { describe, expect, it } from 'vitest';
import { AppError, TooManyRequestsError } from '../shared/errors';
import { minutesText, RateLimiter, throwIfLimited } from './rate-limit';

const T0 = 1_700_000_000_000;

describe('RateLimiter', () => {
  it('lets `limit` hits through in a window and then reports the seconds left until the window ends', () => {
    const limiter = new RateLimiter(3, 60_000);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfter('a', T0 + i)).toBe(0);
      limiter.hit('a', T0 + i);
    }
    // The window started at the first hit (T0) and lasts 60 s.
    expect(limiter.retryAfter('a', T0 + 10_000)).toBe(50);
    expect(limiter.retryAfter('a', T0 + 59_500)).toBe(0.5);
  });

  it('retryAfter only reads: asking many times does not use up the allowance', () => {
    const limiter = new RateLimiter(2, 1000);
    for (let i = 0; i < 10; i += 1) expect(limiter.retryAfter('a', T0)).toBe(0);
    limiter.hit('a', T0);
    for (let i = 0; i < 10; i += 1) expect(limiter.retryAfter('a', T0)).toBe(0);
    limiter.hit('a', T0);
    expect(limiter.retryAfter('a', T0)).toBe(1);
  });

  it('opens again once the window has passed, with a fresh count', () => {
    const limiter = new RateLimiter(2, 1000);
    limiter.hit('a', T0);
    limiter.hit('a', T0 + 100);
    expect(limiter.retryAfter('a', T0 + 999)).toBeGreaterThan(0);
    expect(limiter.retryAfter('a', T0 + 1000)).toBe(0);
    limiter.hit('a', T0 + 1000);
    expect(limiter.retryAfter('a', T0 + 1001)).toBe(0);
    limiter.hit('a', T0 + 1001);
    expect(limiter.retryAfter('a', T0 + 1002)).toBeCloseTo(0.998, 5);
  });

  it('counts every key on its own', () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.hit('anna@example.se', T0);
    expect(limiter.retryAfter('anna@example.se', T0)).toBeGreaterThan(0);
    expect(limiter.retryAfter('bertil@example.se', T0)).toBe(0);
  });

  it('reset forgets a key (a successful login clears the failed attempts)', () => {
    const limiter = new RateLimiter(1, 60_000);
    limiter.hit('a', T0);
    limiter.hit('b', T0);
    limiter.reset('a');
    expect(limiter.retryAfter('a', T0)).toBe(0);
    expect(limiter.retryAfter('b', T0)).toBe(60);
  });

  it('keeps working (and stays correct) when many keys have expired windows', () => {
    const limiter = new RateLimiter(1, 10);
    for (let i = 0; i < 50_001; i += 1) limiter.hit(`k${i}`, T0);
    limiter.hit('late', T0 + 100); // triggers the sweep of expired windows
    expect(limiter.retryAfter('late', T0 + 100)).toBeCloseTo(0.01, 5);
    expect(limiter.retryAfter('k1', T0 + 100)).toBe(0);
    expect(limiter.retryAfter('k1', T0)).toBe(0); // swept: no longer remembered
  });
});

describe('minutesText', () => {
  it('says "om en minut" up to a minute and rounds longer waits up to whole minutes', () => {
    expect(minutesText(0.5)).toBe('om en minut');
    expect(minutesText(60)).toBe('om en minut');
    expect(minutesText(61)).toBe('om 2 minuter');
    expect(minutesText(15 * 60)).toBe('om 15 minuter');
    expect(minutesText(15 * 60 - 0.2)).toBe('om 15 minuter');
  });
});

describe('throwIfLimited', () => {
  it('does nothing under the limit', () => {
    const limiter = new RateLimiter(1, 60_000);
    expect(() => throwIfLimited(limiter, 'a', () => 'nej')).not.toThrow();
  });

  it('throws a 429 with a whole-second Retry-After (at least 1) and the message built from the wait', () => {
    const limiter = new RateLimiter(1, 90_000);
    limiter.hit('a');
    let thrown: unknown;
    try {
      throwIfLimited(limiter, 'a', (s) => `Försök igen ${minutesText(s)}.`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TooManyRequestsError);
    const error = thrown as AppError;
    expect(error.status).toBe(429);
    expect(error.message).toBe('Försök igen om 2 minuter.');
    const retryAfter = Number(error.headers['Retry-After']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(89);
    expect(retryAfter).toBeLessThanOrEqual(90);
  });

  it('never sends Retry-After: 0 for a window that is about to end', () => {
    expect(new TooManyRequestsError('x', 0.01).headers['Retry-After']).toBe('1');
    expect(new TooManyRequestsError('x', 1.2).headers['Retry-After']).toBe('2');
  });
});
