import { useInfiniteQuery } from '@tanstack/react-query';
import { yearApi, type Year } from '@mello/contracts';
import { callRoute, routeKey } from '../../api/call';

/** Years per page of the /years list: a multiple of the grid's 2, 3 and 4 columns. */
export const YEAR_PAGE_SIZE = 24;

/**
 * The /years list view, page by page, newest year first (GET /api/years/page). Only this view pages: the home
 * page's year grid and the timeline keep reading the whole list (GET /api/years), which they need.
 */
export function useYearPages() {
  const query = useInfiniteQuery({
    queryKey: routeKey(yearApi.page, { query: { limit: YEAR_PAGE_SIZE } }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => callRoute(yearApi.page, { query: { limit: YEAR_PAGE_SIZE, cursor: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextCursor,
  });
  const years: Year[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, years };
}
