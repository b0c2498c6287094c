import type { z } from 'zod';
import type { FieldIssue } from '@mello/contracts';
import { ValidationError } from '../shared/errors';

/** Validates a JSON body against a contract schema; a 400 names every failing field. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError('Förväntade ett JSON-objekt i anropets innehåll');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  const summary = issues
    .slice(0, 5)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  throw new ValidationError(`Ogiltiga uppgifter – ${summary}`, issues);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
