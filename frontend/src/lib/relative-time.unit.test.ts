import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2024-03-12T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says less than an hour up to 59:59', () => {
    expect(relativeTime(ago(0), now)).toBe('mindre än 1h sedan');
    expect(relativeTime(ago(59 * MINUTE), now)).toBe('mindre än 1h sedan');
    expect(relativeTime(ago(HOUR - 1), now)).toBe('mindre än 1h sedan');
  });

  it('counts whole hours from one hour up to just under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1h sedan');
    expect(relativeTime(ago(2 * HOUR - 1), now)).toBe('1h sedan');
    expect(relativeTime(ago(2 * HOUR), now)).toBe('2h sedan');
    expect(relativeTime(ago(DAY - 1), now)).toBe('23h sedan');
  });

  it('counts whole days from one day up to just under a week', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1d sedan');
    expect(relativeTime(ago(2 * DAY - 1), now)).toBe('1d sedan');
    expect(relativeTime(ago(6 * DAY), now)).toBe('6d sedan');
    expect(relativeTime(ago(7 * DAY - 1), now)).toBe('6d sedan');
  });

  it('gives the Swedish date from seven days on', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('5 mars 2024');
    expect(relativeTime('2023-01-02T12:00:00.000Z', now)).toBe('2 januari 2023');
  });

  it('treats a time in the future as just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('mindre än 1h sedan');
  });

  it('accepts Date objects and leaves non-dates as they are', () => {
    expect(relativeTime(new Date(now.getTime() - 3 * HOUR), now)).toBe('3h sedan');
    expect(relativeTime('okänt', now)).toBe('okänt');
  });
});
