import { useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE, canonicalJson, idempotencyKeyHeaderValue } from '@mello/contracts';
import { ApiError, NetworkError } from './http';

/**
 * One Idempotency-Key per submission (docs/event-sourcing.md, "Idempotent creates"): a create form sends the
 * same key again while it sends the same content and the last attempt's outcome is unknown, so the server makes
 * the item once however often the request arrives.
 */

/** A failed attempt that may or may not have created the item: no answer, a server failure, or "still running". */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.serverError === IDEMPOTENCY_KEY_IN_FLIGHT_MESSAGE;
  return false;
}

/** crypto.randomUUID exists only in secure contexts (https, localhost); a LAN address over http has only getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key of a form's current submission: the same while the content is the same and no definite answer came
 * (a retry, a double click), a new one once the content changes or the last attempt got an answer (success, or
 * a refusal such as 400 or 409 that the server would only repeat).
 */
export class SubmissionKeys {
  private current: { content: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  keyFor(input: unknown): string {
    const content = canonicalJson(input);
    if (this.current?.content !== content) this.current = { content, key: this.newKey() };
    return this.current.key;
  }

  /** After an attempt with `input`: keep its key only while the outcome is unknown. */
  settled(input: unknown, error: unknown | null): void {
    if (error !== null && outcomeUnknown(error)) return;
    if (this.current?.content === canonicalJson(input)) this.current = null;
  }
}

export type SendWithHeaders<I, O> = (input: I, headers: Record<string, string>) => Promise<O>;

/** A mutationFn that sends the submission's key; React Query's retries call it with the same input, so the same key. */
export function idempotentMutationFn<I, O>(keys: SubmissionKeys, send: SendWithHeaders<I, O>): (input: I) => Promise<O> {
  return async (input) => {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyHeaderValue(keys.keyFor(input)) };
    try {
      const output = await send(input, headers);
      keys.settled(input, null);
      return output;
    } catch (error) {
      keys.settled(input, error);
      throw error;
    }
  };
}

/** `idempotentMutationFn` with keys kept for the life of the form that uses the mutation. */
export function useIdempotentMutationFn<I, O>(send: SendWithHeaders<I, O>): (input: I) => Promise<O> {
  const [keys] = useState(() => new SubmissionKeys());
  return idempotentMutationFn(keys, send);
}
