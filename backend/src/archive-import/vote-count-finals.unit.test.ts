import { VOTE_COUNT_FINAL_YEARS, VOTE_COUNT_FINALS_NOTE } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import lineupsData from './data/lineups.json';

/**
 * The statistics' points ranking leaves out the finals whose points are vote counts (contracts' list); the data's
 * notes say which those are ("finalPoints = postcard votes"). These keep the two from drifting apart.
 */
const votesNoted = (notes: string | null) => /finalPoints = \w+ votes/.test(notes ?? '');

describe('VOTE_COUNT_FINAL_YEARS', () => {
  it("is exactly the years whose entries' notes say their finalPoints are votes", () => {
    const noted = lineupsData.years.filter((year) => year.entries.some((entry) => votesNoted(entry.notes))).map((year) => year.year);
    expect([...VOTE_COUNT_FINAL_YEARS].sort()).toEqual(noted.sort());
  });

  it('holds for every entry of those years with final points, and the note names each year', () => {
    for (const year of lineupsData.years.filter((item) => VOTE_COUNT_FINAL_YEARS.includes(item.year))) {
      for (const entry of year.entries.filter((item) => item.finalPoints !== null)) expect(votesNoted(entry.notes), entry.song).toBe(true);
      expect(VOTE_COUNT_FINALS_NOTE).toContain(String(year.year));
    }
  });
});
