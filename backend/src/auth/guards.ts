import type { AuthUser } from '@mello/contracts';
import type { Context, Next } from 'koa';
import { ForbiddenError, UnauthorizedError } from '../shared/errors';

export type AuthState = { user: AuthUser | null };

export const currentUser = (ctx: Context): AuthUser | null => (ctx.state as AuthState).user ?? null;

/** 401 when nobody is signed in. */
export async function requireUser(ctx: Context, next: Next) {
  if (!currentUser(ctx)) throw new UnauthorizedError();
  await next();
}

/** 401 when nobody is signed in, 403 for a member who is not the administrator. */
export async function requireAdmin(ctx: Context, next: Next) {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  if (!user.isAdmin) throw new ForbiddenError('Endast administratören får göra detta');
  await next();
}
