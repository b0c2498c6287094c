import { queryOptions, useQuery } from '@tanstack/react-query';
import { artistApi, exportApi, lineupApi, pathOf, songwriterApi, sourceApi, statisticsApi } from '@mello/contracts';
import { callOrNull, routeKey, routeQuery } from '../../api/call';

/**
 * The lineup screens' calls (docs/content.md, "API"), from the contracts of contracts/src/archive/lineup-api.ts:
 * each answer is parsed with its response schema. Keys follow the URL as elsewhere in the client (call.ts), so
 * the server can seed a page's first query (backend/src/seo/route-meta.ts uses the same keys).
 */
export const lineupKeys = {
  yearLineup: (year: number) => routeKey(lineupApi.year, { params: { year } }),
  artist: (slug: string) => routeKey(artistApi.bySlug, { params: { slug } }),
  songwriter: (slug: string) => routeKey(songwriterApi.bySlug, { params: { slug } }),
  statistics: routeKey(statisticsApi.get),
  sources: routeKey(sourceApi.list),
};

/** A 404 is an answer ("no such thing": null, the not-found view); anything else stays an error. */
export const yearLineupQuery = (year: number) =>
  queryOptions({
    queryKey: lineupKeys.yearLineup(year),
    queryFn: () => callOrNull(lineupApi.year, { params: { year } }),
    enabled: Number.isInteger(year),
  });

export const artistQuery = (slug: string) =>
  queryOptions({ queryKey: lineupKeys.artist(slug), queryFn: () => callOrNull(artistApi.bySlug, { params: { slug } }) });

export const songwriterQuery = (slug: string) =>
  queryOptions({ queryKey: lineupKeys.songwriter(slug), queryFn: () => callOrNull(songwriterApi.bySlug, { params: { slug } }) });

export const statisticsQuery = () => routeQuery(statisticsApi.get);
export const sourcesQuery = () => routeQuery(sourceApi.list);

export const useYearLineup = (year: number) => useQuery(yearLineupQuery(year));
export const useArtist = (slug: string) => useQuery(artistQuery(slug));
export const useSongwriter = (slug: string) => useQuery(songwriterQuery(slug));
export const useStatistics = () => useQuery(statisticsQuery());
export const useSources = () => useQuery(sourcesQuery());

/** The open-data export (docs/open-data.md): downloads the page links to, not calls it parses. */
export const EXPORT_LINKS = { json: pathOf(exportApi.json), csv: pathOf(exportApi.csv) } as const;
