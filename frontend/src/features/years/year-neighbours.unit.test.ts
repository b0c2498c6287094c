import { describe, expect, it } from 'vitest';
import { yearNeighbours } from './year-neighbours';

describe('yearNeighbours', () => {
  const years = [2025, 1965, 1963, 1958, 2024, 1975, 1977];
  it('gives the archive years on either side, skipping years without a contest, in any order of the list', () => {
    expect(yearNeighbours(1963, years)).toEqual({ previous: 1958, next: 1965 });
    expect(yearNeighbours(1975, years)).toEqual({ previous: 1965, next: 1977 });
  });
  it('has no previous for the first year, no next for the last, and neither while the years are not known', () => {
    expect(yearNeighbours(1958, years)).toEqual({ previous: null, next: 1963 });
    expect(yearNeighbours(2025, years)).toEqual({ previous: 2024, next: null });
    expect(yearNeighbours(1990, undefined)).toEqual({ previous: null, next: null });
  });
});
