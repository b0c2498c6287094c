import { describe, expect, it } from 'vitest';
import { PublicNameSchema } from './auth';
import { isReservedPublicName, neutralPublicName, publicNameKey } from './public-name';

describe('publicNameKey (uniqueness of display names)', () => {
  it('ignores case, accents, compatibility forms, invisible characters and extra whitespace', () => {
    const key = publicNameKey('Åsa Ek');
    expect(publicNameKey('asa ek')).toBe(key);
    expect(publicNameKey('ÅSA   EK')).toBe(key);
    expect(publicNameKey('Ａsa Ek')).toBe(key);
    expect(publicNameKey('Åsa\u200b Ek')).toBe(key);
    expect(publicNameKey('Ása Ek')).toBe(key);
  });

  it('keeps different names apart', () => {
    expect(publicNameKey('Åsa Ek')).not.toBe(publicNameKey('Åsa Eke'));
  });

  it('reads letters of other alphabets that look like Latin ones as those: Cyrillic А or Greek Ο cannot pass for another member', () => {
    expect(publicNameKey('\u0410sa Ek')).toBe(publicNameKey('Åsa Ek')); // Cyrillic А
    expect(publicNameKey('\u0421\u0430r\u0435n')).toBe(publicNameKey('Caren')); // Cyrillic С, а, е
    expect(publicNameKey('\u039Fskar')).toBe(publicNameKey('Oskar')); // Greek Ο
    expect(publicNameKey('\u1D0Dia')).toBe(publicNameKey('Mia')); // small capital ᴍ
    // Other letters of those alphabets stay themselves: a Russian or Greek name is its own name.
    expect(publicNameKey('Ольга')).toBe('oльгa');
    expect(publicNameKey('Ольга')).not.toBe(publicNameKey('Olga'));
  });
});

describe('neutralPublicName (accounts without a chosen name)', () => {
  it("is 'Medlem' and ten digits, the same for the same id every time", () => {
    const id = '3f2a9c1b-0000-4000-8000-000000000001';
    expect(neutralPublicName(id)).toMatch(/^Medlem \d{10}$/);
    expect(neutralPublicName(id)).toBe(neutralPublicName(id));
  });

  it('is pinned to FNV-1a 64 (published test vectors): old posts keep the name the migration gave their author', () => {
    expect(neutralPublicName('')).toBe('Medlem 9346656037'); // 0xcbf29ce484222325
    expect(neutralPublicName('a')).toBe('Medlem 0555641996'); // 0xaf63dc4c8601ec8c
    expect(neutralPublicName('3f2a9c1b-0000-4000-8000-000000000001')).toBe('Medlem 6034353625');
  });

  it('differs between ids and never contains an @', () => {
    const names = new Set(Array.from({ length: 2000 }, (_, i) => neutralPublicName(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)));
    expect(names.size).toBe(2000);
    for (const name of names) expect(name).not.toContain('@');
  });

  it('is reserved: nobody can choose a name of that form', () => {
    expect(isReservedPublicName(neutralPublicName('x'))).toBe(true);
    expect(isReservedPublicName('medlem 12')).toBe(true);
    expect(isReservedPublicName('Medlem Mia')).toBe(false);
  });
});

describe('PublicNameSchema (the registration field)', () => {
  const problem = (value: unknown) => {
    const result = PublicNameSchema.safeParse(value);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('accepts a name and trims it', () => {
    expect(PublicNameSchema.parse('  Mia Medlem 🎤 ')).toBe('Mia Medlem 🎤');
    expect(problem('Bo')).toBeNull();
  });

  it('refuses a missing, too short or too long name, counting visible characters', () => {
    expect(problem(undefined)).toBe('Välj ett visningsnamn');
    expect(problem(42)).toBe('Måste vara text');
    expect(problem('A')).toBe('Visningsnamnet måste vara minst 2 tecken');
    expect(problem('A\u200b\u200b')).toBe('Visningsnamnet måste vara minst 2 tecken');
    expect(problem('   ')).toBe('Visningsnamnet måste vara minst 2 tecken');
    expect(problem('🎤'.repeat(40))).toBeNull();
    expect(problem('x'.repeat(41))).toBe('Visningsnamnet får vara högst 40 tecken');
  });

  it('refuses an e-mail address or anything with @', () => {
    expect(problem('mia@example.se')).toBe('Visningsnamnet får inte vara en e-postadress (inget @)');
    expect(problem('Mia @ hemma')).toBe('Visningsnamnet får inte vara en e-postadress (inget @)');
  });

  it('refuses control characters and the reserved neutral form', () => {
    expect(problem('Mia\nMedlem')).toBe('Visningsnamnet får inte innehålla styrtecken');
    expect(problem('Mia\u0007')).toBe('Visningsnamnet får inte innehålla styrtecken');
    expect(problem('Medlem 4821')).toBe("Namn som 'Medlem 1234' är reserverade – välj ett annat");
  });

  it("refuses what turns the text's direction: 'nimdA' behind an override reads 'Admin'", () => {
    for (const control of ['\u202e', '\u202d', '\u2067', '\u200f', '\u061c']) {
      expect(problem(`${control}nimdA`), JSON.stringify(control)).toBe('Visningsnamnet får inte innehålla tecken som vänder textens riktning');
    }
    // Joiners stay allowed: emoji sequences and some scripts need them.
    expect(problem('Mia 👩\u200d🎤')).toBeNull();
  });

  it('refuses the names of the site and its staff, however spelt', () => {
    for (const name of ['Admin', 'ADMIN', 'Administratör', 'administrator', 'Moderator', 'Melloarkivet', ' system ']) {
      expect(problem(name), name).toBe('Namnet är reserverat för webbplatsen – välj ett annat');
    }
    // Nor with look-alike letters: Cyrillic А, Greek Ο, a capital I or a digit 1 for an l, a zero for an O.
    for (const name of ['\u0410dmin', 'Administrat\u00f6r\u0435n', 'M\u043Ederator', 'MeIloarkivet', 'Mell0arkivet', 'Me11oarkivet', 'Adm1n']) {
      expect(problem(name), name).toBe('Namnet är reserverat för webbplatsen – välj ett annat');
    }
    expect(problem('Admin-Anna')).toBeNull();
    expect(problem('Mello-fan')).toBeNull();
  });
});
