import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Article, ArtistSearchHit, EntrySearchHit, SongwriterSearchHit, Video, Year } from '@mello/contracts';
import { ApiError, apiFetch, withQuery } from './http';

export type YearSearchParams = { q?: string; category?: string; decade?: string };

/** A forum post as the search lists it; the forum's own contract comes with the forum feature. */
export type ForumSearchHit = {
  id: string;
  title: string;
  content: string;
  authorName: string;
  createdAt: string;
  category?: string;
};

const clean = (value: string | undefined) => value?.trim() ?? '';
const unlessAll = (value: string | undefined) => (value && value !== 'all' ? value : undefined);

export function yearSearchPath({ q, category, decade }: YearSearchParams): string {
  return withQuery('/api/search/years', { q: clean(q), category: unlessAll(category), decade: unlessAll(decade) });
}

export const useSearchYears = (params: YearSearchParams, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['/api/search/years', clean(params.q), unlessAll(params.category) ?? 'all', unlessAll(params.decade) ?? 'all'],
    queryFn: () => apiFetch<Year[]>(yearSearchPath(params)),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

export const useSearchArticles = (q: string) =>
  useQuery({
    queryKey: ['/api/search/articles', clean(q)],
    queryFn: () => apiFetch<Article[]>(withQuery('/api/search/articles', { q: clean(q) })),
  });

export const useSearchVideos = (q: string) =>
  useQuery({
    queryKey: ['/api/search/videos', clean(q)],
    queryFn: () => apiFetch<Video[]>(withQuery('/api/search/videos', { q: clean(q) })),
  });

const useTextSearch = <T>(path: string, q: string) =>
  useQuery({
    queryKey: [path, clean(q)],
    queryFn: () => apiFetch<T[]>(withQuery(path, { q: clean(q) })),
  });

/** Entries (the Bidrag section), acts (Artister) and songwriters (Låtskrivare): q only, like articles and videos. */
export const useSearchEntries = (q: string) => useTextSearch<EntrySearchHit>('/api/search/entries', q);
export const useSearchArtists = (q: string) => useTextSearch<ArtistSearchHit>('/api/search/artists', q);
export const useSearchSongwriters = (q: string) => useTextSearch<SongwriterSearchHit>('/api/search/songwriters', q);

/** The forum search endpoint arrives with the forum; until then its 404 is simply "no posts". */
export const useSearchForum = (q: string, category = 'all') =>
  useQuery({
    queryKey: ['/api/search/forum', clean(q), category],
    queryFn: async () => {
      try {
        return await apiFetch<ForumSearchHit[]>(withQuery('/api/search/forum', { q: clean(q), category: unlessAll(category) }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
