export * from './events';
export * from './copy-rows';
export * from './database-errors';
export * from './schema';
export * from './document-projection';
export * from './apply-lock';
export * from './lanes';
export * from './apply-batch';
export * from './runner';
export * from './progress';
export * from './rebuild';
export * from './archive/archive-read-models';
export * from './archive/queries';
export * from './lineups/lineup-read-models';
export * from './lineups/lineup-views';
export * from './lineups/lineup-queries';
export * from './lineups/video-entry-match';
export * from './lineups/entry-links-queries';
export * from './forum/forum-projection';
export * from './forum/forum-queries';
export * from './forum/moderation-projection';
export * from './forum/moderation-queries';
export * from './forum/bookmarks-projection';
export * from './forum/bookmarks-queries';
export * from './audit/audit-entry';
export * from './audit/audit-projection';
export * from './audit/audit-queries';
export * from './notifications/notification-rules';
export * from './notifications/notifications-projection';
export * from './notifications/notifications-queries';

import { articlesProjection, videosProjection, yearsProjection } from './archive/archive-read-models';
import { artistsProjection, entriesProjection, lineupYearsProjection, sourcesProjection } from './lineups/lineup-read-models';
import type { Projection } from './events';
import { forumProjection } from './forum/forum-projection';
import { moderationProjection } from './forum/moderation-projection';
import { bookmarksProjection } from './forum/bookmarks-projection';
import { auditProjection } from './audit/audit-projection';
import { notificationsProjection } from './notifications/notifications-projection';
import {
  searchArticlesProjection,
  searchArtistsProjection,
  searchEntriesProjection,
  searchVideosProjection,
  searchYearsProjection,
} from './search/search-projections';
import { searchSongwritersProjection } from './search/search-songwriters';

/** Every projection the runner keeps up to date, in the order they apply a batch. */
export const allProjections: readonly Projection[] = [
  yearsProjection,
  videosProjection,
  articlesProjection,
  entriesProjection,
  artistsProjection,
  sourcesProjection,
  lineupYearsProjection,
  searchYearsProjection,
  searchVideosProjection,
  searchArticlesProjection,
  searchEntriesProjection,
  searchArtistsProjection,
  searchSongwritersProjection,
  forumProjection,
  notificationsProjection,
  moderationProjection,
  bookmarksProjection,
  auditProjection,
];
export * from './search/search-functions';
export * from './search/search-projections';
export * from './search/search-queries';
export * from './search/search-songwriters';
export * from './search/search-documents';
export * from './search/gin-pending-list';
export * from './waiting';
export * from './forum/forum-list-queries';
export * from './projection-tables';
export * from './sitemap/sitemap-queries';
