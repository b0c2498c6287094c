import { describe, expect, it } from 'vitest';
import { cleanList, textList, visibleLength } from './fields';

describe('visibleLength: the characters a reader sees', () => {
  it('counts code points, so an emoji or an accented letter is one', () => {
    expect(visibleLength('🎤🎤🎤')).toBe(3);
    expect(visibleLength('Måns')).toBe(4);
    expect(visibleLength('Tusen år')).toBe(8);
  });

  it('leaves out invisible format characters and surrounding blanks', () => {
    expect(visibleLength('\u200b\u200c\u200d\u2060\ufeff')).toBe(0);
    expect(visibleLength('  \u200b Hej \u200b  ')).toBe(3);
    expect(visibleLength('a\u00adb')).toBe(2); // a soft hyphen shows only at a line break
    expect(visibleLength('\u3164\u3164')).toBe(0); // Hangul fillers render blank
  });
});

describe('text lists', () => {
  it('drop empty and invisible entries and duplicates', () => {
    expect(cleanList([' Ett ', '', '\u200b', 'Ett', 'Två'])).toEqual(['Ett', 'Två']);
  });

  it('answer in Swedish whatever is wrong', () => {
    const list = textList();
    expect(list.safeParse(12).error?.issues[0]?.message).toBe('Måste vara en lista med text');
    expect(list.safeParse([{}]).error?.issues[0]).toMatchObject({ path: [0], message: 'Varje post måste vara text' });
    expect(list.parse('Ett, Två ,')).toEqual(['Ett', 'Två']);
  });
});
