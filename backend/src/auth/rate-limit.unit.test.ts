import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../shared/errors';
import { limitKey, loginDelaySeconds, MAX_LOGIN_DELAY_SECONDS, minutesText, waitText } from './rate-limit';

describe('loginDelaySeconds', () => {
  const policy = { freeFailures: 5, accountCeiling: 20, maxDelaySeconds: MAX_LOGIN_DELAY_SECONDS };

  it('gives the first failures of a pair for free, then doubles the wait from one second', () => {
    expect([1, 2, 3, 4, 5].map((failures) => loginDelaySeconds(failures, failures, policy))).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9, 10].map((failures) => loginDelaySeconds(failures, failures, policy))).toEqual([1, 2, 4, 8, 16]);
  });

  it('never waits longer than the cap, however many failures (no overflow either)', () => {
    expect(loginDelaySeconds(15, 15, policy)).toBe(512);
    expect(loginDelaySeconds(16, 16, policy)).toBe(MAX_LOGIN_DELAY_SECONDS);
    expect(loginDelaySeconds(5000, 5000, policy)).toBe(MAX_LOGIN_DELAY_SECONDS);
  });

  it('over the account-wide ceiling no failure is free: an address waits from its first failure', () => {
    expect(loginDelaySeconds(1, 20, policy)).toBe(0);
    expect(loginDelaySeconds(1, 21, policy)).toBe(1);
    expect(loginDelaySeconds(2, 22, policy)).toBe(2);
    expect(loginDelaySeconds(3, 500, policy)).toBe(4);
  });
});

describe('minutesText and waitText', () => {
  it('minutesText says "om en minut" up to a minute and rounds longer waits up to whole minutes', () => {
    expect(minutesText(0.5)).toBe('om en minut');
    expect(minutesText(60)).toBe('om en minut');
    expect(minutesText(61)).toBe('om 2 minuter');
    expect(minutesText(15 * 60)).toBe('om 15 minuter');
    expect(minutesText(15 * 60 - 0.2)).toBe('om 15 minuter');
  });

  it('waitText says whole seconds under a minute and minutes from a minute on', () => {
    expect(waitText(0.2)).toBe('om en sekund');
    expect(waitText(1)).toBe('om en sekund');
    expect(waitText(1.5)).toBe('om 2 sekunder');
    expect(waitText(59.1)).toBe('om 60 sekunder');
    expect(waitText(60)).toBe('om en minut');
    expect(waitText(512)).toBe('om 9 minuter');
  });
});

describe('limitKey', () => {
  it('is short and fixed-length whatever it hashes, and tells the parts apart', () => {
    const long = limitKey(`${'a'.repeat(250)}@example.se`, 'ffff:'.repeat(60));
    expect(long).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(limitKey('a', 'bc')).not.toBe(limitKey('ab', 'c'));
    expect(limitKey('anna@example.se')).toBe(limitKey('anna@example.se'));
  });
});

describe('TooManyRequestsError', () => {
  it('sends a whole-second Retry-After, never 0 for a wait that is about to end', () => {
    expect(new TooManyRequestsError('x', 0.01).headers['Retry-After']).toBe('1');
    expect(new TooManyRequestsError('x', 1.2).headers['Retry-After']).toBe('2');
    expect(new TooManyRequestsError('x', 900).headers['Retry-After']).toBe('900');
  });
});
