import { documentProjection } from '../document-projection';

type Fields = Record<string, unknown>;
const text = (...values: unknown[]) =>
  values
    .flat()
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' \n ');

/** Markdown syntax is noise for search: links keep their text, symbols go. */
const plainMarkdown = (markdown: unknown) =>
  typeof markdown === 'string' ? markdown.replace(/\]\([^)]*\)/g, ']').replace(/[#*_`>[\]|-]+/g, ' ') : '';

export const searchYearsProjection = documentProjection({
  name: 'search_years',
  table: 'search_years',
  events: { created: 'YearCreated', updated: 'YearUpdated', deleted: 'YearDeleted' },
  columns: [
    { name: 'year', type: 'integer', value: (f: Fields) => f.year },
    { name: 'is_classic', type: 'boolean', value: (f: Fields) => f.isClassic === true },
    { name: 'has_video', type: 'boolean', value: (f: Fields) => typeof f.videoUrl === 'string' && f.videoUrl !== '' },
    { name: 'has_controversies', type: 'boolean', value: (f: Fields) => Array.isArray(f.controversies) && f.controversies.length > 0 },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.winner, f.song) },
    {
      name: 'body_text',
      type: 'text',
      value: (f: Fields) => text(f.year, f.winner, f.song, f.venue, f.city, f.host, f.date, f.description, f.facts, f.controversies),
    },
  ],
});

export const searchVideosProjection = documentProjection({
  name: 'search_videos',
  table: 'search_videos',
  events: { created: 'VideoCreated', updated: 'VideoUpdated', deleted: 'VideoDeleted' },
  columns: [
    { name: 'year', type: 'integer', value: (f: Fields) => f.year },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.title, f.artist) },
    { name: 'body_text', type: 'text', value: (f: Fields) => text(f.title, f.artist, f.year, f.description, f.category) },
  ],
});

export const searchArticlesProjection = documentProjection({
  name: 'search_articles',
  table: 'search_articles',
  events: { created: 'ArticleCreated', updated: 'ArticleUpdated', deleted: 'ArticleDeleted' },
  columns: [
    { name: 'published_at', type: 'timestamptz', value: (f: Fields) => f.publishedAt },
    { name: 'names_text', type: 'text', value: (f: Fields) => text(f.title) },
    { name: 'body_text', type: 'text', value: (f: Fields) => text(f.title, f.excerpt, plainMarkdown(f.content), f.author, f.category) },
  ],
});
