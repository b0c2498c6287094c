import type { QueryClient } from '@tanstack/react-query';

/** Written by the server into the page (backend/src/seo/initial-data.ts). */
const INITIAL_DATA_ID = 'initial-data';

type InitialQuery = { key: unknown[]; data: unknown };

/** The page's initial-data script text, taken out of the page: it is read once. */
export function takeInitialData(doc: Document = document): string | null {
  const element = doc.getElementById(INITIAL_DATA_ID);
  element?.remove();
  return element?.textContent ?? null;
}

/**
 * Seeds the cache with the queries the server answered ahead in the page (the archive lists of the route and the
 * signed-in user), so the first render already has them: no loading line, no request after the JavaScript has
 * run, and no second render when they arrive. A later navigation asks the API as usual.
 */
export function seedInitialData(client: QueryClient, text: string | null): QueryClient {
  if (!text) return client;
  try {
    const queries = JSON.parse(text) as InitialQuery[];
    for (const query of Array.isArray(queries) ? queries : []) {
      if (Array.isArray(query?.key) && query.data !== undefined) client.setQueryData(query.key, query.data);
    }
  } catch {
    // A damaged script only costs the head start: the queries fetch as usual.
  }
  return client;
}
