import { DOCUMENT_EVENTS } from '@mello/contracts';
import { documentProjection } from '../document-projection';

export const yearsProjection = documentProjection({
  name: 'years',
  table: 'years',
  revision: true,
  events: DOCUMENT_EVENTS.year,
  columns: [{ name: 'year', type: 'integer', value: (fields) => fields.year }],
});

export const videosProjection = documentProjection({
  name: 'videos',
  table: 'videos',
  revision: true,
  events: DOCUMENT_EVENTS.video,
  // By year: an entry's videos are the videos of its year that match it (lineups/video-entry-match.ts).
  columns: [{ name: 'year', type: 'integer', value: (fields) => fields.year }],
});

export const articlesProjection = documentProjection({
  name: 'articles',
  table: 'articles',
  revision: true,
  events: DOCUMENT_EVENTS.article,
  columns: [
    { name: 'slug', type: 'text', value: (fields) => fields.slug },
    { name: 'published_at', type: 'timestamptz', value: (fields) => fields.publishedAt },
  ],
});
