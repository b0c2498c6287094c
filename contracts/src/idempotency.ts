import { z } from 'zod';

/**
 * The Idempotency-Key request header (IETF draft-ietf-httpapi-idempotency-key-header): a client names one
 * submission, and a retry under the same name gets the first answer instead of creating the item again.
 * Server behaviour: docs/event-sourcing.md, "Idempotent creates".
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is the stored answer of an earlier request with the same key (as Stripe and others name it). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_KEY_INVALID_MESSAGE = 'Ogiltig Idempotency-Key: nyckeln ska vara 1–255 synliga ASCII-tecken';
export const IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE = 'En begäran med samma Idempotency-Key behandlas redan. Försök igen om en stund.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'Idempotency-Key har redan använts för en annan begäran';

/** The draft's key is a Structured Field string ("…"); a bare token is taken as it is, as most servers do. */
const unquote = (value: string) => (value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(["\\])/g, '$1') : value);

/** 1–255 visible ASCII characters (VCHAR, %x21-7E), after unquoting. */
export const IdempotencyKeySchema = z
  .string()
  .transform(unquote)
  .pipe(z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_KEY_INVALID_MESSAGE));

/** The header value a client sends for `key`: a Structured Field string, as the draft specifies. */
export const idempotencyKeyHeaderValue = (key: string) => `"${key.replace(/(["\\])/g, '\\$1')}"`;

/**
 * A JSON text with object keys sorted at every level, so two bodies that mean the same (key order, spacing)
 * read the same. The server hashes it into a request's fingerprint; the client compares it to tell a retry of
 * the same submission from a changed form. `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}
