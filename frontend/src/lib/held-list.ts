import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The whole list a paged screen may start from (it came from a page that holds it: home, the admin panel), or
 * nothing when that copy is known to be old. A mutation invalidates the whole list, but a list no screen shows is
 * only marked, not fetched again, and a paged query seeded from it would take its old items as fresh (data never
 * goes stale by itself here): the video archive showed a video's old title right after the admin saved it.
 */
export function heldList<T>(client: QueryClient, key: QueryKey): { items: T[]; updatedAt: number } | undefined {
  const state = client.getQueryState<T[]>(key);
  if (!state?.data || state.isInvalidated) return undefined;
  return { items: state.data, updatedAt: state.dataUpdatedAt };
}
