import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { YEAR_SEARCH_CATEGORIES, searchApi, type ForumCategory, type ForumSearchHit, type YearSearchCategory } from '@mello/contracts';
import { callOrNull, routeKey, routeQuery } from './call';

export type { ForumSearchHit };
export type YearSearchParams = { q?: string; category?: string; decade?: string };

const clean = (value: string | undefined) => value?.trim() ?? '';
const unlessAll = (value: string | undefined) => (value && value !== 'all' ? value : undefined);
const isYearCategory = (value: string | undefined): value is YearSearchCategory => (YEAR_SEARCH_CATEGORIES as readonly (string | undefined)[]).includes(value);

/** Keys of the searches (the URL's path first, as everywhere in the client): their prefixes refresh every search of one kind. */
export const searchKeys = {
  years: routeKey(searchApi.years),
  articles: routeKey(searchApi.articles),
  videos: routeKey(searchApi.videos),
};

/** The year search of the address bar's fields ('all' and unknown values are left out: the server's default). */
export const useSearchYears = ({ q, category, decade }: YearSearchParams, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...routeQuery(searchApi.years, {
      query: { q: clean(q), category: isYearCategory(category) ? category : undefined, decade: unlessAll(decade) },
    }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

const text = (q: string) => ({ query: { q: clean(q) } });

export const useSearchArticles = (q: string) => useQuery(routeQuery(searchApi.articles, text(q)));
export const useSearchVideos = (q: string) => useQuery(routeQuery(searchApi.videos, text(q)));

/** Entries (the Bidrag section), acts (Artister) and songwriters (Låtskrivare): q only, like articles and videos. */
export const useSearchEntries = (q: string) => useQuery(routeQuery(searchApi.entries, text(q)));
export const useSearchArtists = (q: string) => useQuery(routeQuery(searchApi.artists, text(q)));
export const useSearchSongwriters = (q: string) => useQuery(routeQuery(searchApi.songwriters, text(q)));

/**
 * The forum's posts matching q, newest first without one. Its key has the forum list's shape
 * (features/forum/keys.ts: the contract's path, q, category), so the search page's forum hits and the forum list
 * share one cache and both follow live changes. A 404 (no forum behind the call) is simply "no posts".
 */
export const useSearchForum = (q: string, category: ForumCategory | 'all' = 'all') =>
  useQuery({
    queryKey: [...routeKey(searchApi.forum), clean(q), category],
    queryFn: async (): Promise<ForumSearchHit[]> =>
      (await callOrNull(searchApi.forum, { query: { q: clean(q), category: category === 'all' ? undefined : category } })) ?? [],
  });
