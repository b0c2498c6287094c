import { createHash } from 'node:crypto';

const NAMESPACE = Buffer.from('6f1c8b9e2d7a4c3b9e0f1a2b3c4d5e6f', 'hex');

/**
 * RFC 4122 version-5 uuid: the same name always gives the same id (used so a repeated import is a no-op, and so a
 * keyed create's retry finds its item: command-handler.ts, newItemId).
 */
export function uuidFromName(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
