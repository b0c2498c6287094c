import { queryOptions, useQuery } from '@tanstack/react-query';
import { articleApi, entryLinksApi, videoApi, yearApi, yearSummariesApi } from '@mello/contracts';
import { callOrNull, routeKey, routeKeyPrefix, routeQuery } from './call';

/** Query keys derive from the contracts (call.ts: the key's parts joined by '/' are the URL, as the spec's default). */
export const archiveKeys = {
  years: routeKey(yearApi.list),
  yearSummaries: routeKey(yearSummariesApi.list),
  /** Every year by number (its prefix invalidates them all). */
  yearsByNumber: routeKeyPrefix(yearApi.byYear),
  year: (year: number) => routeKey(yearApi.byYear, { params: { year } }),
  videos: routeKey(videoApi.list),
  articles: routeKey(articleApi.list),
  entryLinks: (entryId: string) => routeKey(entryLinksApi.links, { params: { id: entryId } }),
};

export const yearsQuery = () => routeQuery(yearApi.list);
/** Every year as its card shows it: what the home page's grid reads (not the whole documents). */
export const yearSummariesQuery = () => routeQuery(yearSummariesApi.list);

/** One year by its number; a 404 resolves to null (the not-found view), anything else is an error. */
export const yearQuery = (year: number) =>
  queryOptions({
    queryKey: archiveKeys.year(year),
    queryFn: () => callOrNull(yearApi.byYear, { params: { year } }),
    enabled: Number.isInteger(year),
  });

/** Each video with the entry it shows (`entry`, null when none matches: docs/content.md). */
export const videosQuery = () => routeQuery(videoApi.list);

export const articlesQuery = () => routeQuery(articleApi.list);

/**
 * An entry's videos and open lost-media hunts, with the entry itself (GET /api/entries/{id}/links); null when there
 * is no such entry. Shared: the forum names a hunt's entry from it, the lineup shows the entry's media links.
 */
export const entryLinksQuery = (entryId: string) =>
  queryOptions({
    queryKey: archiveKeys.entryLinks(entryId),
    queryFn: () => callOrNull(entryLinksApi.links, { params: { id: entryId } }),
    enabled: entryId !== '',
  });

export const useYears = () => useQuery(yearsQuery());
export const useYearSummaries = () => useQuery(yearSummariesQuery());
export const useYear = (year: number) => useQuery(yearQuery(year));
export const useVideos = () => useQuery(videosQuery());
export const useArticles = () => useQuery(articlesQuery());
