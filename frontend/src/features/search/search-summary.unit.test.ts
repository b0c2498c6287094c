import { describe, expect, it } from 'vitest';
import { activeFilterLabels, hitsLabel, sectionTitle, totalHits } from './search-summary';

describe('totalHits', () => {
  it('adds every section', () => {
    expect(totalHits({ years: 3, entries: 4, artists: 1, songwriters: 2, articles: 1, videos: 0, forum: 2 })).toBe(13);
    expect(totalHits({ years: 0, entries: 0, artists: 0, songwriters: 0, articles: 0, videos: 0, forum: 0 })).toBe(0);
  });
});

describe('hitsLabel', () => {
  it('uses the singular only for one hit', () => {
    expect(hitsLabel(0)).toBe('0 träffar');
    expect(hitsLabel(1)).toBe('1 träff');
    expect(hitsLabel(2)).toBe('2 träffar');
  });
});

describe('activeFilterLabels', () => {
  it('names the category and the decade in Swedish', () => {
    expect(activeFilterLabels({ category: 'classics', decade: '1990' })).toEqual(['Klassiker', '1990-talet']);
    expect(activeFilterLabels({ category: 'lost-media', decade: 'all' })).toEqual(['Lost Media']);
    expect(activeFilterLabels({ category: 'all', decade: '2020' })).toEqual(['2020-talet']);
  });

  it('adds nothing for all or for values it does not know', () => {
    expect(activeFilterLabels({ category: 'all', decade: 'all' })).toEqual([]);
    expect(activeFilterLabels({ category: 'bogus', decade: '1930' })).toEqual([]);
  });
});

describe('sectionTitle', () => {
  it('puts the count in parentheses', () => {
    expect(sectionTitle('År', 3)).toBe('År (3)');
    expect(sectionTitle('Forum', 0)).toBe('Forum (0)');
  });
});
