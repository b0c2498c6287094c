import { artistApi, entryApi, exportApi, routeKeyPrefix, searchApi, songwriterApi, sourceApi, statisticsApi, yearApi } from '@mello/contracts';

/**
 * The API paths whose answers show an entry, an artist or a source: a year's lineup, artist and songwriter pages,
 * statistics, the sources, the search and the open-data export. Query keys begin with their URL (as everywhere in
 * the client), so after a restore of a lineup document every query whose key starts with one of these is stale.
 */
export const LINEUP_PATHS: readonly string[] = [
  yearApi.list,
  entryApi.byId,
  artistApi.list,
  songwriterApi.list,
  sourceApi.list,
  statisticsApi.get,
  exportApi.json,
  exportApi.csv,
  ...Object.values(searchApi),
].map((contract) => String(routeKeyPrefix(contract)[0]));

/** Does this query key read one of LINEUP_PATHS (the path itself or below it, with or without a query string)? */
export function showsLineups(queryKey: readonly unknown[]): boolean {
  const first = queryKey[0];
  if (typeof first !== 'string') return false;
  return LINEUP_PATHS.some((path) => first === path || (first.startsWith(path) && (first[path.length] === '/' || first[path.length] === '?')));
}
