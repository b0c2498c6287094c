import type { Context, Next } from 'koa';
import type { DatabasePool } from 'slonik';
import { findUserById, toAuthUser } from './users';

/** Puts the signed-in user (or null) on ctx.state.user for guards and audit metadata. */
export function loadUser(pool: DatabasePool, adminEmail: string) {
  return async (ctx: Context, next: Next) => {
    const userId = ctx.session?.userId;
    let user = null;
    if (typeof userId === 'string') {
      const row = await findUserById(pool, userId);
      if (row) user = toAuthUser(row, adminEmail);
      else ctx.session = null; // the account is gone
    }
    ctx.state.user = user;
    await next();
  };
}
