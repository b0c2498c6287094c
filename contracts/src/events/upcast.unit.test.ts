import { describe, expect, it } from 'vitest';
import { neutralPublicName } from '../auth/public-name';
import { upcastEventData } from './upcast';

describe('upcastEventData (e-mail author names of old events)', () => {
  const authorId = '11111111-2222-4333-8444-555555555555';

  it('replaces an authorName with @ by the neutral public name of its authorId, in every author-named event', () => {
    for (const type of ['ForumPostCreated', 'ForumPostDeleted', 'ForumReplyPosted', 'ForumReplyDeleted'] as const) {
      const data = {
        postId: 'p',
        authorId,
        authorName: 'mia@example.se',
        content: 'x',
        ...(type === 'ForumPostCreated' ? { entryId: null } : {}),
        mentions: [],
      };
      expect(upcastEventData(type, data), type).toEqual({ ...data, authorName: neutralPublicName(authorId) });
      expect(data.authorName, 'the input is not changed').toBe('mia@example.se');
    }
  });

  it('returns a chosen name, other event types and odd data unchanged (the same object)', () => {
    const named = { postId: 'p', authorId, authorName: 'Mia Medlem', entryId: null, mentions: [] };
    expect(upcastEventData('ForumPostCreated', named)).toBe(named);
    const archive = { title: 'a@b', authorName: 'x@y' };
    expect(upcastEventData('ArticleCreated', archive)).toBe(archive);
    expect(upcastEventData('ForumPostCreated', null)).toBeNull();
    expect(upcastEventData('ForumPostCreated', 'text')).toBe('text');
  });
});

describe('upcastEventData (entryId of posts written before posts could name an entry)', () => {
  const old = { postId: 'p', authorId: 'a', authorName: 'Mia', title: 'Saknas', category: 'lost-media', mentions: [] };

  it('reads a ForumPostCreated without entryId as entryId null, without changing the input', () => {
    expect(upcastEventData('ForumPostCreated', old)).toEqual({ ...old, entryId: null });
    expect('entryId' in old).toBe(false);
  });

  it('keeps an entryId that is there (a uuid or null) and leaves other events alone', () => {
    const linked = { ...old, entryId: '11111111-2222-4333-8444-555555555555' };
    expect(upcastEventData('ForumPostCreated', linked)).toBe(linked);
    const none = { ...old, entryId: null };
    expect(upcastEventData('ForumPostCreated', none)).toBe(none);
    expect(upcastEventData('ForumPostEdited', old)).toBe(old);
  });

  it('does both corrections on an old event with an e-mail author and no entryId', () => {
    const authorId = '11111111-2222-4333-8444-555555555555';
    expect(upcastEventData('ForumPostCreated', { ...old, authorId, authorName: 'x@y.se' })).toEqual({
      ...old,
      authorId,
      authorName: neutralPublicName(authorId),
      entryId: null,
    });
  });
});

describe('upcastEventData (mentions of posts and replies written before mentions were resolved)', () => {
  it('reads a ForumPostCreated or ForumReplyPosted without mentions as mentioning no one, and keeps a list that is there', () => {
    for (const type of ['ForumPostCreated', 'ForumReplyPosted'] as const) {
      const old = { postId: 'p', authorId: 'a', authorName: 'Mia', entryId: null };
      expect(upcastEventData(type, old), type).toEqual({ ...old, mentions: [] });
      const current = { ...old, mentions: [{ userId: 'u', name: 'Bo' }] };
      expect(upcastEventData(type, current), type).toBe(current);
    }
  });

  it("reads a ForumPostEdited without mentions as leaving the post's mentions as they were (null)", () => {
    const old = { postId: 'p', title: 'Saknas', content: 'Fråga @Bo', changed: ['content'], updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(upcastEventData('ForumPostEdited', old)).toEqual({ ...old, mentions: null });
    const current = { ...old, mentions: [{ userId: 'u', name: 'Bo' }] };
    expect(upcastEventData('ForumPostEdited', current)).toBe(current);
  });
});
