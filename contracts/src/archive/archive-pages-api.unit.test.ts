import { describe, expect, it } from 'vitest';
import { articlePage, pickFeaturedArticle, pickFeaturedVideo, videoPage } from './archive-pages-api';
import type { Article } from './articles';
import type { VideoView } from './entry-links';
import type { VideoCategory } from './videos';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const video = (n: number, category: VideoCategory, year: number): VideoView => ({
  id: uuid(n),
  title: `Video ${n}`,
  artist: 'Artist',
  year,
  videoUrl: `https://example.org/${n}`,
  embedUrl: null,
  duration: '3:00',
  category,
  platform: 'youtube',
  thumbnailUrl: null,
  views: 0,
  description: '',
  sources: [],
  isRare: false,
  entry: null,
});
const article = (n: number, publishedAt: string, options: { featured?: boolean; category?: Article['category'] } = {}): Article => ({
  id: uuid(n),
  title: `Artikel ${n}`,
  slug: `artikel-${n}`,
  excerpt: 'Ingress',
  content: '',
  category: options.category ?? 'history',
  author: 'Admin',
  authorTitle: '',
  publishedAt,
  readTime: 5,
  imageUrl: null,
  sources: [],
  featured: options.featured ?? false,
});

describe('pickFeaturedVideo', () => {
  it('takes the first winner performance in the order given, else the first video, else none', () => {
    expect(pickFeaturedVideo([video(1, 'classic', 1961), video(2, 'winner', 1974), video(3, 'winner', 2024)])?.id).toBe(uuid(2));
    expect(pickFeaturedVideo([video(1, 'backstage', 2000), video(2, 'classic', 2001)])?.id).toBe(uuid(1));
    expect(pickFeaturedVideo([])).toBeNull();
  });
});

describe('pickFeaturedArticle', () => {
  it('takes the first flagged featured, else the first, else none', () => {
    expect(pickFeaturedArticle([article(1, '2025-01-01T00:00:00.000Z'), article(2, '2024-01-01T00:00:00.000Z', { featured: true })])?.id).toBe(uuid(2));
    expect(pickFeaturedArticle([article(1, '2025-01-01T00:00:00.000Z'), article(2, '2024-01-01T00:00:00.000Z')])?.id).toBe(uuid(1));
    expect(pickFeaturedArticle([])).toBeNull();
  });
});

describe('videoPage', () => {
  const all = [video(1, 'winner', 1974), video(2, 'classic', 1961), video(3, 'winner', 2012), video(4, 'winner', 2012), video(5, 'interview', 1999)];

  it('orders newest year first (then id), pages by cursor and filters a category', () => {
    const first = videoPage(all, { category: null, after: null, limit: 2 });
    expect(first.items.map((v) => v.id)).toEqual([uuid(4), uuid(3)]);
    expect(first.nextCursor).not.toBeNull();
    const winners = videoPage(all, { category: 'winner', after: null, limit: 10 });
    expect(winners.items.map((v) => v.year)).toEqual([2012, 2012, 1974]);
    expect(winners.nextCursor).toBeNull();
    expect(videoPage(all, { category: 'lost-media', after: null, limit: 10 })).toEqual({ items: [], nextCursor: null });
  });
});

describe('articlePage', () => {
  const all = [
    article(1, '2026-01-01T00:00:00.000Z', { category: 'tech' }),
    article(2, '2025-01-01T00:00:00.000Z', { featured: true }),
    article(3, '2024-01-01T00:00:00.000Z', { category: 'tech' }),
    article(4, '2023-01-01T00:00:00.000Z'),
  ];

  it('leaves out the featured article, orders newest first and filters a category', () => {
    expect(articlePage(all, { category: null, after: null, limit: 10 }).items.map((a) => a.id)).toEqual([uuid(1), uuid(3), uuid(4)]);
    expect(articlePage(all, { category: 'tech', after: null, limit: 10 }).items.map((a) => a.id)).toEqual([uuid(1), uuid(3)]);
    // The featured article is left out in its own category too.
    expect(articlePage(all, { category: 'history', after: null, limit: 10 }).items.map((a) => a.id)).toEqual([uuid(4)]);
  });
});
