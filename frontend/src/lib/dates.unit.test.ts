import { describe, expect, it, vi } from 'vitest';
import { SWEDISH_TIME_ZONE, formatCount, formatDate, swedishYear } from './dates';

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

// dates.ts writes Stockholm's clock and Swedish names out instead of asking Intl (see there why): Intl is the judge.
describe('the same text as Intl', () => {
  it('formatDate: every hour from 1981 to 2040, across each summer-time change', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SWEDISH_TIME_ZONE });
    const differences: string[] = [];
    for (let t = Date.UTC(1980, 11, 31); t < Date.UTC(2041, 0, 1); t += 3_600_000) {
      const date = new Date(t);
      if (formatDate(date) !== intl.format(date)) differences.push(`${date.toISOString()}: ${formatDate(date)} ≠ ${intl.format(date)}`);
    }
    expect(differences.slice(0, 5)).toEqual([]);
  });

  it('formatDate: dates before 1981 too', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SWEDISH_TIME_ZONE });
    for (const iso of ['1958-01-29T12:00:00.000Z', '1975-06-30T22:30:00.000Z', '1980-12-31T23:30:00.000Z']) {
      expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });

  it("swedishYear: either side of every New Year's midnight in Stockholm, 1901 to 2100", () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { year: 'numeric', timeZone: SWEDISH_TIME_ZONE });
    for (let year = 1901; year <= 2100; year += 1) {
      for (const t of [Date.UTC(year, 0, 1) - 3_600_001, Date.UTC(year, 0, 1) - 3_600_000, Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)]) {
        expect(swedishYear(new Date(t)), new Date(t).toISOString()).toBe(intl.format(new Date(t)));
      }
    }
  });

  it('formatCount: whole numbers of every length, and the rest', () => {
    const intl = new Intl.NumberFormat('sv-SE');
    const values = [0, 1, 12, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 1234567, 12345678, 987654321, Number.MAX_SAFE_INTEGER, -1234, 12.5];
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
  });
});

describe('no Intl for the dates and counts of today', () => {
  it('makes no Intl formatter for a recent date, this year or a count (the first one costs a slow phone ~150 ms)', async () => {
    vi.resetModules();
    const fresh = await import('./dates'); // no formatter kept from the tests above
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      fresh.formatDate('2024-03-12T10:00:00.000Z');
      fresh.swedishYear(new Date());
      fresh.formatCount(1234567);
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
});

describe('formatCount', () => {
  it('groups thousands the Swedish way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
  });
});
