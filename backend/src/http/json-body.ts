import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError, ValidationError } from '../shared/errors';
import { NOT_A_JSON_OBJECT_MESSAGE } from './validation';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FORBIDDEN_KEY_MESSAGE = 'Otillåten nyckel i JSON: __proto__';
export const INVALID_JSON_MESSAGE = 'Ogiltig JSON i anropets innehåll';
export const TOO_LARGE_MESSAGE = 'Innehållet är för stort';
export const NOT_JSON_MESSAGE = 'Innehållet måste vara JSON (Content-Type: application/json)';

/**
 * The content codings a body may come in: what co-body (through `inflation`) can undo. One coding, not a list:
 * a body coded twice is refused like an unknown coding. A 415 names them in Accept-Encoding (RFC 7694).
 */
export const BODY_ENCODINGS = ['gzip', 'deflate', 'br', 'identity'] as const;
const BODY_LIMIT = '100kb';

export const unsupportedEncodingMessage = (coding: string) =>
  `Innehållets kodning stöds inte (Content-Encoding: ${coding.slice(0, 100)}); använd gzip, deflate, br eller ingen`;
export const unsupportedCharsetMessage = (charset: string) => `Teckenkodningen ${charset.slice(0, 100)} stöds inte; JSON skickas som UTF-8`;
export const corruptEncodingMessage = (coding: string) => `Innehållet kunde inte packas upp (Content-Encoding: ${coding})`;

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

/** zlib's own failures (`Z_DATA_ERROR`, a truncated stream's `Z_BUF_ERROR`, brotli's `ERR__ERROR_FORMAT_…`). */
const isDecompressionError = (error: { code?: unknown; errno?: unknown }) =>
  typeof error.errno === 'number' && typeof error.code === 'string' && /^(Z_|ERR__ERROR|ERR_BROTLI)/.test(error.code);

/**
 * Every way reading the body can fail, as the typed error the client is told (the one place the body parser's
 * errors are named; co-body / raw-body / zlib give them as a `status`, a `type` or a zlib `code`). co-body
 * refuses valid JSON for one reason only: a `__proto__` key (its prototype-poisoning guard), which gets its own
 * message. Anything else is a bug and stays an error (a logged 500).
 */
function bodyError(ctx: Context, error: Error & { status?: number; type?: string; body?: unknown; code?: unknown; errno?: unknown }): Error {
  if (error instanceof SyntaxError && error.status === 400 && typeof error.body === 'string' && isValidJson(error.body)) {
    return new ValidationError(FORBIDDEN_KEY_MESSAGE);
  }
  if (error.type === 'entity.too.large' || error.status === 413) return new AppError(413, TOO_LARGE_MESSAGE);
  if (isDecompressionError(error)) return new ValidationError(corruptEncodingMessage(ctx.get('content-encoding')));
  // `inflation` on a coding it does not know (refuseUnreadable already names those; the charset is fixed to UTF-8).
  if (error.status === 415) return unsupportedEncoding(ctx.get('content-encoding'));
  if (error.type === 'request.aborted') return new ValidationError('Anropet avbröts innan hela innehållet kommit fram');
  // Malformed JSON (a SyntaxError), or a body shorter or longer than its Content-Length (request.size.invalid).
  if (error.status === 400) return new ValidationError(INVALID_JSON_MESSAGE);
  return error;
}

const unsupportedEncoding = (coding: string) =>
  new AppError(415, unsupportedEncodingMessage(coding), undefined, { 'Accept-Encoding': BODY_ENCODINGS.join(', ') });

/**
 * What the body must be before it is read: JSON (another content type is a 415, which also keeps plain HTML
 * forms of other sites from reaching a command), in UTF-8 (RFC 8259; the parser decodes as UTF-8 whatever the
 * charset says, so another one is refused instead of misread), in a coding from BODY_ENCODINGS (names compared
 * case-insensitively, RFC 9110 §8.4.1; `inflation` compares them exactly, so the header is passed on lower-cased).
 */
function refuseUnreadable(ctx: Context) {
  if (!WITH_BODY.has(ctx.method)) return;
  const coding = ctx.get('content-encoding').trim().toLowerCase();
  if (coding !== '') {
    if (!(BODY_ENCODINGS as readonly string[]).includes(coding)) throw unsupportedEncoding(ctx.get('content-encoding'));
    ctx.req.headers['content-encoding'] = coding;
  }
  if (!hasBody(ctx)) return;
  if (!ctx.is('application/json', '+json')) throw new AppError(415, NOT_JSON_MESSAGE);
  const charset = ctx.request.charset;
  if (charset !== '' && !/^utf-?8$/i.test(charset)) throw new AppError(415, unsupportedCharsetMessage(charset));
}

/**
 * API bodies are JSON only (up to 100 kB after decompression, so a small gzip bomb is a 413). Any JSON value
 * parses, so that a string, number, boolean or null is told it is not an object instead of being called invalid
 * JSON (arrays reach parseBody, which says the same).
 */
export function jsonBody() {
  const parse = bodyParser({
    enableTypes: ['json'],
    // Parse every type the 415 check lets through (any `+json`), not only the parser's own short list.
    detectJSON: (ctx) => Boolean(ctx.request.is('application/json', '+json')),
    jsonLimit: BODY_LIMIT,
    jsonStrict: false,
    encoding: 'utf-8',
    onError: (error, ctx) => {
      throw bodyError(ctx, error);
    },
  });
  return async (ctx: Context, next: Next) => {
    refuseUnreadable(ctx);
    await parse(ctx, async () => {
      const { body, rawBody } = ctx.request as typeof ctx.request & { rawBody?: string };
      // An empty body stays `{}`, as in strict mode: the schema then names the missing fields.
      if (body === '' && rawBody === '') ctx.request.body = {};
      else if (body !== undefined && (body === null || typeof body !== 'object')) throw new ValidationError(NOT_A_JSON_OBJECT_MESSAGE);
      await next();
    });
  };
}
