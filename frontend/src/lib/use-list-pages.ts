import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@mello/contracts';
import { heldList } from './held-list';

/** What a list paged on the server with a featured item needs (the video archive's, the article list's). */
export type PagedList<T, C extends string> = {
  /** The key of the whole list (GET /api/videos …), held when the reader came from a page that shows it (home). */
  wholeKey: QueryKey;
  pageKey: (query: PageQuery<C>) => QueryKey;
  featuredKey: QueryKey;
  fetchPage: (query: PageQuery<C> & { cursor?: string }) => Promise<Page<T>>;
  fetchFeatured: () => Promise<T | null>;
  /** The server's own cut of a page and choice of the featured item, applied to the whole list when it is held. */
  cut: (all: readonly T[], query: { category: C | null; after: null; limit: number }) => Page<T>;
  pickFeatured: (all: readonly T[]) => T | null;
  pageSize: number;
};
type PageQuery<C> = { limit: number; category?: C };

/**
 * A list page by page in one category (null: all) and its featured item, both chosen and filtered by the server.
 * Coming from a page that holds the whole list (and no mutation has marked it old since: lib/held-list.ts), both
 * are cut from it with the server's own functions (same items, same cursor), so the screen shows at once instead of
 * loading. Choosing another category keeps the previous category's cards on screen until the server's page arrives
 * (`switching`), as the forum list does: the heading, the featured item and the filter stay put instead of the whole
 * screen turning into a loading line.
 */
export function useListPages<T, C extends string>(list: PagedList<T, C>, category: C | null) {
  const client = useQueryClient();
  const cached = () => heldList<T>(client, list.wholeKey)?.items;
  const cachedAt = () => heldList<T>(client, list.wholeKey)?.updatedAt;
  const query: PageQuery<C> = { limit: list.pageSize, ...(category === null ? {} : { category }) };
  const pages = useInfiniteQuery({
    queryKey: list.pageKey(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => list.fetchPage({ ...query, cursor: pageParam ?? undefined }),
    getNextPageParam: (page) => page.nextCursor,
    initialData: () => {
      const all = cached();
      return all && { pages: [list.cut(all, { category, after: null, limit: list.pageSize })], pageParams: [null] };
    },
    initialDataUpdatedAt: cachedAt,
    placeholderData: keepPreviousData,
  });
  const featured = useQuery({
    queryKey: list.featuredKey,
    queryFn: list.fetchFeatured,
    initialData: () => {
      const all = cached();
      return all && list.pickFeatured(all);
    },
    initialDataUpdatedAt: cachedAt,
  });
  const items: T[] = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return {
    items,
    /** The featured item, null when there is none (or not yet). */
    featured: featured.data ?? null,
    /** Nothing to show yet: the first page or the featured item is on its way. */
    pending: pages.isPending || featured.isPending,
    error: pages.error ?? featured.error,
    refetch: () => Promise.all([pages.refetch(), featured.refetch()]),
    /** What PagedGridSection needs of the paging. */
    paging: {
      hasMore: pages.hasNextPage,
      loadingMore: pages.isFetchingNextPage,
      switching: pages.isPlaceholderData,
      loadMore: () => void pages.fetchNextPage(),
    },
  };
}
