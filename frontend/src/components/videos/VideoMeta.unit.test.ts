import type { Video } from '@mello/contracts';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../testing/server-render';
import { VideoMeta } from './VideoMeta';

const video = (views: number | null): Video => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Waterloo',
  artist: 'ABBA',
  year: 1974,
  videoUrl: 'https://www.youtube.com/watch?v=3FsVeMz1F5c',
  embedUrl: null,
  duration: '',
  category: 'winner',
  platform: 'youtube',
  thumbnailUrl: null,
  views,
  description: '',
  sources: [],
  isRare: false,
});

/** The line's text as the server renders it. */
const text = (views: number | null) => textOf(renderHtml(createElement(VideoMeta, { video: video(views) })));

describe("a video's meta line", () => {
  it('given views no source gives (null, every imported video), then it shows them as unknown, never as 0', () => {
    const line = text(null);
    expect(line).toContain('uppgift saknas visningar');
    expect(line).not.toMatch(/\b0 visningar/);
  });

  it('given a count, then it shows the count, 0 included (a count an editor entered)', () => {
    expect(text(1200)).toMatch(/1[\s\u00a0]?200 visningar/);
    expect(text(0)).toContain('0 visningar');
  });
});
