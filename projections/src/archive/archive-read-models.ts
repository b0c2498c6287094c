import { documentProjection } from '../document-projection';

export const yearsProjection = documentProjection({
  name: 'years',
  table: 'years',
  revision: true,
  events: { created: 'YearCreated', updated: 'YearUpdated', deleted: 'YearDeleted' },
  columns: [{ name: 'year', type: 'integer', value: (fields) => fields.year }],
});

export const videosProjection = documentProjection({
  name: 'videos',
  table: 'videos',
  revision: true,
  events: { created: 'VideoCreated', updated: 'VideoUpdated', deleted: 'VideoDeleted' },
  // By year: an entry's videos are the videos of its year that match it (lineups/video-entry-match.ts).
  columns: [{ name: 'year', type: 'integer', value: (fields) => fields.year }],
});

export const articlesProjection = documentProjection({
  name: 'articles',
  table: 'articles',
  revision: true,
  events: { created: 'ArticleCreated', updated: 'ArticleUpdated', deleted: 'ArticleDeleted' },
  columns: [
    { name: 'slug', type: 'text', value: (fields) => fields.slug },
    { name: 'published_at', type: 'timestamptz', value: (fields) => fields.publishedAt },
  ],
});
