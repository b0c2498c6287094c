import path from 'node:path';
import send from 'koa-send';
import type { Context, Next } from 'koa';
import type { CommonQueryMethods } from 'slonik';
import { initialDataScript, isApiPath, pageMeta } from '@mello/contracts';
import { requestOrigin } from '../auth/csrf';
import { IndexTemplate } from '../seo/index-template';
import { CompressedFiles, acceptedEncoding, compressBody } from './compressed-files';
import { routeMethods, UnsupportedMethodError } from './error-middleware';
import { ifNoneMatchHits, type ListCache } from './list-cache';
import { archiveLists, routeMeta, type RouteMeta } from '../seo/route-meta';
import { RoutePreloads } from '../seo/route-preloads';
import { serveCrawlerFile } from '../seo/crawler-files';
import { lowerCaseSlugPath, matchClientRoute, type ClientRoute } from '../seo/client-routes';
import type { CachedPage } from '../ssr/page-cache';
import type { RenderedPages } from '../ssr/rendered-pages';

/** What the client's files and pages take; OPTIONS answers with them, any other method is a 405. */
const CLIENT_METHODS = ['GET', 'HEAD'];

export type StaticClientSeo = {
  /** Where the read models live: a route's meta comes from the same data the API answers with. */
  db: CommonQueryMethods;
  /** The API's list cache: pages start with the same list bytes, without a query while they are unchanged. */
  lists?: ListCache;
  publicOrigin: string;
  production: boolean;
  /** The server render of pages and their cache (absent: pages go out as the template, the browser renders them). */
  pages?: RenderedPages;
  /** Called for each page request of a route that exists (a forum post's page counts a view). */
  onPageView?: (route: ClientRoute, ctx: Context) => void;
};

/**
 * Serves the built React client: files from frontend/dist, and for every other non-API GET a page — index.html
 * with the route's title, description, social tags, canonical link and structured data in <head> (product
 * decision 8), and the page itself rendered by the server with the data it shows (backend/src/ssr), so a reader
 * sees it and a crawler or link preview reads it without JavaScript; the browser hydrates that HTML. Unknown
 * paths, years and articles answer 404 with the client's not-found view. Without a build, a small built-in page
 * stands in. /robots.txt and /sitemap.xml are written for crawlers (seo/crawler-files.ts). These addresses take GET and HEAD: OPTIONS lists them, any other method is a 405 JSON `{ error }`.
 */
export function staticClient(distDir: string, seo?: StaticClientSeo) {
  const root = path.resolve(distDir);
  const index = new IndexTemplate(root);
  const compressed = new CompressedFiles(root);
  const preloads = new RoutePreloads(root);
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
    // The configured origin in production (a proxy's Host header must not decide the canonical URL); else the
    // request's own, so a local port or 127.0.0.1 gives working links.
    const origin = (seo?.production ? null : requestOrigin(ctx)) ?? seo?.publicOrigin ?? '';
    if (await serveCrawlerFile(ctx, origin, seo?.db)) return;
    // A client route is a page, never a file: it skips the disk look-ups (served from the page cache as it is).
    const route = matchClientRoute(ctx.path);
    const lowerCase = lowerCaseSlugPath(route);
    if (lowerCase) {
      ctx.status = 301;
      ctx.redirect(ctx.querystring ? `${lowerCase}?${ctx.querystring}` : lowerCase);
      return;
    }
    // A path that is no valid percent-encoding names no file (koa-send answered it a 400 'failed to decode' in
    // JSON): it gets the not-found page like any other unknown address.
    if (!route && ctx.path !== '/' && !ctx.path.endsWith('/') && decodes(ctx.path)) {
      // Built assets carry a content hash in their name: cached for a year. Other public files are revalidated.
      const immutable = ctx.path.startsWith('/assets/');
      if (await compressed.serve(ctx, ctx.path, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0')) return;
      try {
        const served = await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0 });
        if (served) return;
      } catch (error) {
        // koa-send refuses a path it will not read as a file (400 'Malicious Path' for a NUL, 403 for one leading
        // out of the root) in English: such a path names no file either, so it gets the not-found page too.
        if (![400, 403, 404].includes((error as { status?: number }).status ?? 500)) throw error;
      }
    }
    // Rendered as the text it is: a stray '%' escaped, so the router reads the same path without warning on each.
    const pagePath = decodes(ctx.path) ? ctx.path : ctx.path.replaceAll('%', '%25');
    const url = ctx.querystring ? `${pagePath}?${ctx.querystring}` : pagePath;
    if (route) seo?.onPageView?.(route, ctx);
    const page = await seo?.pages?.page(`${origin} ${url}`, async () => {
      const { status, meta, page: screen, data } = await metaOf(ctx, seo);
      const now = Date.now();
      const rendered = await seo.pages!.renderer.render({ url, now, seeds: data });
      const queries = rendered?.queries ?? data;
      const head = [rendered?.styles ?? '', initialDataScript(now, queries)].filter(Boolean).join('\n    ');
      const html = index.render(meta, origin, head, rendered?.html ?? '', preloads.chunksFor(screen));
      // Only a whole page is kept: not a 404 (any address can be one), nor one rendered without all its data, nor
      // one with a query string — anyone can make endless variants of those (/?a=1, /?a=2 …), which would push the
      // pages readers ask for out of the cache. They are rendered each time, at most four at once (page-renderer.ts).
      if (rendered && rendered.errors.length > 0) ctx.app.emit('error', new Error(`Server render of ${url} failed in part: ${rendered.errors[0]}`), ctx);
      const whole = rendered !== null && rendered.missing.length === 0 && rendered.errors.length === 0;
      return { status, html, queries, cacheable: status === 200 && whole && !ctx.querystring };
    });
    if (page) return answerPage(ctx, page);
    const { status, meta, page: screen, data } = await metaOf(ctx, seo);
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = compressBody(ctx, index.render(meta, origin, initialDataScript(Date.now(), data), '', preloads.chunksFor(screen)));
  };
}

function decodes(urlPath: string): boolean {
  try {
    decodeURIComponent(urlPath);
    return true;
  } catch {
    return false;
  }
}

/** A page as the cache holds it: one HTML for everyone, revalidated by its ETag (304 while unchanged). */
function answerPage(ctx: Context, page: CachedPage): void {
  ctx.status = page.status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', page.etag);
  ctx.vary('Accept-Encoding');
  if (page.status === 200 && ifNoneMatchHits(ctx.get('if-none-match'), page.etag)) {
    ctx.status = 304;
    return;
  }
  const encoding = page.html.byteLength > 1024 ? acceptedEncoding(ctx) : null;
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = page.body(encoding);
}

async function metaOf(ctx: Context, seo: StaticClientSeo | undefined): Promise<RouteMeta> {
  // The first q when the address repeats it, as the client reads it (URLSearchParams.get).
  const [q = ''] = [ctx.query.q ?? ''].flat();
  if (!seo) return { status: 200, meta: { ...pageMeta.home(), path: ctx.path }, page: '', data: [] };
  try {
    return await routeMeta(seo.db, ctx.path, { q }, archiveLists(seo.db, seo.lists));
  } catch (error) {
    // The read models are unreachable: still send the client, which shows its own friendly error.
    ctx.app.emit('error', error, ctx);
    return { status: 200, meta: { ...pageMeta.home(), path: ctx.path }, page: '', data: [] };
  }
}
