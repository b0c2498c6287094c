import { describe, expect, it } from 'vitest';
import { formatCount, formatDate } from './dates';

describe('formatDate', () => {
  it('writes the day, the Swedish month name and the year', () => {
    expect(formatDate('2024-03-12T10:00:00.000Z')).toBe('12 mars 2024');
    expect(formatDate('1958-01-29T12:00:00.000Z')).toBe('29 januari 1958');
    expect(formatDate(new Date('2023-12-24T12:00:00.000Z'))).toBe('24 december 2023');
  });

  it('uses the Swedish calendar day, not UTC', () => {
    // 23:30 UTC on 31 December is 00:30 on New Year's Day in Stockholm (winter time, UTC+1).
    expect(formatDate('2023-12-31T23:30:00.000Z')).toBe('1 januari 2024');
    // 22:30 UTC in July is 00:30 the next day in Stockholm (summer time, UTC+2).
    expect(formatDate('2024-07-14T22:30:00.000Z')).toBe('15 juli 2024');
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDate('lördag 8 mars')).toBe('lördag 8 mars');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatCount', () => {
  it('groups thousands the Swedish way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
  });
});
