import Router from '@koa/router';
import { AUTH_PAGES, authApi } from '@mello/contracts';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { ConflictError, UnauthorizedError, ValidationError } from '../shared/errors';
import { on } from '../http/contract-routes';
import { requestOrigin } from './csrf';
import { currentUser } from './guards';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { loginThrottle } from './login-throttle';
import { consumeOrThrow, limitKey, minutesText, throwIfLimited, type RateLimits } from './rate-limit';
import { EmailTakenError, findUserByEmail, insertUser, PublicNameTakenError, toAuthUser } from './users';

export const WRONG_CREDENTIALS = 'Fel e-postadress eller lösenord';
const EMAIL_TAKEN = 'Det finns redan ett konto med den e-postadressen';
export const PUBLIC_NAME_TAKEN = 'Visningsnamnet är upptaget – välj ett annat';
export const SIGN_IN_PATH = '/login';

const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * Only same-site paths: never `//host`, `/\\host` or a full URL (no open redirect). Control characters and
 * backslashes are refused outright, because browsers drop tabs and newlines from URLs and read `\\` as `/`
 * (`/\t/evil.com` would become `//evil.com`).
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return '/';
  } catch {
    return '/';
  }
  return value;
}

async function signIn(ctx: Context, userId: string) {
  // A new session id at sign-in, so an id planted before login is worthless afterwards (session fixation).
  ctx.session!.userId = userId;
  await ctx.session!.regenerate();
}

export function authRoutes(deps: { pool: DatabasePool; adminEmail: string; limits: RateLimits }): Router {
  const router = new Router();
  const { pool, adminEmail, limits } = deps;
  const throttle = loginThrottle(limits);
  const tooManyAccounts = (s: number) => `För många nya konton från din adress. Försök igen ${minutesText(s)}.`;

  on(router, authApi.register, async ({ body: input }, ctx) => {
    if (isCommonPassword(input.password)) {
      throw new ValidationError(COMMON_PASSWORD_MESSAGE, [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);
    }
    await throwIfLimited(limits.registerPerIp, limitKey(ctx.ip), tooManyAccounts);
    if (input.email === adminEmail.toLowerCase()) throw new ConflictError(EMAIL_TAKEN);
    await consumeOrThrow(limits.registerPerIp, limitKey(ctx.ip), tooManyAccounts);
    try {
      const row = await insertUser(pool, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        publicName: input.displayName,
      });
      await signIn(ctx, row.id);
      return toAuthUser(row, adminEmail);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictError(EMAIL_TAKEN);
      if (error instanceof PublicNameTakenError) throw new ConflictError(PUBLIC_NAME_TAKEN, [{ path: 'displayName', message: PUBLIC_NAME_TAKEN }]);
      throw error;
    }
  });

  on(router, authApi.login, async ({ body: input }, ctx) => {
    await throttle.before(input.email, ctx.ip);

    const row = await findUserByEmail(pool, input.email);
    const valid = row ? await verifyPassword(input.password, row.password_hash) : (await burnPasswordCheck(input.password), false);
    if (!row || !valid) {
      await throttle.failed(input.email, ctx.ip);
      throw new UnauthorizedError(WRONG_CREDENTIALS);
    }
    await throttle.succeeded(input.email, ctx.ip);
    await signIn(ctx, row.id);
    return toAuthUser(row, adminEmail);
  });

  on(router, authApi.logout, async (_request, ctx) => {
    ctx.session = null;
    return { ok: true as const };
  });

  on(router, authApi.user, async (_request, ctx) => {
    const user = currentUser(ctx);
    if (!user) throw new UnauthorizedError('Inte inloggad');
    ctx.set('Cache-Control', 'no-store');
    return user;
  });

  /** Browser navigation (not a data call, so no contract): to the client's sign-in page, remembering where the user was. */
  router.get(AUTH_PAGES.login, async (ctx) => {
    const fromQuery = ctx.query.returnTo;
    let returnTo = safeReturnPath(Array.isArray(fromQuery) ? fromQuery[0] : fromQuery);
    if (returnTo === '/' && ctx.get('referer')) {
      try {
        const referer = new URL(ctx.get('referer'));
        if (referer.origin === requestOrigin(ctx)) returnTo = safeReturnPath(`${referer.pathname}${referer.search}`);
      } catch {
        // An unparsable Referer just means no return path.
      }
    }
    if (returnTo === SIGN_IN_PATH || returnTo.startsWith(`${SIGN_IN_PATH}?`)) returnTo = '/';
    ctx.redirect(returnTo === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(returnTo)}`);
  });

  router.get(AUTH_PAGES.logout, async (ctx) => {
    ctx.session = null;
    ctx.redirect('/');
  });

  return router;
}
