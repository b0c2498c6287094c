import { describe, expect, it } from 'vitest';
import { parseVideoFilter, VIDEO_FILTERS } from './video-selection';

describe('VIDEO_FILTERS and parseVideoFilter', () => {
  it('offers all followed by the five categories', () => {
    expect(VIDEO_FILTERS).toEqual(['all', 'winner', 'classic', 'backstage', 'interview', 'lost-media']);
  });

  it('reads a known category and falls back to all otherwise', () => {
    expect(parseVideoFilter('backstage')).toBe('backstage');
    expect(parseVideoFilter('lost-media')).toBe('lost-media');
    expect(parseVideoFilter('Winner')).toBe('all');
    expect(parseVideoFilter(null)).toBe('all');
    expect(parseVideoFilter(undefined)).toBe('all');
  });
});
