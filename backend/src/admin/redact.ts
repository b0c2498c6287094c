/**
 * Keys whose values are never shown, however deep in an event's data or metadata: passwords, their hashes,
 * secrets, tokens, session ids and keys of APIs. No event of the registry carries one today (accounts live in the
 * users table, not in the log), so this is the browser's guarantee that a future event which does, or a stored
 * event written by older code, still never shows one. E-mail addresses are left: the browser is the admin's.
 */
const SECRET_WORDS = new Set(['password', 'passwd', 'pass', 'hash', 'secret', 'token', 'salt', 'otp', 'credential', 'credentials']);
const SECRET_PAIRS = new Set(['api key', 'private key', 'session id']);

/** By the key's words (camelCase, snake_case, kebab-case): 'passwordHash' and 'api_key' are secret, 'passage' is not. */
export function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((word, i) => SECRET_WORDS.has(word) || SECRET_PAIRS.has(`${word} ${words[i + 1] ?? ''}`));
}
export const REDACTED = '[dolt]';

/** A copy of `value` with every secret-named key's value replaced by REDACTED (pure; arrays and nesting followed). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 32) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, isSecretKey(key) ? REDACTED : redactSecrets(item, depth + 1)]),
  );
}

/** A field's change with its values hidden when the field is secret-named (and secrets inside them otherwise). */
export const redactChange = <C extends { field: string; before?: unknown; after?: unknown }>(change: C): C =>
  isSecretKey(change.field)
    ? { ...change, before: REDACTED, after: REDACTED }
    : { ...change, before: redactSecrets(change.before), after: redactSecrets(change.after) };
