/**
 * Cutting text for labels, excerpts and titles. A JavaScript string is UTF-16: `slice` by units can keep half of
 * an emoji (a lone surrogate), which is not text at all — PostgreSQL's json refuses it, and a browser shows '�'. So
 * every cut here is by whole characters (code points).
 */

/** The first `length` characters (not UTF-16 units, so no broken emoji), without surrounding space. */
export function firstCharacters(text: string, length: number): string {
  return Array.from(text.trim()).slice(0, length).join('').trimEnd();
}

/** The text on one line (runs of white space as one space), at most `max` characters, '…' ending a cut one. */
export function excerptLine(text: string, max: number): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * At most `max` UTF-16 units (what a schema's `.max()` counts), never ending on half of a character: for a value
 * that must still pass its field's length check.
 */
export function cutToUnits(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
