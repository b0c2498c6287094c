import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/;

describe('hashPassword', () => {
  it('stores scrypt$N$r$p$salt$hash with a 16-byte salt, a 64-byte key and N = 2^15', async () => {
    const stored = await hashPassword('korrekt-hast-batteri');
    const match = FORMAT.exec(stored);
    expect(match, stored).not.toBeNull();
    const [, n, r, p, salt, hash] = match!;
    expect(Number(n)).toBe(2 ** 15);
    expect(Number(r)).toBe(8);
    expect(Number(p)).toBe(1);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(64);
    expect(stored).not.toContain('korrekt-hast-batteri');
  });

  it('uses a fresh salt each time, so the same password never gives the same hash', async () => {
    const [a, b] = await Promise.all([hashPassword('samma-lösenord'), hashPassword('samma-lösenord')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword('samma-lösenord', a)).toBe(true);
    expect(await verifyPassword('samma-lösenord', b)).toBe(true);
  });
});

describe('verifyPassword', () => {
  it('accepts exactly the password that was hashed (case, whitespace and non-ASCII matter)', async () => {
    const stored = await hashPassword('Smörgåsbord 1958');
    expect(await verifyPassword('Smörgåsbord 1958', stored)).toBe(true);
    expect(await verifyPassword('smörgåsbord 1958', stored)).toBe(false);
    expect(await verifyPassword('Smörgåsbord 1958 ', stored)).toBe(false);
    expect(await verifyPassword('Smorgasbord 1958', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('is false, never true and never a throw, for malformed stored values', async () => {
    const good = await hashPassword('ett-lösenord');
    const [, n, r, p, salt, hash] = good.split('$');
    const malformed = [
      '',
      'plaintext',
      `bcrypt$${n}$${r}$${p}$${salt}$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}`,
      `scrypt$${n}$${r}$${p}$$${hash}`,
      `scrypt$${n}$${r}$${p}$${salt}$`,
      // A hash part that decodes to zero bytes must not compare equal to an empty derived key.
      `scrypt$${n}$${r}$${p}$${salt}$!!!!`,
      `scrypt$abc$${r}$${p}$${salt}$${hash}`,
      `scrypt$0$${r}$${p}$${salt}$${hash}`,
      `scrypt$1000$${r}$${p}$${salt}$${hash}`, // not a power of two: scrypt refuses it
      `scrypt$${n}$${r}$${p}$${salt}$${hash}$extra`,
    ];
    for (const stored of malformed) {
      await expect(verifyPassword('ett-lösenord', stored), stored).resolves.toBe(false);
      await expect(verifyPassword('', stored), stored).resolves.toBe(false);
    }
  });

  it('is false when the salt or the hash of a real entry was altered', async () => {
    const good = await hashPassword('ett-lösenord');
    const parts = good.split('$');
    const otherSalt = Buffer.alloc(16, 7).toString('base64');
    const flipped = Buffer.from(parts[5]!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(await verifyPassword('ett-lösenord', [...parts.slice(0, 4), otherSalt, parts[5]].join('$'))).toBe(false);
    expect(await verifyPassword('ett-lösenord', [...parts.slice(0, 5), flipped.toString('base64')].join('$'))).toBe(false);
  });
});

describe('burnPasswordCheck', () => {
  it('resolves without revealing anything (used for unknown e-mail addresses)', async () => {
    await expect(burnPasswordCheck('vad-som-helst')).resolves.toBeUndefined();
    await expect(burnPasswordCheck('')).resolves.toBeUndefined();
  });
});
