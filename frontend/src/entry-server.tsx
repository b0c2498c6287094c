import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { ServerRenderRequest, ServerRenderResult } from '@mello/contracts';
import { AppProviders } from './app/App';
import { seedInitialData } from './app/initial-data';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadScreen } from './app/routes';
import { currentUserKey } from './auth/current-user';
import { createStyleCache, serverStyleTags } from './app/style-cache';

export { setApiTransport } from './api/http';

/**
 * The server's render of a page (backend/src/ssr/page-renderer.ts loads this module from the client build): the
 * same React tree as the browser's, rendered to HTML with the data it shows, which goes into the page beside it
 * so the browser hydrates exactly this (main.tsx).
 *
 * The data: the page is rendered, the queries it asked for and did not have are fetched through the API (the
 * transport set by setApiTransport: the server's own API, in process) with the page's own query functions, and
 * it is rendered again, until nothing is missing. So every page gets its data without a list of what each needs.
 * The signed-in user is never fetched: public HTML is the same for everyone (cacheable); the browser asks for the
 * user after hydration and its controls appear then.
 */
/** Renders of one page at most: a page whose queries depend on others' answers needs one more each. */
const MAX_PASSES = 4;
const RENDER_TIMEOUT_MS = 10_000;

const USER_KEY = JSON.stringify(currentUserKey);
const isUserQuery = (query: Query) => JSON.stringify(query.queryKey) === USER_KEY;
const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};
/** Queries the render asked for that have no answer yet and can be fetched here. */
const wanted = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data === undefined && query.state.status !== 'error' && !isUserQuery(query) && isEnabled(query) && query.options.queryFn);

export async function render(request: ServerRenderRequest): Promise<ServerRenderResult> {
  const client = createQueryClient();
  seedInitialData(
    client,
    (request.seeds ?? []).map((seed) => ({ key: [...seed.key], data: JSON.parse(seed.json) as unknown })),
  );
  const pathname = new URL(request.url, 'http://page.invalid').pathname;
  await preloadScreen(pathname);
  let html = '';
  let errors: string[] = [];
  let styles = '';
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    ({ html, errors, styles } = await renderToHtml(
      <StrictMode>
        <AppProviders queryClient={client} now={request.now}>
          <StaticRouter location={request.url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    ));
    const missing = wanted(client);
    if (missing.length === 0 || pass === MAX_PASSES) break;
    // A query function handles its own failures (a 404 as null, a failed list as empty); one that throws leaves
    // its query in error, which the page renders as its error view, as the browser would.
    await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
  }
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && !isUserQuery(query))
    .map((query) => ({ key: query.queryKey, json: JSON.stringify(query.state.data) ?? 'null' }));
  const missing = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status !== 'success' && !isUserQuery(query) && isEnabled(query))
    .map((query) => JSON.stringify(query.queryKey));
  client.clear();
  return { html, styles, queries, missing, errors };
}

/** The whole tree as HTML once every part has rendered (lazy parts included), not streamed: the page is cached. */
async function renderToHtml(element: React.ReactNode): Promise<{ html: string; styles: string; errors: string[] }> {
  const errors: string[] = [];
  // The styles of what was rendered, collected rather than written next to each element (emotion's default on a
  // server): one set of <style> elements for <head>, each rule once. The browser's emotion cache (same key, the
  // same class names) takes them over before hydrating and inserts only what is new (app/server-styles.ts).
  const cache = createStyleCache();
  cache.compat = true;
  const emotion = createEmotionServer(cache);
  const stream = await renderToReadableStream(<CacheProvider value={cache}>{element}</CacheProvider>, {
    // One piece: a boundary is never written apart from its place (with a script to move it there later).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    // A render that has not finished by then is cut off (its unfinished parts render in the browser).
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // A component that throws renders in the browser instead (React leaves a marker); the rest is still HTML.
    onError: (error) => {
      errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  return { html, styles: serverStyleTags(emotion.extractCriticalToChunks(html).styles), errors };
}
