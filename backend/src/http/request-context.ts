import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '@mello/contracts';
import type { Context, Next } from 'koa';
import { currentUser } from '../auth/guards';
import type { CommandContext } from '../shared/command-handler';
import { idempotencySeedOf } from './idempotency';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Every request gets an id (the caller's X-Request-Id when sane): the correlation id of the events it causes. */
export async function requestId(ctx: Context, next: Next) {
  const given = ctx.get('x-request-id');
  ctx.state.requestId = REQUEST_ID.test(given) ? given : randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
}

export function commandContext(ctx: Context): CommandContext {
  const user = currentUser(ctx);
  const seed = idempotencySeedOf(ctx);
  return {
    actor: user ? { type: 'user', userId: user.id, email: user.email } : SYSTEM_ACTOR,
    correlationId: ctx.state.requestId ?? randomUUID(),
    causationId: randomUUID(),
    ...(seed === undefined ? {} : { idempotencySeed: seed }),
  };
}
