import type { Context, Middleware } from 'koa';
import type { Metrics } from './metrics';
import { routeLabel } from './route-label';

/** Observes every request in http_request_duration_seconds; outside the error middleware, like the access log. */
export function httpMetrics(metrics: Metrics): Middleware {
  return async (ctx: Context, next) => {
    const end = metrics.httpDuration.startTimer();
    let thrown = false;
    try {
      await next();
    } catch (error) {
      thrown = true;
      throw error;
    } finally {
      end({ method: ctx.method, route: routeLabel(ctx), status: String(thrown ? 500 : ctx.status) });
    }
  };
}
