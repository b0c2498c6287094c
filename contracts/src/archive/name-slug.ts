/**
 * The slug of a person's or an act's name (artists, songwriters): lowercase ASCII, accents folded (å→a, ö→o,
 * ñ→n, ø→o, æ→ae, ß→ss), every other run of characters one hyphen. Case, accents and punctuation are the only
 * differences it folds away, so 'Afro-Dite' and 'Afro-dite', or 'Ingela "Pling" Forsman' and
 * 'Ingela 'Pling' Forsman', are one identity, while 'Anders Wrethov' and 'Anderz Wrethov' stay two.
 * Not the article slug (slug.ts), which keeps å, ä and ö.
 */
export function nameSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const NAME_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A songwriter credit as the data writes it: 'Sean Samadi (Sean Banan)' is the person Sean Samadi with the
 * stage name Sean Banan (the parenthetical is an alias, also 'RedOne(Nadir Khayat)'). A quoted nickname
 * ('Jimmy "Joker" Thörnfeldt') stays part of the name: the credit is written that way.
 */
export function songwriterCredit(credit: string): { name: string; slug: string; alias: string | null } {
  const match = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(credit.trim());
  const name = (match ? match[1]! : credit).trim() || credit.trim();
  const alias = match && match[1]!.trim() ? match[2]!.trim() : null;
  return { name, slug: nameSlug(name), alias };
}
