import { isApiPath } from '@mello/contracts';
import type { Context } from 'koa';

type Layer = { path: string | RegExp; methods: string[] };
type RoutedContext = Context & { _matchedRoute?: string | RegExp; matched?: Layer[] };

/**
 * The @koa/router pattern of the request (`/api/years/by-year/:year`), or null when no route's path matched.
 * The router records the layer it runs last, which is a `router.use` middleware's pattern when that middleware
 * answered (a guard's 401): then the route it stood in front of is named instead. A path whose routes take other
 * methods (405) is named by that route's pattern too.
 */
export function matchedRoute(ctx: Context): string | null {
  const { _matchedRoute: current, matched = [] } = ctx as RoutedContext;
  const routes = matched.filter((layer) => layer.methods.length > 0);
  const forMethod = routes.filter((layer) => layer.methods.includes(ctx.method));
  if (current !== undefined && forMethod.some((layer) => layer.path === current)) return String(current);
  const route = forMethod[0] ?? routes[0];
  return route ? String(route.path) : null;
}

/**
 * The route as a metric label: the pattern when a route matched; otherwise one value for unknown API paths and
 * one for everything the client's static files and HTML answer, so a scan of random URLs cannot create series.
 */
export function routeLabel(ctx: Context): string {
  return matchedRoute(ctx) ?? (isApiPath(ctx.path) ? 'unmatched' : 'client');
}
