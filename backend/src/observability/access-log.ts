import type { Middleware } from 'koa';
import { currentUser } from '../auth/guards';
import type { Logger } from './logger';
import { onRequestDone } from './request-outcome';
import { matchedRoute } from './route-label';

/** Probes hit every few seconds: their lines are debug unless they fail. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per request: method, route (the pattern that matched, else the path), status, duration, request id
 * (the same id that becomes the correlation id of the events the request appends) and the signed-in user's id.
 * Mounted outside the error middleware, so the status is the one the client gets; the duration is the time to
 * produce the response (a streamed file's transfer is not included).
 */
export function accessLog(logger: Logger): Middleware {
  return onRequestDone((ctx, { status, seconds }) => {
    const line = {
      method: ctx.method,
      route: matchedRoute(ctx) ?? ctx.path,
      status,
      ms: Math.round(seconds * 1e5) / 100,
      requestId: ctx.state.requestId as string | undefined,
      userId: currentUser(ctx)?.id,
    };
    if (status >= 500) logger[PROBES.has(ctx.path) ? 'warn' : 'error'](line, 'request');
    else logger[PROBES.has(ctx.path) ? 'debug' : 'info'](line, 'request');
  });
}
