import { describe, expect, it } from 'vitest';
import { findMentions, mentionMarkup, mentionSegments, mentionedNames, MENTIONS_MAX } from './mentions';

describe('@mentions', () => {
  it('finds one-word names and bracketed names with spaces, not e-mail addresses, without trailing punctuation', () => {
    expect(findMentions('Hej @Anna, fråga @[Bo Ek] eller mia@example.se och @Ola.').map((m) => m.name)).toEqual(['Anna', 'Bo Ek', 'Ola']);
    expect(findMentions('@Åsa-Lena_2 skrev')[0]).toEqual({ start: 0, end: 11, name: 'Åsa-Lena_2' });
  });

  it('counts a name once up to case, accents and spacing, and looks up at most MENTIONS_MAX', () => {
    expect(mentionedNames('@anna @ANNA @[Åsa  Ek] @[asa ek]')).toEqual(['anna', 'Åsa  Ek']);
    const many = Array.from({ length: MENTIONS_MAX + 5 }, (_, i) => `@namn${i}`).join(' ');
    expect(mentionedNames(many)).toHaveLength(MENTIONS_MAX);
  });

  it('writes a name in the form it needs', () => {
    expect(mentionMarkup('Anna')).toBe('@Anna');
    expect(mentionMarkup('Anna Berg')).toBe('@[Anna Berg]');
    expect(mentionMarkup('Anna!')).toBe('@[Anna!]');
  });

  it('given the resolved members, links their names and leaves any other @name as plain text', () => {
    const anna = { userId: 'u1', name: 'Anna Berg' };
    expect(mentionSegments('Fråga @[anna berg] eller @Finnsinte!', [anna])).toEqual([
      { text: 'Fråga ' },
      { text: '@[anna berg]', mention: anna },
      { text: ' eller @Finnsinte!' },
    ]);
    expect(mentionSegments('Ingen @Anna här', [])).toEqual([{ text: 'Ingen @Anna här' }]);
  });
});
