import Router from '@koa/router';

/** What the real route answered once, replayed by the baseline: same status, body bytes and the headers a client reads. */
export type CapturedResponse = { status: number; body: Buffer; headers: Record<string, string> };

/** The response headers copied onto the baseline (the app's middleware adds the rest to both alike). */
export const REPLAYED_HEADERS = ['content-type', 'etag', 'cache-control', 'vary', 'last-modified'] as const;

export const BASELINE_PREFIX = '/api/bench-baseline';

/**
 * The HTTP benchmark's baseline: GET /api/bench-baseline/<name> answers the bytes captured from the real route,
 * from memory, behind the same Koa middleware (request id, error mapping, headers, session, user, rate limit) as
 * the real route. Mounted only by backend/bench/http-bench.ts through startBackend's `extraRouters`. Responses are
 * filled in after the server started, once the real routes have been fetched.
 */
export function baselineRouter(responses: ReadonlyMap<string, CapturedResponse>): Router {
  const router = new Router({ prefix: BASELINE_PREFIX });
  router.get('/:name', (ctx) => {
    const captured = responses.get(ctx.params.name!);
    if (!captured) return;
    ctx.status = captured.status;
    ctx.set(captured.headers);
    // Bytes prepared once: the least work Koa can do to answer them.
    ctx.body = captured.body;
  });
  return router;
}

export async function capture(url: string): Promise<CapturedResponse> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, body, headers };
}
