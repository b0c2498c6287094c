import type { AnyEvent, EventOf } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import type { ReadEvent } from '../event-store/port';
import { postRevisions } from './post-revisions';

const POST_ID = 'p-1';
type Fields = Omit<EventOf<'ForumPostEdited'>['data'], 'postId' | 'changed' | 'updatedAt' | 'mentions'>;
const fields: Fields = {
  title: 'Söker klipp',
  content: 'Första texten',
  category: 'lost-media',
  priority: null,
  year: 1985,
  reward: 0,
  tags: ['vhs'],
  status: 'active',
};
let revision = 0;
const read = (event: AnyEvent, userId: string): ReadEvent =>
  ({
    ...event,
    id: `e-${revision}`,
    streamName: `forum-post-${POST_ID}`,
    streamRevision: revision++,
    position: String(revision),
    recordedAt: '2026-11-21T12:00:00.000Z',
    metadata: { actor: { type: 'user', userId, email: `${userId}@example.se` } },
  }) as ReadEvent;

const created = () =>
  read(
    {
      type: 'ForumPostCreated',
      data: {
        postId: POST_ID,
        ...fields,
        tags: [...fields.tags],
        authorId: 'u-anna',
        authorName: 'Anna',
        createdAt: '2026-11-21T10:00:00.000Z',
        entryId: null,
        mentions: [],
      },
    },
    'u-anna',
  );
const edited = (change: Partial<Fields>, by: string, at: string) =>
  read(
    {
      type: 'ForumPostEdited',
      data: { postId: POST_ID, ...fields, tags: [...fields.tags], ...change, changed: Object.keys(change), updatedAt: at, mentions: null },
    },
    by,
  );

describe('postRevisions', () => {
  it('given a post edited by its author, then by the admin, then the versions with their changes and public editor names', () => {
    const revisions = postRevisions(POST_ID, [
      created(),
      edited({ content: 'Andra texten' }, 'u-anna', '2026-11-21T11:00:00.000Z'),
      edited({ content: 'Andra texten', status: 'solved' }, 'u-admin', '2026-11-21T12:00:00.000Z'),
    ]);
    expect(revisions!.versions.map(({ number, at, editorName, changes }) => ({ number, at, editorName, changes }))).toEqual([
      { number: 1, at: '2026-11-21T10:00:00.000Z', editorName: 'Anna', changes: [] },
      { number: 2, at: '2026-11-21T11:00:00.000Z', editorName: 'Anna', changes: [{ field: 'content', before: 'Första texten', after: 'Andra texten' }] },
      { number: 3, at: '2026-11-21T12:00:00.000Z', editorName: 'Moderator', changes: [{ field: 'status', before: 'active', after: 'solved' }] },
    ]);
    expect(JSON.stringify(revisions)).not.toMatch(/@|u-anna|u-admin|entryId/);
  });

  it('given an edit that changed no public field, then it is no version of its own', () => {
    const revisions = postRevisions(POST_ID, [created(), edited({}, 'u-anna', '2026-11-21T11:00:00.000Z')]);
    expect(revisions!.versions).toHaveLength(1);
  });

  it('given no stream or a deleted post, then null', () => {
    expect(postRevisions(POST_ID, [])).toBeNull();
    expect(
      postRevisions(POST_ID, [
        created(),
        read(
          { type: 'ForumPostDeleted', data: { postId: POST_ID, title: 'Söker klipp', authorId: 'u-anna', authorName: 'Anna', deletedBy: 'u-anna' } },
          'u-anna',
        ),
      ]),
    ).toBeNull();
  });
});
