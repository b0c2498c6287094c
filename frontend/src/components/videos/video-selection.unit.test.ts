import { describe, expect, it } from 'vitest';
import type { Video, VideoCategory } from '@mello/contracts';
import { filterVideos, parseVideoFilter, pickFeaturedVideo, VIDEO_FILTERS } from './video-selection';

const video = (id: string, category: VideoCategory): Video => ({
  id,
  title: `Video ${id}`,
  artist: 'Artist',
  year: 2012,
  videoUrl: `https://example.org/${id}`,
  embedUrl: null,
  duration: '3:00',
  category,
  platform: 'youtube',
  thumbnailUrl: null,
  views: 0,
  description: '',
  sources: [],
  isRare: false,
});

const archive = [video('a', 'classic'), video('b', 'winner'), video('c', 'interview'), video('d', 'winner')];

describe('pickFeaturedVideo', () => {
  it('takes the first winner performance, wherever it is in the list', () => {
    expect(pickFeaturedVideo(archive)?.id).toBe('b');
  });

  it('falls back to the first video when there is no winner', () => {
    expect(pickFeaturedVideo([video('x', 'backstage'), video('y', 'classic')])?.id).toBe('x');
  });

  it('has nothing to feature in an empty archive', () => {
    expect(pickFeaturedVideo([])).toBeNull();
  });
});

describe('filterVideos', () => {
  it('keeps every video, in order, for all', () => {
    expect(filterVideos(archive, 'all').map((v) => v.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps only the chosen category, in order', () => {
    expect(filterVideos(archive, 'winner').map((v) => v.id)).toEqual(['b', 'd']);
    expect(filterVideos(archive, 'interview').map((v) => v.id)).toEqual(['c']);
  });

  it('gives an empty list for a category without videos', () => {
    expect(filterVideos(archive, 'lost-media')).toEqual([]);
  });

  it('does not hand back the caller’s array for all', () => {
    expect(filterVideos(archive, 'all')).not.toBe(archive);
  });
});

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
