import type { Context } from 'koa';

/** The @koa/router pattern that answered (`/api/years/by-year/:year`), or null when no route matched. */
export function matchedRoute(ctx: Context): string | null {
  const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return route === undefined ? null : String(route);
}

/**
 * The route as a metric label: the pattern when a route matched; otherwise one value for unknown API paths and
 * one for everything the client's static files and HTML answer, so a scan of random URLs cannot create series.
 */
export function routeLabel(ctx: Context): string {
  return matchedRoute(ctx) ?? (ctx.path === '/api' || ctx.path.startsWith('/api/') ? 'unmatched' : 'client');
}
