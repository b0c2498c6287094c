import type Router from '@koa/router';
import {
  IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
} from '@mello/contracts';
import type { Context, Middleware, Next } from 'koa';
import type { CommonQueryMethods } from 'slonik';
import { currentUser } from '../auth/guards';
import { AppError, UnauthorizedError, ValidationError } from '../shared/errors';
import { toResponse } from './error-middleware';
import { recordAnswer, releaseKey, reserveKey, type StoredAnswer } from './idempotency-keys';
import { requestFingerprint } from './request-fingerprint';

const HEADER = 'idempotency-key';
/** Marks the middleware, so the routes that take a key can be listed from the routers themselves. */
const IDEMPOTENT_CREATE = Symbol('idempotentCreate');

const answerText = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body ?? null));

/**
 * Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) for a create route; mount it after the route's
 * auth guard. Without the header the route runs as before. With it, per signed-in user and key:
 * - the first request reserves the key (atomically, in PostgreSQL) and runs; its answer is stored when definite
 *   (2xx, or a 4xx: nothing was decided differently than a retry would be), and the key is released on a 5xx
 *   or an unexpected failure, so a retry runs afresh;
 * - a retry with the same method, path and body gets the stored answer again, with `Idempotent-Replayed: true`,
 *   and appends nothing;
 * - while the first still runs: 409; with another request (method, path or body): 422; a malformed key: 400.
 */
export function idempotentCreate(db: CommonQueryMethods): Middleware {
  const middleware = async (ctx: Context, next: Next) => {
    const header = ctx.headers[HEADER];
    if (header === undefined) return next();
    const parsed = IdempotencyKeySchema.safeParse(Array.isArray(header) ? header.join(', ') : header);
    if (!parsed.success) throw new ValidationError(IDEMPOTENCY_KEY_INVALID_MESSAGE, [{ path: 'Idempotency-Key', message: IDEMPOTENCY_KEY_INVALID_MESSAGE }]);
    const key = parsed.data;
    const user = currentUser(ctx);
    if (!user) throw new UnauthorizedError();
    const fingerprint = requestFingerprint({ method: ctx.method, path: ctx.path, body: ctx.request.body });

    const reservation = await reserveKey(db, user.id, key, fingerprint);
    switch (reservation.outcome) {
      case 'other-request':
        throw new AppError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      case 'in-flight':
        throw new AppError(409, IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, undefined, { 'Retry-After': '1' });
      case 'done':
        ctx.status = reservation.answer.status;
        ctx.type = 'json';
        ctx.body = reservation.answer.body;
        ctx.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return;
      case 'reserved':
        break;
    }

    const { token } = reservation;
    // The outcome of the create is already decided here: failing to store it must not turn it into an error.
    const settle = (answer: StoredAnswer | null) =>
      (answer === null ? releaseKey(db, user.id, key, token) : recordAnswer(db, user.id, key, token, answer)).catch((error: unknown) =>
        ctx.app.emit('error', error, ctx),
      );
    try {
      await next();
    } catch (error) {
      const { status, body } = toResponse(error);
      await settle(status < 500 ? { status, body: JSON.stringify(body) } : null);
      throw error;
    }
    await settle(ctx.status < 500 ? { status: ctx.status, body: answerText(ctx.body) } : null);
  };
  return Object.assign(middleware, { [IDEMPOTENT_CREATE]: true });
}

/** `METHOD /path` of every route that takes an Idempotency-Key, read from the routers as declared. */
export function idempotentRoutes(routers: readonly Router[]): string[] {
  return routers.flatMap((router) =>
    router.stack
      .filter((layer) => layer.stack.some((fn) => IDEMPOTENT_CREATE in fn))
      .flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${layer.path}`)),
  );
}
