import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { eventBrowserApi } from '@mello/contracts';
import { callRoute, routeKey, routeQuery } from '../../../api/call';

/** The event browser's filters as the tab and the URL keep them (empty: no filter). */
export type EventFilters = { stream: string; type: string; user: string; from: string; to: string };
export const EVENT_FILTER_KEYS = ['stream', 'type', 'user', 'from', 'to'] as const;
export const NO_EVENT_FILTERS: EventFilters = { stream: '', type: '', user: '', from: '', to: '' };
export const EVENTS_PAGE_SIZE = 50;

/** The log's query of the filters: trimmed, and an empty filter left out (pure). */
export function eventLogQuery(filters: EventFilters) {
  const query: Partial<EventFilters> = {};
  for (const key of EVENT_FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return { ...query, limit: EVENTS_PAGE_SIZE };
}

/** GET /api/admin/events, newest first, a page after another ('Visa fler' or scrolling follows nextBefore). */
export function useEventLog(filters: EventFilters) {
  const query = eventLogQuery(filters);
  return useInfiniteQuery({
    queryKey: routeKey(eventBrowserApi.log, { query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => callRoute(eventBrowserApi.log, { query: { ...query, before: pageParam ?? undefined } }),
    getNextPageParam: (page) => page.nextBefore,
  });
}

/** GET /api/admin/events/stream: one stream, oldest first, with the state after each event where it folds. */
export const useEventStream = (name: string) => useQuery(routeQuery(eventBrowserApi.stream, { query: { name } }));
