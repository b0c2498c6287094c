import type { Context, Middleware } from 'koa';

export type RequestOutcome = { status: number; seconds: number };

/**
 * Calls `observe` once a request is answered, with the status the client gets (500 when the request threw past
 * the error middleware) and the time taken to produce the response. Mounted outside the error middleware.
 */
export function onRequestDone(observe: (ctx: Context, outcome: RequestOutcome) => void): Middleware {
  return async (ctx: Context, next) => {
    const started = process.hrtime.bigint();
    let thrown = false;
    try {
      await next();
    } catch (error) {
      thrown = true;
      throw error;
    } finally {
      observe(ctx, { status: thrown ? 500 : ctx.status, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    }
  };
}
