import { INVISIBLE } from '../fields';

/**
 * Public display names (product decision 10): what others see of a member. The pure rules live here; the input
 * schema (PublicNameSchema) is in auth.ts.
 */
export const PUBLIC_NAME_MIN_LENGTH = 2;
export const PUBLIC_NAME_MAX_LENGTH = 40;

/**
 * Letters of other alphabets that look like a Latin letter (as lower case, since the key is lower-cased first):
 * Cyrillic and Greek letters whose capital or small form is drawn like a Latin one, and the Latin small capitals
 * and dotless i, which NFKD leaves alone. A short list of the look-alikes of UTS #39's confusables that fit a name
 * (Cyrillic А for a Latin A made 'Аdministratören' a second administrator); other letters of those alphabets stay
 * themselves, so Russian and Greek names keep keys of their own. Each letter of LOOKALIKE_LETTERS reads as the
 * letter at the same place in LATIN_LETTERS. Changing the list changes stored keys: add a migration that
 * recomputes them (auth-004-lookalike-name-keys).
 */
const LOOKALIKE_LETTERS = 'авекмнорстухѕіјԁԛԝӏһүѵѡ' + 'αβεζηικμνορτυχϲϳ' + 'ᴀʙᴄᴅᴇɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ' + 'ıɑɡ';
const LATIN_LETTERS = 'abekmhopctyxsijdqwlhyvw' + 'abezhikmnoptyxcj' + 'abcdeghijklmnoprstuvwyz' + 'iag';
const LOOKALIKES = new Map(Array.from(LOOKALIKE_LETTERS, (letter, i) => [letter, LATIN_LETTERS[i]!]));
const LOOKALIKE = new RegExp(`[${LOOKALIKE_LETTERS}]`, 'gu');

/**
 * What makes two names "the same" for uniqueness: accents and other combining marks removed (NFKD, which also
 * folds full-width and other compatibility forms), invisible characters dropped, lower case, look-alike letters
 * of other alphabets read as the Latin letter they pass for (LOOKALIKES), whitespace runs as one space. 'Åsa  Ek',
 * 'asa ek', 'ＡＳＡ ＥＫ' and 'Аsa Ek' with a Cyrillic А share one key, so nobody can pass for somebody else.
 */
export const publicNameKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(LOOKALIKE, (letter) => LOOKALIKES.get(letter)!)
    .replace(/\s+/gu, ' ')
    .trim();

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
/**
 * For the site's names only, also the look-alikes within Latin letters and digits: a capital I or a digit 1 for an
 * l ('MeIloarkivet'), a zero for an o ('Adm1n', 'Mell0arkivet'). Not part of publicNameKey: 'Ida' and 'lda' are two
 * members' names, but no member needs a name that reads as the site's.
 */
const siteNameForm = (key: string) => key.replace(/[il1|!]/g, 'l').replace(/0/g, 'o');
const SITE_NAMES = new Set(['admin', 'administrator', 'administratoren', 'moderator', 'moderatoren', 'melloarkivet', 'system'].map(siteNameForm));
export const isSiteName = (name: string): boolean => SITE_NAMES.has(siteNameForm(publicNameKey(name)));
