/**
 * A form checked with the contract's own zod schema before it is sent (issue 16: the client does not re-implement
 * the server's rules, and an invalid form sends no request). The schemas come from `@mello/contracts`; the client
 * itself does not depend on zod, so a schema is taken by the one method used.
 */
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
export type FormSchema<T> = { safeParse(value: unknown): ParseResult<T> };

/** The message under each field: the first the schema gives for it (a tag's issue belongs to the tags field). */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export type CheckedForm<T, F extends string = string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

/** Where an issue of the whole value (no field) is put. */
export const FORM_ISSUE = '(form)';

/**
 * Parses what the form would send with the schema the server parses it with: the parsed value to send, or the
 * schema's Swedish message per field (named by the top-level key, as the form's fields are).
 */
export function checkForm<T, F extends string = string>(schema: FormSchema<T>, input: unknown): CheckedForm<T, F> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : FORM_ISSUE;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<F> };
}
