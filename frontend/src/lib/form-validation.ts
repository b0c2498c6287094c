import type { BodyOf, RouteContract } from '@mello/contracts';
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

/** A call's body, checked before it is sent: the value to send, or why not (per field, and named as labelled). */
export type BodyCheck<R extends RouteContract> = { ok: true; body: BodyOf<R> } | ({ ok: false } & FormRefusal);

/** Why a form was not sent: the first message of each refused field, and the same named as the form labels them. */
export type FormRefusal = {
  errors: Record<string, string>;
  /** 'Låt: Får inte vara tomt', one per refused field, in the form's order (the contract's `labels`). */
  summary: string[];
};

/**
 * A form's body checked with its call's own body schema (contracts/src/http/route.ts): the server would refuse the
 * same body with the same Swedish messages, so a refused form sends nothing. The summary names each field by the
 * form's label (the contract's `labels`), never by its code name. `messages` replaces the schema's message of a
 * field where the form says it better (an act not picked: 'Välj en artist …').
 */
export function checkBody<R extends RouteContract & { body: NonNullable<RouteContract['body']> }>(
  contract: R,
  body: unknown,
  messages: Readonly<Record<string, string>> = {},
): BodyCheck<R> {
  const checked = checkForm<BodyOf<R>>(contract.body, body);
  if (checked.ok) return { ok: true, body: checked.value };
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(checked.errors)) if (message !== undefined) errors[field] = messages[field] ?? message;
  const labels = contract.labels ?? {};
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const summary = Object.keys(errors)
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => `${labels[field] ?? field}: ${errors[field]}`);
  return { ok: false, errors, summary };
}
