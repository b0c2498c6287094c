import type { Middleware } from 'koa';
import type { Metrics } from './metrics';
import { onRequestDone } from './request-outcome';
import { routeLabel } from './route-label';

/** Observes every request in http_request_duration_seconds; outside the error middleware, like the access log. */
export function httpMetrics(metrics: Metrics): Middleware {
  return onRequestDone((ctx, { status, seconds }) => {
    metrics.httpDuration.observe({ method: ctx.method, route: routeLabel(ctx), status: String(status) }, seconds);
  });
}
