import type { BodyOf, RouteContract } from '@mello/contracts';
import type { FieldErrors } from './form-values';

/** Why a form was not sent: the first message of each refused field, and the same named as the form labels them. */
export type FormRefusal = {
  errors: FieldErrors;
  /** 'Låt: Får inte vara tomt', one per refused field, in the form's order (the contract's `labels`). */
  summary: string[];
};
export type FormCheck<R extends RouteContract> = { ok: true; body: BodyOf<R> } | ({ ok: false } & FormRefusal);

/**
 * A form's body checked with its call's own body schema before anything is sent (contracts/src/http/route.ts):
 * the server would refuse the same body with the same Swedish messages, so a refused form sends nothing. Each
 * message is put on its field (the first per field; a list item's path belongs to its list) and named in the
 * summary by the form's label, so no message names a field by its code name. `messages` replaces the schema's
 * message of a field where the form says it better (an act not picked: 'Välj en artist …').
 */
export function checkForm<R extends RouteContract & { body: NonNullable<RouteContract['body']> }>(
  contract: R,
  body: unknown,
  messages: Readonly<Record<string, string>> = {},
): FormCheck<R> {
  const result = contract.body.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= messages[field] ?? issue.message;
  }
  const labels = contract.labels ?? {};
  const order = Object.keys(labels);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const summary = Object.keys(errors)
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => `${labels[field] ?? field}: ${errors[field]}`);
  return { ok: false, errors, summary };
}
