import type { z } from 'zod';
import { canonicalUuid, type FieldIssue } from '@mello/contracts';
import type { Middleware } from 'koa';
import { NotFoundError, ValidationError } from '../shared/errors';

/** Every API body is one JSON object; any other JSON value (array, string, number, boolean, null) gets this 400. */
export const NOT_A_JSON_OBJECT_MESSAGE = 'Förväntade ett JSON-objekt i anropets innehåll';

/**
 * Validates a JSON body against a contract schema; a 400 names every failing field. With `labels` (the admin
 * form's Swedish names, from contracts) the message names a field as the form does: 'Startnummer (runningOrder)'.
 */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown, labels?: Readonly<Record<string, string>>): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError(NOT_A_JSON_OBJECT_MESSAGE);
  }
  const result = schema.safeParse(body);
  if (result.success) {
    const unstorable = unstorableText(result.data);
    if (unstorable.length > 0) throw invalid(unstorable, labels);
    return result.data;
  }
  throw invalid(
    result.error.issues.map((issue) => ({
      path: issue.path.join('.') || '(body)',
      message: issue.message,
    })),
    labels,
  );
}

function invalid(issues: FieldIssue[], labels?: Readonly<Record<string, string>>): ValidationError {
  const named = (path: string) => {
    const label = labels?.[path.split('.')[0]!];
    return label ? `${label} (${path})` : path;
  };
  const summary = issues
    .slice(0, 5)
    .map((issue) => `${named(issue.path)}: ${issue.message}`)
    .join('; ');
  return new ValidationError(`Ogiltiga uppgifter – ${summary}`, issues);
}

/** NUL, or half of a surrogate pair: valid in a JSON string, but PostgreSQL refuses it in text and jsonb. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = 'Innehåller otillåtna tecken';

/** Paths of the strings in validated input that the database could not store (which would otherwise be a 500). */
function unstorableText(value: unknown, path: string[] = [], found: FieldIssue[] = [], depth = 0): FieldIssue[] {
  if (found.length >= 5 || depth > 32) return found;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push({ path: path.join('.') || '(body)', message: UNSTORABLE_MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableText(item, [...path, String(index)], found, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) found.push({ path: [...path, key].join('.'), message: UNSTORABLE_MESSAGE });
      unstorableText(item, [...path, key], found, depth + 1);
    }
  }
  return found;
}

/**
 * Middleware: a path's `:id` that is not a uuid names nothing (and must not reach a uuid column): 404 with the
 * resource's own message, before the body is validated, so a malformed id with a bad body is still a 404. The
 * route then reads the id in lower case (canonicalUuid).
 */
export const knownId =
  (message: string): Middleware =>
  async (ctx, next) => {
    const params = ctx.params as { id?: string };
    const id = canonicalUuid(params.id ?? '');
    if (id === null) throw new NotFoundError(message);
    params.id = id;
    await next();
  };
