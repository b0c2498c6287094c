import { describe, expect, it } from 'vitest';
import lineupsData from './data/lineups.json';
import { gapYears } from './lineups-content';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('gapYears: the years a gap line is about (those named before its first colon)', () => {
  it.each<[string, number[]]>([
    // A line without a colon: its opening names the year.
    ['1959 semi-final songs and results not documented (sv.wikipedia)', [1959]],
    ['1960 semi-final: only draws 1-6 seen', [1960]],
    ['1960-1963: each song was sung by two performers', range(1960, 1963)],
    ['1960-63: a range written short', range(1960, 1963)],
    ['1960 – 1962: with an en dash and spaces', range(1960, 1962)],
    ['ALL YEARS 2002-2009: heat running orders …', range(2002, 2009)],
    ['OPEN 1966/1971/1972/1997: no independent results list', [1966, 1971, 1972, 1997]],
    ['DISAGREEMENT 2010 final: Eric Saade 159 vs 155 (2011 source)', [2010]],
    ['2021 heat 4 places 3-4 (Efraim Leo / Clara Klingenström): not found', [2021]],
    ['All years: juryPoints are null before 1993', []],
    ['General: 2015-2025 could not be compiled from Wikipedia tables', []],
    // A timestamp is not a range of years (2026-11 would be "2026 to 2011").
    ["started 2026-11-24 05:55 UTC; search corpus 'pages' only", []],
  ])('%j → %j', (line, years) => {
    expect(gapYears(line)).toEqual(years);
  });

  it('names, for every line of the data file, only years of the contest (1958 to 2025) or none (a general line)', () => {
    const years = new Set(lineupsData.years.map((year) => year.year));
    const noContest = new Set(lineupsData.noContest.map((item) => item.year));
    for (const line of lineupsData.gaps) {
      for (const year of gapYears(line)) expect(years.has(year) || noContest.has(year), `${year} in ${line.slice(0, 60)}`).toBe(true);
    }
    // Most lines are about a year; the general ones are few.
    expect(lineupsData.gaps.filter((line) => gapYears(line).length === 0).length).toBeLessThan(15);
  });
});
