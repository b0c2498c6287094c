import { AUTH_API_PREFIX, AUTH_PAGES, isApiPath, canonicalUuid } from '@mello/contracts';
import Koa, { type Middleware } from 'koa';
import session from 'koa-session';
import type Router from '@koa/router';
import type { DatabasePool } from 'slonik';
import { loadUser } from '../auth/load-user';
import { refuseCrossSiteWrites } from '../auth/csrf';
import { createPostgresSessionStore } from '../auth/session-store';
import { currentUser } from '../auth/guards';
import { consumeOrThrow, limitKey, minutesText, type Limiter } from '../auth/rate-limit';
import type { Config } from '../config';
import { accessLog } from '../observability/access-log';
import { httpMetrics } from '../observability/http-metrics';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';
import { assertRoutesFromContracts } from './contract-routes';
import { allowedMethods, errorMiddleware } from './error-middleware';
import { jsonBody } from './json-body';
import type { ListCache } from './list-cache';
import { requestId } from './request-context';
import { staticClient } from './static-client';
import { PageRenderer } from '../ssr/page-renderer';
import { inProcessApi } from '../ssr/in-process-api';
import { RenderedPages, type ChangeStamps } from '../ssr/rendered-pages';
import { viewerKey, type ViewCounter } from '../forum/view-counter';
import { trustedClientAddress } from './trust-proxy';

export type HttpAppDeps = {
  config: Config;
  pool: DatabasePool;
  routers: Router[];
  /**
   * Benchmarks' routers (startBackend's extraRouters; never in production): mounted after the product's, behind the
   * same middleware, and not held to the contracts, since they imitate an API route's answer to measure it.
   */
  extraRouters?: Router[];
  /** Guards of whole areas (adminArea): after the user is known and before the routers. */
  guards?: Middleware[];
  writeLimiter: Limiter;
  clientDir: string;
  log: (message: string, detail?: Record<string, unknown>) => void;
  /** Access log and request metrics around everything; the probe routes (/healthz, /readyz, /metrics) before sessions. */
  observability?: { logger: Logger; metrics: Metrics; routes: Router };
  /** The API's list cache, shared with the pages' initial data. */
  lists?: ListCache;
  /** The read models' change stamps: without them pages are rendered but not cached. */
  readModels?: ChangeStamps;
  /** A forum post's page counts a view, as its API call does. */
  views?: ViewCounter;
  /** Every session that ends here (logout, or the old id at a sign-in): the live layer closes its sockets. */
  onSessionEnded?: (sid: string) => void;
};

/** Without change stamps every stamp differs from the last: nothing cached is ever served. */
let uncachedStamp = 0;
const UNCACHED: ChangeStamps = { changeStamp: () => String((uncachedStamp += 1)) };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createHttpApp(deps: HttpAppDeps): Koa {
  const { config } = deps;
  // Forwarded headers only from the proxies TRUST_PROXY names (trust-proxy.ts), in production too.
  const app = new Koa({ proxy: config.trustProxy.kind !== 'none', keys: [config.sessionSecret] });
  const secureCookies = config.publicOrigin.startsWith('https://');

  app.use(trustedClientAddress(config.trustProxy));
  // An https public origin means the browser's connection is TLS, ended by a proxy in front or not: the Secure
  // session cookie is set whether or not that proxy's X-Forwarded-Proto is trusted.
  if (secureCookies) {
    app.use(async (ctx, next) => {
      ctx.cookies.secure = true;
      await next();
    });
  }
  app.use(requestId);
  // Outside the error middleware, so both see the status the client gets.
  if (deps.observability) app.use(accessLog(deps.observability.logger)).use(httpMetrics(deps.observability.metrics));
  app.use(errorMiddleware(deps.log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  });
  // Probes touch neither the session store nor the rate limits.
  if (deps.observability) app.use(deps.observability.routes.routes()).use(allowedMethods(deps.observability.routes));
  app.use(
    session(
      {
        key: 'mello.sid',
        maxAge: config.sessionMaxAgeMs,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        signed: true,
        renew: true,
        store: createPostgresSessionStore(deps.pool, { onDestroy: deps.onSessionEnded }),
      },
      app,
    ),
  );
  app.use(refuseCrossSiteWrites(config.publicOrigin));
  app.use(jsonBody());
  app.use(loadUser(deps.pool, config.adminEmail));
  app.use(async (ctx, next) => {
    // Per-user write limit on every state-changing API call of a signed-in user, in any letter case of the path
    // (the router's matching is case-insensitive: isApiPath).
    const user = currentUser(ctx);
    if (user && WRITE_METHODS.has(ctx.method) && isApiPath(ctx.path) && !ctx.path.toLowerCase().startsWith(`${AUTH_API_PREFIX}/`)) {
      await consumeOrThrow(deps.writeLimiter, limitKey(user.id), (s) => `För många ändringar på kort tid. Försök igen ${minutesText(s)}.`);
    }
    await next();
  });
  for (const guard of deps.guards ?? []) app.use(guard);
  // A method the path does not take: 405 with Allow and a JSON { error }, like every other error (error-middleware.ts).
  assertRoutesFromContracts(deps.routers, Object.values(AUTH_PAGES));
  for (const router of [...deps.routers, ...(deps.extraRouters ?? [])]) app.use(router.routes()).use(allowedMethods(router));
  // The client's HTML carries each route's page meta, built from the read models (see static-client.ts).
  // The server renders pages through its own API, in process (ssr/in-process-api.ts), once the app is complete.
  const renderer = new PageRenderer(
    deps.clientDir,
    () => inProcessApi(app.callback()),
    (error) => deps.log('server render failed', { error: String(error) }),
  );
  const pages = new RenderedPages(renderer, deps.readModels ?? UNCACHED, deps.readModels ? config.pageCacheBytes : 0);
  app.use(
    staticClient(deps.clientDir, {
      db: deps.pool,
      lists: deps.lists,
      publicOrigin: config.publicOrigin,
      production: config.production,
      pages,
      onPageView: (route, ctx) => {
        const postId = route.page === 'forumPost' ? canonicalUuid(route.id) : null;
        if (postId !== null) deps.views?.record(postId, viewerKey(ctx));
      },
    }),
  );
  app.on('error', (error) => deps.log('koa error', { error: String(error) }));
  return app;
}
