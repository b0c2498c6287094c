import { describe, expect, it } from 'vitest';
import { neutralPublicName } from '../auth/public-name';
import { MalformedEventError, decodeEvent } from './decode';
import { EventName } from './registry';

const AUTHOR = '11111111-2222-4333-8444-555555555555';
const stored = (type: string, data: unknown, streamRevision = 0) => ({ streamName: 'forum-post-p1', streamRevision, type, data });
const post = {
  postId: 'p1',
  title: 'Saknas: 1985 års final',
  content: 'Finns den någonstans?',
  category: 'lost-media',
  priority: null,
  year: 1985,
  reward: 0,
  tags: [],
  status: 'active',
  authorId: AUTHOR,
  authorName: 'Mia Medlem',
  createdAt: '2025-01-01T00:00:00.000Z',
  entryId: null,
  mentions: [],
};

describe('decodeEvent (reading an event through the registry)', () => {
  it('parses a current event into its typed data', () => {
    expect(decodeEvent(stored(EventName.ForumPostCreated, post))).toEqual({ type: 'ForumPostCreated', data: post });
  });

  it('upcasts an old-version event before parsing it: an e-mail author name and no entryId', () => {
    const { entryId: _none, mentions: _noMentions, ...old } = { ...post, authorName: 'mia@example.se' };
    expect(decodeEvent(stored(EventName.ForumPostCreated, old))).toEqual({
      type: 'ForumPostCreated',
      data: { ...post, authorName: neutralPublicName(AUTHOR), entryId: null, mentions: [] },
    });
  });

  it('rejects malformed data with an error naming the stream, the revision, the type and the field', () => {
    const read = () => decodeEvent(stored(EventName.ForumPostViewsCounted, { postId: 'p1', count: 'many' }, 7));
    expect(read).toThrow(MalformedEventError);
    expect(read).toThrow('Malformed event ForumPostViewsCounted at revision 7 of stream forum-post-p1: count: Expected number, received string');
    try {
      read();
    } catch (error) {
      expect(error).toMatchObject({ streamName: 'forum-post-p1', streamRevision: 7, eventType: 'ForumPostViewsCounted' });
    }
  });

  it('rejects data that is not an object, and an event type the registry does not know', () => {
    expect(() => decodeEvent(stored(EventName.YearDeleted, null, 2))).toThrow(
      /^Malformed event YearDeleted at revision 2 of stream forum-post-p1: \(data\): Expected object/,
    );
    expect(() => decodeEvent(stored('YearCreatd', { id: 'x' }, 0))).toThrow(
      'Malformed event YearCreatd at revision 0 of stream forum-post-p1: unknown event type',
    );
  });
});
