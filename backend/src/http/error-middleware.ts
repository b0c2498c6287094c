import type Router from '@koa/router';
import type { ErrorBody } from '@mello/contracts';
import { isTransientDatabaseError } from '@mello/projections';
import type { Context, Next } from 'koa';
import { EventStoreUnavailableError } from '../event-store/port';
import { AppError } from '../shared/errors';

type Log = (message: string, detail?: Record<string, unknown>) => void;

/** How long a client is asked to wait before retrying while a backing service is away. */
const RETRY_AFTER_SECONDS = '5';

export const DATABASE_UNAVAILABLE_MESSAGE = 'Databasen är inte nåbar just nu. Försök igen om en stund.';
export const EVENT_STORE_UNAVAILABLE_MESSAGE = 'Händelseloggen är inte nåbar just nu. Försök igen om en stund.';

/**
 * A known path asked with a method none of its routes take (405), or with a method the router does not know at
 * all (501). The error middleware names the method and the Allow header from the request.
 */
export class UnsupportedMethodError extends Error {
  constructor(readonly status: 405 | 501) {
    super(`Method not supported (${status})`);
    this.name = new.target.name;
  }
}

/**
 * `router.allowedMethods()` with its 405 and 501 thrown as UnsupportedMethodError, so they get the same JSON
 * `{ error }` as every other error instead of the router's plain-text body. Mount it wherever
 * `router.allowedMethods()` would go.
 */
export function allowedMethods(router: Router): ReturnType<Router['allowedMethods']> {
  return router.allowedMethods({
    throw: true,
    methodNotAllowed: () => new UnsupportedMethodError(405),
    notImplemented: () => new UnsupportedMethodError(501),
  });
}

function unsupportedMethod(ctx: Context, status: 405 | 501): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const allow = allowedFor(ctx);
  const message = status === 405 ? `Metoden ${ctx.method} stöds inte för den här adressen` : `Metoden ${ctx.method} stöds inte av servern`;
  return { status, body: { error: message }, headers: allow.length > 0 ? { Allow: allow.join(', ') } : {} };
}

/** The methods of every route whose path matched (the router collects them on the context across routers). */
function allowedFor(ctx: Context): string[] {
  const matched = (ctx as Context & { matched?: Array<{ methods: string[] }> }).matched ?? [];
  return [...new Set(matched.flatMap((layer) => layer.methods))];
}

/**
 * The one place where errors become HTTP answers: typed application errors keep their status and message (the
 * body parser's failures become typed errors where the body is read, json-body.ts), a method the path does not
 * take 405 with Allow (501 for one the router does not know), an unreachable database or event store 503 with
 * Retry-After (the pools and the runner reconnect by themselves, so a retry works once it is back), anything else
 * 500 (logged, never leaked).
 */
export function errorMiddleware(log: Log) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new AppError(404, `Okänd adress: ${ctx.method} ${ctx.path}`);
      }
    } catch (error) {
      const { status, body, headers } = error instanceof UnsupportedMethodError ? unsupportedMethod(ctx, error.status) : toResponse(error);
      // An outage answers every request with 503: one line each, without the stack.
      if (status === 503) log('request failed: service unavailable', { requestId: ctx.state.requestId, path: ctx.path, error: String((error as Error)?.message ?? error) });
      else if (status >= 500 && !(error instanceof UnsupportedMethodError)) log('request failed', { requestId: ctx.state.requestId, path: ctx.path, error: String((error as Error)?.stack ?? error) });
      ctx.status = status;
      ctx.set(headers);
      ctx.body = body;
    }
  };
}

function toResponse(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof AppError) {
    return { status: error.status, body: error.issues ? { error: error.message, issues: error.issues } : { error: error.message }, headers: error.headers };
  }
  const httpError = error as { status?: number; statusCode?: number; expose?: boolean; message?: string };
  const status = httpError.status ?? httpError.statusCode;
  if (error instanceof EventStoreUnavailableError) {
    return { status: 503, body: { error: EVENT_STORE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': RETRY_AFTER_SECONDS } };
  }
  // Unreachable, restarting, or too busy to answer in time (a lock or statement timeout): all pass.
  if (isTransientDatabaseError(error)) {
    return { status: 503, body: { error: DATABASE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': RETRY_AFTER_SECONDS } };
  }
  if (status && status >= 400 && status < 500 && httpError.expose) {
    return { status, body: { error: httpError.message ?? 'Felaktig begäran' }, headers: {} };
  }
  return { status: 500, body: { error: 'Ett oväntat fel inträffade' }, headers: {} };
}
