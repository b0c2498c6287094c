import { createHash } from 'node:crypto';
import { canonicalJson } from '@mello/contracts';

export type FingerprintedRequest = { method: string; path: string; body: unknown };

/**
 * What an Idempotency-Key promises to stand for: the method, the path and the parsed JSON body in canonical form
 * (key order and spacing do not matter), hashed. A key sent again with another fingerprint is refused (422).
 */
export function requestFingerprint(request: FingerprintedRequest): string {
  const canonical = canonicalJson({ method: request.method.toUpperCase(), path: request.path, body: request.body ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}
