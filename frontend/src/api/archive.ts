import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article, EntryLinks, VideoView, Year } from '@mello/contracts';
import { ApiError, apiFetch } from './http';

/** Query keys follow the URL, as the spec's default query function does (key parts joined by '/'). */
export const archiveKeys = {
  years: ['/api/years'] as const,
  year: (year: number) => ['/api/years/by-year', year] as const,
  videos: ['/api/videos'] as const,
  articles: ['/api/articles'] as const,
  entryLinks: (entryId: string) => ['/api/entries', entryId, 'links'] as const,
};

export const yearsQuery = () =>
  queryOptions({ queryKey: archiveKeys.years, queryFn: () => apiFetch<Year[]>('/api/years') });

/** One year by its number; a 404 resolves to null (the not-found view), anything else is an error. */
export const yearQuery = (year: number) =>
  queryOptions({
    queryKey: archiveKeys.year(year),
    queryFn: async () => {
      try {
        return await apiFetch<Year>(`/api/years/by-year/${year}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: Number.isInteger(year),
  });

/** Each video with the entry it shows (`entry`, null when none matches: docs/content.md). */
export const videosQuery = () =>
  queryOptions({ queryKey: archiveKeys.videos, queryFn: () => apiFetch<VideoView[]>('/api/videos') });

export const articlesQuery = () =>
  queryOptions({ queryKey: archiveKeys.articles, queryFn: () => apiFetch<Article[]>('/api/articles') });

/**
 * An entry's videos and open lost-media hunts, with the entry itself (GET /api/entries/{id}/links); null when there
 * is no such entry. Shared: the forum names a hunt's entry from it, the lineup shows the entry's media links.
 */
export const entryLinksQuery = (entryId: string) =>
  queryOptions({
    queryKey: archiveKeys.entryLinks(entryId),
    queryFn: async () => {
      try {
        return await apiFetch<EntryLinks>(`/api/entries/${encodeURIComponent(entryId)}/links`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: entryId !== '',
  });

export const useYears = () => useQuery(yearsQuery());
export const useYear = (year: number) => useQuery(yearQuery(year));
export const useVideos = () => useQuery(videosQuery());
export const useArticles = () => useQuery(articlesQuery());

export type DeleteResult = { id: string; deleted: true };
export const deleteYear = (id: string) => apiFetch<DeleteResult>(`/api/years/${encodeURIComponent(id)}`, { method: 'DELETE' });
