import { describe, expect, it } from 'vitest';
import { cutToUnits, excerptLine, firstCharacters } from './text';

const wellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('cutting text by whole characters', () => {
  it('excerptLine puts a text on one line and cuts it to max characters with the ellipsis, never inside an emoji', () => {
    expect(excerptLine('  Rad ett\n\n  rad två ', 80)).toBe('Rad ett rad två');
    const emoji = '😀'.repeat(100); // 200 UTF-16 units: a cut at 79 units would halve the 40th emoji
    const cut = excerptLine(emoji, 80);
    expect(wellFormed(cut)).toBe(true);
    expect(Array.from(cut)).toHaveLength(80);
    expect(cut).toBe(`${'😀'.repeat(79)}…`);
    expect(excerptLine('😀'.repeat(80), 80)).toBe('😀'.repeat(80)); // exactly max characters: not cut
  });

  it('firstCharacters counts characters, not UTF-16 units', () => {
    expect(firstCharacters(' 🎤🎤🎤 ', 2)).toBe('🎤🎤');
  });

  it('cutToUnits keeps at most max UTF-16 units and drops a half character at the end', () => {
    expect(cutToUnits('abc', 5)).toBe('abc');
    expect(cutToUnits('a😀b', 2)).toBe('a'); // the emoji's two units do not fit: it goes whole
    expect(cutToUnits('a😀b', 3)).toBe('a😀');
    for (let max = 1; max <= 20; max += 1) {
      const cut = cutToUnits('x😀'.repeat(10), max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(wellFormed(cut)).toBe(true);
    }
  });
});
