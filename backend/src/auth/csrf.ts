import type { Context, Next } from 'koa';
import { ForbiddenError } from '../shared/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin this request was addressed to (scheme and Host, behind a trusted proxy its forwarded values).
 * Not Koa's `ctx.origin`: since Koa 3 that is the request's Origin header, which the caller chooses.
 */
export function requestOrigin(ctx: Context): string | null {
  try {
    return new URL(`${ctx.protocol}://${ctx.host}`).origin;
  } catch {
    return null;
  }
}

const originOf = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
};

/**
 * Refuses state-changing calls that a browser sends on behalf of another site: the Origin (or, failing that, the
 * Referer) must be the configured public origin or the origin the request was addressed to. Clients that send
 * neither (curl, server-to-server) are not browsers acting for another site and pass; the SameSite=Lax cookie
 * and the JSON-only bodies are further layers.
 */
export function refuseCrossSiteWrites(publicOrigin: string) {
  const allowed = new URL(publicOrigin).origin;
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = originOf(ctx.get('origin') || undefined) ?? originOf(ctx.get('referer') || undefined);
      if (origin !== null && origin !== allowed && origin !== requestOrigin(ctx)) {
        throw new ForbiddenError('Begäran kom från en annan webbplats och nekades');
      }
    }
    await next();
  };
}
