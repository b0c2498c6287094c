import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));

// scrypt with N=2^15 takes ~50-100 ms here: slow for guessing, fine for a login.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, keylen: 64 };
const maxmem = 64 * 1024 * 1024;

/** Returns `scrypt$N$r$p$salt$hash` (base64 parts), with a fresh 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p, maxmem });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

const positiveInt = (text: string | undefined) => (text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/**
 * True only for a well-formed `scrypt$N$r$p$salt$hash` whose hash matches. A malformed stored value is false,
 * never a match: in particular a hash part that decodes to nothing must not compare equal to an empty key.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText, ...rest] = stored.split('$');
  const N = positiveInt(n);
  const R = positiveInt(r);
  const P = positiveInt(p);
  if (scheme !== 'scrypt' || rest.length > 0 || N === null || R === null || P === null || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  if (expected.length < 16) return false;
  let key: Buffer;
  try {
    key = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, { N, r: R, p: P, maxmem });
  } catch {
    return false; // parameters scrypt refuses (N not a power of two, over the memory limit)
  }
  return timingSafeEqual(key, expected);
}

/** A hash of nothing, checked when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
