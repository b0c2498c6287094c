import { describe, expect, it } from 'vitest';
import { SEARCH_HITS_MAX } from '@mello/contracts';
import { activeFilterLabels, anyMayHaveMore, hitsLabel, mayHaveMore, sectionTitle, totalHits, type SearchCounts } from './search-summary';

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

  it('says "at least" when a section may have found more than it shows', () => {
    expect(hitsLabel(1137, true)).toBe('Minst 1137 träffar');
  });
});

describe('mayHaveMore', () => {
  const counts = (over: Partial<SearchCounts>): SearchCounts => ({
    years: 0,
    entries: 0,
    artists: 0,
    songwriters: 0,
    articles: 0,
    videos: 0,
    forum: 0,
    ...over,
  });

  it('given a section with as many hits as its search answers at most, says it may have more', () => {
    expect(mayHaveMore(counts({ entries: SEARCH_HITS_MAX }), 'entries')).toBe(true);
    // The forum's search, asked without a limit, answers 50 at most.
    expect(mayHaveMore(counts({ forum: 50 }), 'forum')).toBe(true);
    expect(anyMayHaveMore(counts({ years: 3, forum: 50 }))).toBe(true);
  });

  it('given sections under their searches’ most, says none has more', () => {
    expect(mayHaveMore(counts({ entries: SEARCH_HITS_MAX - 1 }), 'entries')).toBe(false);
    expect(anyMayHaveMore(counts({ years: 65, entries: 499, forum: 49 }))).toBe(false);
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
    expect(sectionTitle('Bidrag', 500, true)).toBe('Bidrag (500+)');
  });
});
