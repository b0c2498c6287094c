import type { InitialQueryText } from './initial-data';

/**
 * The seam between the server and the client's server render (frontend/src/entry-server.tsx), which the client
 * build writes to `{client dir}/.server/entry-server.mjs` (frontend/server-render-build.ts) and the server loads
 * from there (backend/src/ssr/page-renderer.ts).
 */
export const SERVER_RENDER_PATH = ['.server', 'entry-server.mjs'] as const;

export type ServerRenderRequest = {
  /** Path and query string of the page. */
  url: string;
  /** The moment relative times count from (frontend/src/app/now.tsx); goes into the page with the data. */
  now: number;
  /** Queries the server already answered (the route's meta data): not fetched again. */
  seeds?: readonly InitialQueryText[];
};

export type ServerRenderResult = {
  /** What goes inside #root. */
  html: string;
  /** The <style> elements of what was rendered, for <head>. */
  styles: string;
  /** Every query the HTML was rendered from, for the page's initial data. */
  queries: InitialQueryText[];
  /** Keys of queries that still had no data (a call failed): the HTML shows their error or loading state. */
  missing: string[];
  /** Parts that failed to render (the browser renders those): such a page is not kept. */
  errors: string[];
};

/** How the render reaches the API: on the server, the API in the same process (backend/src/ssr/in-process-api.ts). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export type ServerRenderModule = {
  render: (request: ServerRenderRequest) => Promise<ServerRenderResult>;
  setApiTransport: (transport: ApiTransport) => void;
};
