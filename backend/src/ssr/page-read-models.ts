import {
  articleApi,
  articlePagesApi,
  lineupApi,
  yearPagesApi,
  songwriterApi,
  sourceApi,
  statisticsApi,
  videoApi,
  videoPagesApi,
  yearApi,
  yearSummariesApi,
  routeKeyPrefix,
  type InitialQueryText,
} from '@mello/contracts';
import { allProjections, auditProjection, forumProjection, moderationProjection, notificationsProjection } from '@mello/projections';

/** Read models no page's HTML shows: the audit log (admin only) and members' own notifications. */
const PRIVATE = new Set([auditProjection.name, notificationsProjection.name]);
/** Every read model a public page can show. */
const PUBLIC = allProjections.map((projection) => projection.name).filter((name) => !PRIVATE.has(name));
/** The forum's read models: posts, replies, likes and views, and what moderation hid. */
const FORUM = new Set([forumProjection.name, moderationProjection.name]);
/** The pages of the archive itself, which forum activity leaves as they are. */
const ARCHIVE = PUBLIC.filter((name) => !FORUM.has(name));

/**
 * Calls whose answers never include forum content (unlike the artist page's threads, the entry links or the
 * search), by the first part of their query key. A page made only of these is not rendered again for forum activity.
 */
const FORUM_FREE = new Set(
  [
    yearApi.list,
    yearSummariesApi.list,
    yearPagesApi.page,
    yearApi.byYear,
    videoApi.list,
    videoPagesApi.page,
    videoPagesApi.featured,
    articleApi.list,
    articlePagesApi.page,
    articlePagesApi.featured,
    lineupApi.year,
    songwriterApi.list,
    songwriterApi.bySlug,
    sourceApi.list,
    statisticsApi.get,
  ].map((contract) => JSON.stringify(routeKeyPrefix(contract)[0])),
);

/** The read models a page rendered from these queries depends on: its cache entry lasts while they are unchanged. */
export function pageReadModels(queries: readonly InitialQueryText[]): readonly string[] {
  return queries.every((query) => FORUM_FREE.has(JSON.stringify(query.key[0]))) ? ARCHIVE : PUBLIC;
}

/** Both sets, for taking the stamps before a render whose queries are not known yet. */
export const PAGE_READ_MODEL_SETS = [ARCHIVE, PUBLIC] as const;
