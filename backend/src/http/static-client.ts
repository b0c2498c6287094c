import { existsSync } from 'node:fs';
import path from 'node:path';
import send from 'koa-send';
import type { Context, Next } from 'koa';

const PLACEHOLDER = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Melloarkivet</title></head>
<body><main><h1>Melloarkivet</h1><p>Klienten är inte byggd ännu. Arkivets data finns under <a href="/api/years">/api/years</a>,
<a href="/api/videos">/api/videos</a> och <a href="/api/articles">/api/articles</a>.</p></main></body></html>`;

/**
 * Serves the built React client: files from frontend/dist, and index.html for every other non-API GET so the
 * client's router decides (including its 'Page Not Found' page).
 */
export function staticClient(distDir: string) {
  const root = path.resolve(distDir);
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.type = 'html';
      ctx.body = PLACEHOLDER;
      return;
    }
    if (ctx.path !== '/' && !ctx.path.endsWith('/')) {
      try {
        const immutable = ctx.path.startsWith('/assets/');
        const served = await send(ctx, ctx.path, { root, immutable, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0 });
        if (served) return;
      } catch (error) {
        if ((error as { status?: number }).status !== 404) throw error;
      }
    }
    await send(ctx, 'index.html', { root });
    ctx.set('Cache-Control', 'no-cache');
  };
}
