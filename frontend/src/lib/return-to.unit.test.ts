import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo (after sign-in)', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeReturnTo('/forum')).toBe('/forum');
    expect(safeReturnTo('/search?q=abba&decade=1970')).toBe('/search?q=abba&decade=1970');
    expect(safeReturnTo('/forum?new=lost-media#top')).toBe('/forum?new=lost-media#top');
  });

  it('falls back to / when missing or empty', () => {
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
  });

  it('refuses other hosts, in every spelling browsers accept', () => {
    for (const hostile of [
      '//evil.example',
      'https://evil.example/',
      'evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(hostile), hostile).toBe('/');
    }
  });

  it('never returns to the sign-in page itself', () => {
    expect(safeReturnTo('/login')).toBe('/');
    expect(safeReturnTo('/login?returnTo=%2Fforum')).toBe('/');
  });

  it('refuses absurdly long values', () => {
    expect(safeReturnTo(`/${'a'.repeat(600)}`)).toBe('/');
  });
});
