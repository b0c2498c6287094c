import { describe, expect, it } from 'vitest';
import { excerptOf, likeRecipient, postRecipients, replyRecipients } from './notification-rules';

describe('who a reply notifies', () => {
  it('given the author watching their post, when someone replies, then the author gets "reply"', () => {
    expect(replyRecipients({ actorId: 'bo', postAuthorId: 'anna', watches: [{ userId: 'anna', watch: 'watching' }], mentioned: [] })).toEqual([
      { userId: 'anna', kind: 'reply' },
    ]);
  });

  it('given watchers and mentions, then one notification each: a mention wins over a reply, never the replier', () => {
    const watches = [
      { userId: 'anna', watch: 'watching' as const },
      { userId: 'cecilia', watch: 'watching' as const },
      { userId: 'bo', watch: 'watching' as const },
    ];
    expect(replyRecipients({ actorId: 'bo', postAuthorId: 'anna', watches, mentioned: ['anna', 'dan', 'bo'] })).toEqual([
      { userId: 'anna', kind: 'mention' },
      { userId: 'dan', kind: 'mention' },
      { userId: 'cecilia', kind: 'watched-reply' },
    ]);
  });

  it('given a member who muted the post, then nothing reaches them, not even a mention', () => {
    const watches = [
      { userId: 'anna', watch: 'muted' as const },
      { userId: 'cecilia', watch: 'muted' as const },
    ];
    expect(replyRecipients({ actorId: 'bo', postAuthorId: 'anna', watches, mentioned: ['cecilia'] })).toEqual([]);
  });

  it('a new post notifies whom it mentions, but not its author', () => {
    expect(postRecipients({ actorId: 'anna', mentioned: ['bo', 'anna', 'bo'] })).toEqual([{ userId: 'bo', kind: 'mention' }]);
  });

  it('a like notifies the author unless it is their own or they muted the post', () => {
    expect(likeRecipient({ likerId: 'bo', authorId: 'anna', authorMuted: false })).toBe('anna');
    expect(likeRecipient({ likerId: 'anna', authorId: 'anna', authorMuted: false })).toBeNull();
    expect(likeRecipient({ likerId: 'bo', authorId: 'anna', authorMuted: true })).toBeNull();
  });

  it('an excerpt is one line, cut with an ellipsis', () => {
    expect(excerptOf('Rad ett\n\n  rad två')).toBe('Rad ett rad två');
    const long = excerptOf('å'.repeat(500));
    expect([...long]).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });

  it('an excerpt is the text a reader sees, without the markdown syntax (the list does not render it)', () => {
    expect(excerptOf('Jag har **den** på [VHS](https://example.se/vhs)!\n\n## Detaljer\n\n- `band 3`')).toBe('Jag har den på VHS! Detaljer band 3');
    expect(excerptOf('Se <b>här</b> @Anna')).toBe('Se här @Anna');
  });
});
