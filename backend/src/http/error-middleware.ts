import type Router from '@koa/router';
import { isApiPath, type ErrorBody } from '@mello/contracts';
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
 * A method the address does not take: one its routes do not list, or one the router does not know at all (TRACE,
 * PROPFIND…). Both are 405: no address here takes an unknown method, and 501 would report a lack of the server's
 * rather than a wrong request. `allow` names the methods of an address no route matched (the client's pages). The
 * error middleware names the method and sets Allow.
 */
export class UnsupportedMethodError extends Error {
  readonly status = 405;
  constructor(readonly allow?: readonly string[]) {
    super('Method not allowed');
    this.name = new.target.name;
  }
}

/**
 * `router.allowedMethods()` with its 405 and 501 both thrown as UnsupportedMethodError, so they get the same
 * JSON `{ error }` as every other error instead of the router's plain-text body. Mount it wherever
 * `router.allowedMethods()` would go.
 */
export function allowedMethods(router: Router): ReturnType<Router['allowedMethods']> {
  return router.allowedMethods({
    throw: true,
    methodNotAllowed: () => new UnsupportedMethodError(),
    notImplemented: () => new UnsupportedMethodError(),
  });
}

export const methodNotAllowedMessage = (method: string) => `Metoden ${method} stöds inte för den här adressen`;

/**
 * 405 with the methods the address takes in Allow. The router refuses a method it does not know before it looks
 * for the path: an address no route has is still a 404, whatever the method.
 */
function unsupportedMethod(ctx: Context, error: UnsupportedMethodError): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const routed = routeMethods(ctx);
  const allow = routed.length > 0 ? routed : (error.allow ?? []);
  if (allow.length === 0) return toResponse(unknownAddress(ctx));
  return { status: 405, body: { error: methodNotAllowedMessage(ctx.method) }, headers: { Allow: allow.join(', ') } };
}

const unknownAddress = (ctx: Context) => new AppError(404, `Okänd adress: ${ctx.method} ${ctx.path}`);

/** The methods of every route whose path matched (the router collects them on the context across routers). */
export function routeMethods(ctx: Context): string[] {
  const matched = (ctx as Context & { matched?: Array<{ methods: string[] }> }).matched ?? [];
  return [...new Set(matched.flatMap((layer) => layer.methods))];
}

/**
 * The one place where errors become HTTP answers: typed application errors keep their status and message (the
 * body parser's failures become typed errors where the body is read, json-body.ts), a method the path does not
 * take 405 with Allow, an unreachable database or event store 503 with Retry-After (the pools and the runner
 * reconnect by themselves, so a retry works once it is back), anything else 500 (logged, never leaked).
 */
export function errorMiddleware(log: Log) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        throw unknownAddress(ctx);
      }
    } catch (error) {
      const { status, body, headers } = error instanceof UnsupportedMethodError ? unsupportedMethod(ctx, error) : toResponse(error);
      // An outage answers every request with 503: one line each, without the stack.
      if (status === 503)
        log('request failed: service unavailable', { requestId: ctx.state.requestId, path: ctx.path, error: String((error as Error)?.message ?? error) });
      else if (status >= 500) log('request failed', { requestId: ctx.state.requestId, path: ctx.path, error: String((error as Error)?.stack ?? error) });
      ctx.status = status;
      ctx.set(headers);
      ctx.body = body;
    }
  };
}

/** The status, body and headers an error becomes (also what idempotency.ts records for a failed create). */
export function toResponse(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (error instanceof AppError) {
    return { status: error.status, body: error.issues ? { error: error.message, issues: error.issues } : { error: error.message }, headers: error.headers };
  }
  const httpError = error as { status?: number; statusCode?: number; expose?: boolean; message?: string };
  const status = httpError.status ?? httpError.statusCode;
  if (error instanceof EventStoreUnavailableError) {
    return { status: 503, body: { error: EVENT_STORE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': RETRY_AFTER_SECONDS } };
  }
  // Unreachable, restarting, hanging (no answer within the pool's deadline: DatabaseNotAnsweringError), or too
  // busy to answer in time (a lock or statement timeout): all pass, and the pools reconnect by themselves.
  if (isTransientDatabaseError(error)) {
    return { status: 503, body: { error: DATABASE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': RETRY_AFTER_SECONDS } };
  }
  if (status && status >= 400 && status < 500 && httpError.expose) {
    return { status, body: { error: httpError.message ?? 'Felaktig begäran' }, headers: {} };
  }
  return { status: 500, body: { error: 'Ett oväntat fel inträffade' }, headers: {} };
}
