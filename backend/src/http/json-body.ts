import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError, ValidationError } from '../shared/errors';
import { NOT_A_JSON_OBJECT_MESSAGE } from './validation';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FORBIDDEN_KEY_MESSAGE = 'Otillåten nyckel i JSON: __proto__';

const hasBody = (ctx: Context) => {
  const length = ctx.get('content-length');
  return (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
};

const isValidJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * co-body refuses valid JSON for one reason only: a `__proto__` key (its prototype-poisoning guard). That gets
 * its own message; malformed JSON, a body over the limit or an unknown encoding go on to the error middleware.
 */
function parseError(error: Error & { status?: number; body?: unknown }): Error {
  if (error instanceof SyntaxError && error.status === 400 && typeof error.body === 'string' && isValidJson(error.body)) {
    return new ValidationError(FORBIDDEN_KEY_MESSAGE);
  }
  return error;
}

/**
 * API bodies are JSON only (up to 100 kB). Another content type is a 415, which also keeps plain HTML forms
 * of other sites from reaching a command. Any JSON value parses, so that a string, number, boolean or null is
 * told it is not an object instead of being called invalid JSON (arrays reach parseBody, which says the same).
 */
export function jsonBody() {
  const parse = bodyParser({
    enableTypes: ['json'],
    // Parse every type the 415 check below lets through (any `+json`), not only the parser's own short list.
    detectJSON: (ctx) => Boolean(ctx.request.is('application/json', '+json')),
    jsonLimit: '100kb',
    jsonStrict: false,
    encoding: 'utf-8',
    onError: (error) => {
      throw parseError(error);
    },
  });
  return async (ctx: Context, next: Next) => {
    if (WITH_BODY.has(ctx.method) && hasBody(ctx) && !ctx.is('application/json', '+json')) {
      throw new AppError(415, 'Innehållet måste vara JSON (Content-Type: application/json)');
    }
    await parse(ctx, async () => {
      const { body, rawBody } = ctx.request as typeof ctx.request & { rawBody?: string };
      // An empty body stays `{}`, as in strict mode: the schema then names the missing fields.
      if (body === '' && rawBody === '') ctx.request.body = {};
      else if (body !== undefined && (body === null || typeof body !== 'object')) throw new ValidationError(NOT_A_JSON_OBJECT_MESSAGE);
      await next();
    });
  };
}
