import http from 'node:http';
import Router from '@koa/router';

/** A page response as the client received it: status, the body's bytes as sent (compressed) and its headers. */
export type RawResponse = { status: number; body: Buffer; headers: Record<string, string> };

/** The headers copied onto the baseline: what a browser reads of a page answer (the app's middleware adds the rest to both). */
export const PAGE_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'] as const;

/** Not under /api: a page address, so the baseline passes the same middleware as a page (none of it differs by path, but that is not assumed). */
export const PAGE_BASELINE_PATH = '/bench-baseline/page';

/**
 * The render benchmark's throughput baseline: GET /bench-baseline/page answers the bytes and headers captured from
 * a cached rendered page (compressed as the page went out) from a Buffer in memory, behind the same Koa middleware
 * as the page. Mounted only by backend/bench/render-bench.ts through startBackend's `extraRouters`; filled in once
 * the page has been captured.
 */
export function pageBaselineRouter(captured: { response: RawResponse | null }): Router {
  const router = new Router();
  router.get(PAGE_BASELINE_PATH, (ctx) => {
    const response = captured.response;
    if (!response) return;
    ctx.status = response.status;
    ctx.set(response.headers);
    ctx.body = response.body;
  });
  return router;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a keep-alive connection, the body left as sent (no decompression); `ms` from request to last byte. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse & { ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const picked: Record<string, string> = {};
        for (const name of PAGE_HEADERS) {
          const value = response.headers[name];
          if (value !== undefined) picked[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: picked, ms });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export function closeRawAgent(): void {
  agent.destroy();
}
