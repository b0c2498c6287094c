import type { z } from 'zod';
import type { FieldErrors } from './form-values';

/**
 * The admin forms check their payload with the contract's own body schema before sending (one definition of the
 * rules, in contracts): a refused form sends nothing. A small helper rather than react-hook-form: the forms keep
 * their values as typed text and convert them to the payload (year-form.ts…), and it is the payload the schema
 * checks.
 */
export type FormCheck = { ok: true } | { ok: false; errors: FieldErrors; summary: string };

export function checkForm(schema: z.ZodTypeAny, payload: unknown, labels: Readonly<Record<string, string>>): FormCheck {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  // Every message names the field as the form labels it ('Ingress: Får inte vara tomt'), never by its key.
  const summary = Object.entries(errors)
    .map(([field, message]) => `${labels[field] ?? field}: ${message}`)
    .join('; ');
  return { ok: false, errors, summary };
}

/** One field that differs between the user's unsaved values and the newer saved version. */
export type ConflictRow = { field: string; label: string; mine: string; theirs: string };

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nej';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => String(item)).join('\n');
  return String(value);
};

/** The fields where the two payloads differ, in the form's order (the labels' order), for the conflict view. */
export function conflictRows(mine: Record<string, unknown>, theirs: Record<string, unknown>, labels: Readonly<Record<string, string>>): ConflictRow[] {
  return Object.entries(labels)
    .filter(([field]) => field in mine || field in theirs)
    .filter(([field]) => JSON.stringify(mine[field] ?? null) !== JSON.stringify(theirs[field] ?? null))
    .map(([field, label]) => ({ field, label, mine: shown(mine[field]), theirs: shown(theirs[field]) }));
}
