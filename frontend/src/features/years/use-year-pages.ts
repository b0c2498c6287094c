import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { YEAR_PAGE_SORT, pageAfter, yearPageKey, yearPagesApi, type Year } from '@mello/contracts';
import { archiveKeys } from '../../api/archive';
import { callRoute, routeKey } from '../../api/call';
import { heldList } from '../../lib/held-list';

/** Years per page of the /years list: a multiple of the grid's 2, 3 and 4 columns. */
export const YEAR_PAGE_SIZE = 24;

/**
 * The /years list view, page by page, newest year first (GET /api/years/page). Only this view pages: the home
 * page's year grid and the timeline keep reading the whole list (GET /api/years), which they need. Coming from one
 * of them (a copy no mutation has marked old since: lib/held-list.ts), the first page is cut from that list with the
 * server's own paging function (same items, same cursor), so the screen shows at once instead of loading.
 */
export function useYearPages() {
  const client = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: routeKey(yearPagesApi.page, { query: { limit: YEAR_PAGE_SIZE } }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => callRoute(yearPagesApi.page, { query: { limit: YEAR_PAGE_SIZE, cursor: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextCursor,
    initialData: () => {
      const all = heldList<Year>(client, archiveKeys.years)?.items;
      if (!all) return undefined;
      return { pages: [pageAfter(all, { sort: YEAR_PAGE_SORT, keyOf: yearPageKey, cursor: null, limit: YEAR_PAGE_SIZE })], pageParams: [null] };
    },
    initialDataUpdatedAt: () => heldList<Year>(client, archiveKeys.years)?.updatedAt,
  });
  const years: Year[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, years };
}
