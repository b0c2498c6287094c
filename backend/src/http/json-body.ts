import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from '../shared/errors';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hasBody = (ctx: Context) => {
  const length = ctx.get('content-length');
  return (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
};

/**
 * API bodies are JSON only (up to 100 kB). Another content type is a 415, which also keeps plain HTML forms
 * of other sites from reaching a command.
 */
export function jsonBody() {
  const parse = bodyParser({
    enableTypes: ['json'],
    // Parse every type the 415 check below lets through (any `+json`), not only the parser's own short list.
    detectJSON: (ctx) => Boolean(ctx.request.is('application/json', '+json')),
    jsonLimit: '100kb',
    jsonStrict: true,
    encoding: 'utf-8',
  });
  return async (ctx: Context, next: Next) => {
    if (WITH_BODY.has(ctx.method) && hasBody(ctx) && !ctx.is('application/json', '+json')) {
      throw new AppError(415, 'Innehållet måste vara JSON (Content-Type: application/json)');
    }
    await parse(ctx, next);
  };
}
