export * from './events';
export * from './schema';
export * from './document-projection';
export * from './runner';
export * from './progress';
export * from './rebuild';
export * from './archive/archive-read-models';
export * from './archive/queries';

import { articlesProjection, videosProjection, yearsProjection } from './archive/archive-read-models';
import type { Projection } from './events';
import { searchArticlesProjection, searchVideosProjection, searchYearsProjection } from './search/search-projections';

/** Every projection the runner keeps up to date, in the order they apply a batch. */
export const allProjections: readonly Projection[] = [
  yearsProjection,
  videosProjection,
  articlesProjection,
  searchYearsProjection,
  searchVideosProjection,
  searchArticlesProjection,
];
export * from './search/search-functions';
export * from './search/search-projections';
export * from './search/search-queries';
