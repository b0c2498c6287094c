import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistDetail, Source, SongwriterDetail, Statistics, YearLineup } from '@mello/contracts';
import { ApiError, apiFetch } from '../../api/http';

/**
 * The lineup screens' calls (docs/content.md, "API"). Keys follow the URL as elsewhere in the client, so the
 * server can seed a page's first query (backend/src/seo/route-meta.ts uses the same keys).
 */
export const lineupKeys = {
  yearLineup: (year: number) => ['/api/years/by-year', year, 'lineup'] as const,
  artist: (slug: string) => ['/api/artists', slug] as const,
  songwriter: (slug: string) => ['/api/songwriters', slug] as const,
  statistics: ['/api/statistics'] as const,
  sources: ['/api/sources'] as const,
};

/** A 404 is an answer ("no such thing": null, the not-found view); anything else stays an error. */
async function orNull<T>(path: string): Promise<T | null> {
  try {
    return await apiFetch<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const yearLineupQuery = (year: number) =>
  queryOptions({
    queryKey: lineupKeys.yearLineup(year),
    queryFn: () => orNull<YearLineup>(`/api/years/by-year/${year}/lineup`),
    enabled: Number.isInteger(year),
  });

export const artistQuery = (slug: string) =>
  queryOptions({ queryKey: lineupKeys.artist(slug), queryFn: () => orNull<ArtistDetail>(`/api/artists/${encodeURIComponent(slug)}`) });

export const songwriterQuery = (slug: string) =>
  queryOptions({ queryKey: lineupKeys.songwriter(slug), queryFn: () => orNull<SongwriterDetail>(`/api/songwriters/${encodeURIComponent(slug)}`) });

export const statisticsQuery = () => queryOptions({ queryKey: lineupKeys.statistics, queryFn: () => apiFetch<Statistics>('/api/statistics') });
export const sourcesQuery = () => queryOptions({ queryKey: lineupKeys.sources, queryFn: () => apiFetch<Source[]>('/api/sources') });

export const useYearLineup = (year: number) => useQuery(yearLineupQuery(year));
export const useArtist = (slug: string) => useQuery(artistQuery(slug));
export const useSongwriter = (slug: string) => useQuery(songwriterQuery(slug));
export const useStatistics = () => useQuery(statisticsQuery());
export const useSources = () => useQuery(sourcesQuery());

/** The open-data export (docs/open-data.md). */
export const EXPORT_LINKS = { json: '/api/export/lineups.json', csv: '/api/export/lineups.csv' } as const;
