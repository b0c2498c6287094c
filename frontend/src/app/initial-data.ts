import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ID, type InitialData } from '@mello/contracts';

/** The page's initial-data script text (contracts: initialDataScript), taken out of the page: it is read once. */
export function takeInitialData(doc: Document = document): string | null {
  const element = doc.getElementById(INITIAL_DATA_ID);
  element?.remove();
  return element?.textContent ?? null;
}

/** The script's content; a missing or damaged one is an empty start (the queries then fetch as usual). */
export function readInitialData(text: string | null): Partial<InitialData> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as Partial<InitialData> | null;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Seeds the cache with the queries the server answered in the page (those its HTML was rendered from), so the
 * first render in the browser has the same data as the server's: hydration finds the same page, and no request
 * follows once the JavaScript has run. A later navigation asks the API as usual.
 */
export function seedInitialData(client: QueryClient, queries: unknown): QueryClient {
  for (const query of Array.isArray(queries) ? (queries as Array<Partial<InitialData['queries'][number]>>) : []) {
    if (Array.isArray(query?.key) && query.data !== undefined) client.setQueryData(query.key, query.data);
  }
  return client;
}
