import { describe, expect, it } from 'vitest';
import { hasSearchCriteria, quickSearchUrl, readSearchParams, searchUrl, SEARCH_CATEGORY_OPTIONS, SEARCH_DECADE_OPTIONS } from './search-url';

describe('search block URL', () => {
  it('sends the trimmed text only when category and decade are all', () => {
    expect(searchUrl({ q: '  Loreen  ', category: 'all', decade: 'all' })).toBe('/search?q=Loreen');
    expect(searchUrl({ q: 'Loreen' })).toBe('/search?q=Loreen');
  });

  it('adds category and decade when they are not all', () => {
    expect(searchUrl({ q: 'abba', category: 'winners', decade: 'all' })).toBe('/search?q=abba&category=winners');
    expect(searchUrl({ q: 'abba', category: 'all', decade: '1970' })).toBe('/search?q=abba&decade=1970');
    expect(searchUrl({ q: 'abba', category: 'lost-media', decade: '1960' })).toBe('/search?q=abba&category=lost-media&decade=1960');
  });

  it('ignores an empty or whitespace-only query, whatever the filters', () => {
    expect(searchUrl({ q: '' })).toBeNull();
    expect(searchUrl({ q: ' \t\n ', category: 'winners', decade: '2010' })).toBeNull();
  });

  it('encodes text with spaces, å ä ö and reserved characters', () => {
    const url = searchUrl({ q: 'Fångad av en stormvind & mer?' });
    expect(url).not.toBeNull();
    expect(new URL(url!, 'http://x').searchParams.get('q')).toBe('Fångad av en stormvind & mer?');
  });

  it('labels the options as the spec does', () => {
    expect(SEARCH_CATEGORY_OPTIONS.map((o) => o.label)).toEqual(['Alla kategorier', 'Vinnare', 'Klassiker', 'Lost Media', 'Kontroverser']);
    expect(SEARCH_DECADE_OPTIONS[0]).toEqual({ value: 'all', label: 'Alla år' });
    expect(SEARCH_DECADE_OPTIONS.at(-1)).toEqual({ value: '1950', label: '1950-talet' });
    expect(SEARCH_DECADE_OPTIONS).toHaveLength(9);
  });
});

describe('small search box URL', () => {
  it('goes to /search?q= with the encoded trimmed text', () => {
    expect(quickSearchUrl('  Tusen och en natt ')).toBe('/search?q=Tusen%20och%20en%20natt');
    expect(quickSearchUrl('a&b')).toBe('/search?q=a%26b');
  });

  it('does nothing for blank text', () => {
    expect(quickSearchUrl('   ')).toBeNull();
  });
});

describe('reading the address bar', () => {
  it('reads q, category and decade, defaulting to all', () => {
    expect(readSearchParams(new URLSearchParams('q=%20abba%20&category=classics&decade=1970'))).toEqual({ q: 'abba', category: 'classics', decade: '1970' });
    expect(readSearchParams(new URLSearchParams(''))).toEqual({ q: '', category: 'all', decade: 'all' });
  });

  it('reads control characters in q as spaces, as the search API does: an address holding only them searches nothing', () => {
    expect(readSearchParams(new URLSearchParams('q=%00')).q).toBe('');
    expect(readSearchParams(new URLSearchParams('q=%01abba%7F')).q).toBe('abba');
    expect(readSearchParams(new URLSearchParams('q=herreys%00diggi')).q).toBe('herreys diggi');
  });

  it('reads unknown filter values as all', () => {
    expect(readSearchParams(new URLSearchParams('category=nope&decade=1975'))).toEqual({ q: '', category: 'all', decade: 'all' });
  });

  it('knows whether any criterion is set', () => {
    expect(hasSearchCriteria({ q: '', category: 'all', decade: 'all' })).toBe(false);
    expect(hasSearchCriteria({ q: '', category: 'all', decade: '1990' })).toBe(true);
    expect(hasSearchCriteria({ q: 'x', category: 'all', decade: 'all' })).toBe(true);
  });
});
