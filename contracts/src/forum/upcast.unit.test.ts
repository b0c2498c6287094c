import { describe, expect, it } from 'vitest';
import { neutralPublicName } from '../auth/public-name';
import { upcastEventData } from './upcast';

describe('upcastEventData (e-mail author names of old events)', () => {
  const authorId = '11111111-2222-4333-8444-555555555555';

  it('replaces an authorName with @ by the neutral public name of its authorId, in every author-named event', () => {
    for (const type of ['ForumPostCreated', 'ForumPostDeleted', 'ForumReplyPosted', 'ForumReplyDeleted']) {
      const data = { postId: 'p', authorId, authorName: 'mia@example.se', content: 'x' };
      expect(upcastEventData(type, data), type).toEqual({ ...data, authorName: neutralPublicName(authorId) });
      expect(data.authorName, 'the input is not changed').toBe('mia@example.se');
    }
  });

  it('returns a chosen name, other event types and odd data unchanged (the same object)', () => {
    const named = { postId: 'p', authorId, authorName: 'Mia Medlem' };
    expect(upcastEventData('ForumPostCreated', named)).toBe(named);
    const archive = { title: 'a@b' , authorName: 'x@y' };
    expect(upcastEventData('ArticleCreated', archive)).toBe(archive);
    expect(upcastEventData('ForumPostCreated', null)).toBeNull();
    expect(upcastEventData('ForumPostCreated', 'text')).toBe('text');
  });
});
