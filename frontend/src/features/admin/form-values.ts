import { ApiError } from '../../api/http';

/**
 * Helpers shared by the admin forms: inputs hold text, payloads hold what the contract schemas expect
 * (`contracts/src/archive/*`). Pure, so the conversions are unit tested without a browser.
 */

/** Spec section 5 (edit forms): whole numbers parsed like parseInt, falling back to 0 for anything else. */
export function wholeNumberOr0(text: string): number {
  const parsed = Number.parseInt(text.trim(), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** Spec section 5 (year creation): comma-separated text split into trimmed, non-empty entries. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Sources are web addresses, which may contain commas: one per line instead. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export const joinLines = (list: readonly string[]) => list.join('\n');

/** A list as edited entry by entry (the year edit page's facts and controversies): trimmed, empties dropped. */
export const cleanEntries = (list: readonly string[]) => list.map((entry) => entry.trim()).filter(Boolean);

/** An optional URL field: empty text means none (null), as the contracts store it. */
export const urlOrNull = (text: string) => (text.trim() ? text.trim() : null);

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the value of an <input type="datetime-local"> in the browser's own time zone. */
export function toDateTimeLocal(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value back as an ISO instant; text that is not a date is sent as is (the server says why). */
export function fromDateTimeLocal(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export type FieldErrors = Record<string, string>;

/**
 * The 400 answer's `issues` ({path, message}, Swedish) by field, so each message stands next to its input.
 * A list entry's path ('facts.2') belongs to its list field; the first message of a field wins. A 409 (the year
 * number or article slug is taken) carries no issues: its message goes to `conflictField`.
 */
export function fieldErrorsOf(error: unknown, conflictField?: string): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409 && conflictField && error.serverError) return { [conflictField]: error.serverError };
  if (error.status !== 400) return {};
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [field = issue.path] = issue.path.split('.');
    errors[field] ??= issue.message;
  }
  return errors;
}
