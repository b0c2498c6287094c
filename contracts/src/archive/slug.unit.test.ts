import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify (the article slug rule)', () => {
  it('lowercases and joins words with single hyphens, keeping å, ä and ö', () => {
    expect(slugify('Fångad av en Stormvind')).toBe('fångad-av-en-stormvind');
    expect(slugify('Så Minns Vi Året 1974')).toBe('så-minns-vi-året-1974');
  });

  it('collapses runs of other characters and trims hyphens at the ends', () => {
    expect(slugify('  ABBA -- "Waterloo"!!  ')).toBe('abba-waterloo');
    expect(slugify('Éclat & Über')).toBe('clat-ber');
  });

  it('gives an empty slug when nothing allowed remains', () => {
    expect(slugify('!!!')).toBe('');
  });
});
