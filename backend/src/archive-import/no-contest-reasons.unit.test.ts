import { NO_CONTEST_REASONS_SV } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import lineupsData from './data/lineups.json';
import yearsData from './data/years.json';

/**
 * The year page's Swedish line for a year without a contest is written in contracts (the client reads nothing
 * else); the data file says which years those are. These keep the two from drifting apart.
 */
describe('NO_CONTEST_REASONS_SV', () => {
  const years = Object.keys(NO_CONTEST_REASONS_SV).map(Number);

  it("has a line for exactly the data's noContest years", () => {
    expect([...years].sort((a, b) => a - b)).toEqual(lineupsData.noContest.map((item) => item.year).sort((a, b) => a - b));
  });

  it('names no year the archive holds a contest for (its years, nor its lineups)', () => {
    const contestYears = new Set([...yearsData.map((year) => year.year), ...lineupsData.years.map((year) => year.year)]);
    for (const year of years) expect(contestYears.has(year), String(year)).toBe(false);
  });

  it('says first that no Melodifestival was held that year', () => {
    for (const year of years) expect(NO_CONTEST_REASONS_SV[year]).toMatch(new RegExp(`^Ingen Melodifestival hölls ${year}: \\S`));
  });
});
