import path from 'node:path';
import send from 'koa-send';
import type { Context, Next } from 'koa';
import type { CommonQueryMethods } from 'slonik';
import { isApiPath, pageMeta } from '@mello/contracts';
import { requestOrigin } from '../auth/csrf';
import { currentUser } from '../auth/guards';
import { CURRENT_USER_KEY, initialDataScript } from '../seo/initial-data';
import { IndexTemplate } from '../seo/index-template';
import { CompressedFiles, compressBody } from './compressed-files';
import { routeMethods, UnsupportedMethodError } from './error-middleware';
import type { ListCache } from './list-cache';
import { archiveLists, routeMeta, type RouteMeta } from '../seo/route-meta';
import { RoutePreloads } from '../seo/route-preloads';
import { Shells } from '../seo/shells';

/** What the client's files and pages take; OPTIONS answers with them, any other method is a 405. */
const CLIENT_METHODS = ['GET', 'HEAD'];

export type StaticClientSeo = {
  /** Where the read models live: a route's meta comes from the same data the API answers with. */
  db: CommonQueryMethods;
  /** The API's list cache: pages start with the same list bytes, without a query while they are unchanged. */
  lists?: ListCache;
  publicOrigin: string;
  production: boolean;
};

/**
 * Serves the built React client: files from frontend/dist, and for every other non-API GET its index.html with
 * the route's title, description, social tags, canonical link and structured data already in <head> (product
 * decision 8: a crawler without JavaScript sees them). Unknown paths, years and articles answer 404; the client
 * still renders its own not-found view from the same HTML. Without a build, a small built-in page stands in.
 * These addresses take GET and HEAD: OPTIONS lists them, any other method is a 405 JSON `{ error }`.
 */
export function staticClient(distDir: string, seo?: StaticClientSeo) {
  const root = path.resolve(distDir);
  const index = new IndexTemplate(root);
  const compressed = new CompressedFiles(root);
  const preloads = new RoutePreloads(root);
  const shells = new Shells(root);
  return async (ctx: Context, next: Next) => {
    // The API's addresses, and any other a router knows (the probes), answer their methods themselves.
    if (isApiPath(ctx.path) || routeMethods(ctx).length > 0) return next();
    if (ctx.method === 'OPTIONS') {
      ctx.status = 200;
      ctx.body = '';
      ctx.set('Allow', CLIENT_METHODS.join(', '));
      return;
    }
    if (!CLIENT_METHODS.includes(ctx.method)) throw new UnsupportedMethodError(CLIENT_METHODS);
    if (ctx.path !== '/' && !ctx.path.endsWith('/')) {
      // Built assets carry a content hash in their name: cached for a year. Other public files are revalidated.
      const immutable = ctx.path.startsWith('/assets/');
      if (await compressed.serve(ctx, ctx.path, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0')) return;
      try {
        const served = await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0 });
        if (served) return;
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
      }
    }
    const { status, meta, page, data } = await metaOf(ctx, seo);
    // The configured origin in production (a proxy's Host header must not decide the canonical URL); else the
    // request's own, so a local port or 127.0.0.1 gives working links.
    const origin = (seo?.production ? null : requestOrigin(ctx)) ?? seo?.publicOrigin ?? '';
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    const user = currentUser(ctx);
    const initial = initialDataScript([...data, { key: CURRENT_USER_KEY, json: user ? JSON.stringify(user) : 'null' }]);
    ctx.body = compressBody(ctx, index.render(meta, origin, `${preloads.linksFor(page)}\n    ${initial}`, shells.for(page)));
  };
}

async function metaOf(ctx: Context, seo: StaticClientSeo | undefined): Promise<RouteMeta> {
  const q = typeof ctx.query.q === 'string' ? ctx.query.q : '';
  if (!seo) return { status: 200, meta: { ...pageMeta.home(), path: ctx.path }, page: '', data: [] };
  try {
    return await routeMeta(seo.db, ctx.path, { q }, archiveLists(seo.db, seo.lists));
  } catch (error) {
    // The read models are unreachable: still send the client, which shows its own friendly error.
    ctx.app.emit('error', error, ctx);
    return { status: 200, meta: { ...pageMeta.home(), path: ctx.path }, page: '', data: [] };
  }
}
