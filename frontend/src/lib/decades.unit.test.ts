import { describe, expect, it } from 'vitest';
import { ALL_DECADES, DECADE_OPTIONS, filterByDecade } from './decades';

const years = [2024, 2020, 2019, 2010, 2009, 1999, 1990, 1989, 1959, 1958].map((year) => ({ year }));

describe('decade filter of the home page', () => {
  it('offers Alla first (value alla), then the 2020s down to the 1950s', () => {
    expect(DECADE_OPTIONS.map((option) => option.value)).toEqual(['alla', '2020', '2010', '2000', '1990', '1980', '1970', '1960', '1950']);
    expect(DECADE_OPTIONS.map((option) => option.label)).toEqual(['Alla', '2020s', '2010s', '2000s', '1990s', '1980s', '1970s', '1960s', '1950s']);
    expect(ALL_DECADES).toBe('alla');
  });

  it('keeps every year for alla, in the given order', () => {
    expect(filterByDecade(years, 'alla')).toEqual(years);
  });

  it('keeps the decade start up to nine years later, both ends included', () => {
    expect(filterByDecade(years, '2010').map((y) => y.year)).toEqual([2019, 2010]);
    expect(filterByDecade(years, '1990').map((y) => y.year)).toEqual([1999, 1990]);
    expect(filterByDecade(years, '1950').map((y) => y.year)).toEqual([1959, 1958]);
    expect(filterByDecade(years, '2020').map((y) => y.year)).toEqual([2024, 2020]);
  });

  it('gives an empty list for a decade with no years', () => {
    expect(filterByDecade(years, '1970')).toEqual([]);
  });

  it('treats an unknown value as alla rather than hiding everything', () => {
    expect(filterByDecade(years, '1995')).toHaveLength(years.length);
  });
});
