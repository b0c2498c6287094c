import { createHash } from 'node:crypto';
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

/** Where the middleware leaves the running request's seed for commandContext (ctx.state). */
const SEED = 'idempotencySeed';

/**
 * The seed of a keyed create (CommandContext.idempotencySeed): the same for every run of one request by one user,
 * so a run after a takeover derives the ids of the earlier run's item and events. With the user, another user's
 * equal key derives other ids; with the fingerprint, a key taken over (or reused after it expired) for another
 * request does too. No secret is needed: the ids only name streams of the signed-in user's own creates, and
 * choosing a key to hit an existing id would take a preimage of the hashes.
 */
export const idempotencySeed = (userId: string, key: string, fingerprint: string): string =>
  createHash('sha256')
    .update(JSON.stringify(['idempotency-key', userId, key, fingerprint]))
    .digest('hex');

/** The seed of the keyed create this request runs, or undefined (no key, or not a create route). */
export const idempotencySeedOf = (ctx: Context): string | undefined => (ctx.state as Record<string, unknown>)[SEED] as string | undefined;

const answerText = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body ?? null));

/**
 * Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) for a create route; mount it after the route's
 * auth guard. Without the header the route runs as before. With it, per signed-in user and key:
 * - the first request reserves the key (atomically, in PostgreSQL) and runs; its answer is stored when definite
 *   (2xx, or a 4xx: nothing was decided differently than a retry would be), and the key is released on a 5xx
 *   or an unexpected failure, so a retry runs afresh;
 * - a retry with the same method, path and body gets the stored answer again, with `Idempotent-Replayed: true`,
 *   and appends nothing;
 * - while the first still runs: 409; with another request (method, path or body): 422; a malformed key: 400;
 * - a run that takes over an abandoned reservation (its process died, maybe after appending) creates with the ids
 *   the earlier run had (idempotencySeed), so it answers that run's item instead of making a second one.
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
    (ctx.state as Record<string, unknown>)[SEED] = idempotencySeed(user.id, key, fingerprint);
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
