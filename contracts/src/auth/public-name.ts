import { INVISIBLE } from '../fields';

/**
 * Public display names (product decision 10): what others see of a member. The pure rules live here; the input
 * schema (PublicNameSchema) is in auth.ts.
 */
export const PUBLIC_NAME_MIN_LENGTH = 2;
export const PUBLIC_NAME_MAX_LENGTH = 40;

/**
 * What makes two names "the same" for uniqueness: accents and other combining marks removed (NFKD, which also
 * folds full-width and other compatibility forms), invisible characters dropped, lower case, whitespace runs as
 * one space. 'Åsa  Ek', 'asa ek' and 'ＡＳＡ ＥＫ' share one key, so nobody can pass for somebody else.
 */
export const publicNameKey = (name: string): string =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').replace(INVISIBLE, '').toLowerCase().replace(/\s+/gu, ' ').trim();

const NEUTRAL_PREFIX = 'Medlem';
const NEUTRAL_DIGITS = 10;
const encoder = new TextEncoder();

/**
 * The neutral public name of an account that never chose one ('Medlem 4821093755'): a stable function of the
 * user id alone (64-bit FNV-1a, 10 decimal digits), so the users-table migration and the event upcast compute
 * the same name for the same author without a lookup.
 */
export function neutralPublicName(userId: string): string {
  // FNV-1a 64 in four 16-bit limbs (exact in doubles, unlike one 64-bit product), offset basis
  // 0xcbf29ce484222325, prime 2^40 + 0x1b3; BigInt only for the final remainder.
  let h0 = 0x2325,
    h1 = 0x8422,
    h2 = 0x9ce4,
    h3 = 0xcbf2;
  for (const byte of encoder.encode(userId)) {
    h0 ^= byte;
    const t0 = h0 * 0x1b3;
    let t1 = h1 * 0x1b3;
    let t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    t1 += t0 >>> 16;
    h0 = t0 & 0xffff;
    t2 += t1 >>> 16;
    h1 = t1 & 0xffff;
    h3 = (t3 + (t2 >>> 16)) & 0xffff;
    h2 = t2 & 0xffff;
  }
  const hash = (BigInt(h3 * 0x10000 + h2) << 32n) | BigInt(h1 * 0x10000 + h0);
  return `${NEUTRAL_PREFIX} ${(hash % 10n ** BigInt(NEUTRAL_DIGITS)).toString().padStart(NEUTRAL_DIGITS, '0')}`;
}

/** Names of the neutral form ('Medlem 123') are reserved for accounts without a chosen name. */
export const isReservedPublicName = (name: string): boolean => /^medlem ?#?\d+$/.test(publicNameKey(name));

/**
 * Names that would pass for the site or its staff ('Admin', 'Administratör', 'Moderator', 'Melloarkivet'): the
 * administrator's own name ('Administratören') is taken by that account, these are kept from everyone. Compared
 * by publicNameKey, so 'ADMIN' and 'Administrator' are the same.
 */
const SITE_NAMES = new Set(['admin', 'administrator', 'administratoren', 'moderator', 'moderatoren', 'melloarkivet', 'system']);
export const isSiteName = (name: string): boolean => SITE_NAMES.has(publicNameKey(name));

/**
 * Characters that turn the direction of the text around them (the bidirectional overrides, embeddings, isolates
 * and marks): in a name they make 'nimdA' read as 'Admin', so a member could pass for another.
 */
export const hasDirectionControls = (name: string): boolean => /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(name);
