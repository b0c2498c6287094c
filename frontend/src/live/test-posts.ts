import type { ForumPost } from '@mello/contracts';

/** A complete forum post for the cache tests; `extra` overrides any field. */
export const testPost = (id: string, createdAt: string, extra: Partial<ForumPost> = {}): ForumPost => ({
  id,
  title: `Inlägg ${id}`,
  content: 'Innehåll som är långt nog',
  authorId: 'author',
  authorName: 'Ante Author',
  category: 'lost-media',
  priority: null,
  year: null,
  reward: 0,
  status: 'active',
  tags: [],
  entryId: null,
  mentions: [],
  likes: 0,
  views: 0,
  repliesCount: 0,
  lastReplyAt: null,
  createdAt,
  updatedAt: createdAt,
  ...extra,
});
