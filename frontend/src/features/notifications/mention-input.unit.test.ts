import { describe, expect, it } from 'vitest';
import { insertMention, mentionAtCaret } from './mention-input';

describe('the mention autocomplete', () => {
  it('finds the @name being typed at the caret, not an e-mail address or a finished word', () => {
    expect(mentionAtCaret('Hej @An', 7)).toEqual({ start: 4, prefix: 'An' });
    expect(mentionAtCaret('@[Anna B', 8)).toEqual({ start: 0, prefix: 'Anna B' });
    expect(mentionAtCaret('mia@ex', 6)).toBeNull();
    expect(mentionAtCaret('Hej @Anna och', 13)).toBeNull();
    expect(mentionAtCaret('Hej @', 5)).toBeNull();
  });

  it('replaces the draft with the form the name needs and puts the caret after it', () => {
    expect(insertMention('Hej @An!', { start: 4, prefix: 'An' }, 7, 'Anna Berg')).toEqual({ text: 'Hej @[Anna Berg] !', caret: 17 });
    expect(insertMention('@bo', { start: 0, prefix: 'bo' }, 3, 'Bo')).toEqual({ text: '@Bo ', caret: 4 });
  });
});
