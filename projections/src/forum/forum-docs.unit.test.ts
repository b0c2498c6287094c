import { ForumPostSchema, ForumReplySchema } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { forumPostCreatedDoc, forumPostEditedFields, forumReplyPostedDoc } from './forum-projection';

/**
 * The documents the forum projection writes, which a command also answers when the read model is late
 * (forum-service.ts): they are the API contract's, strictly (no field more, none missing).
 */
const created = {
  postId: 'p1',
  title: 'Rubrik',
  content: 'Text',
  category: 'lost-media' as const,
  priority: null,
  year: 1999,
  reward: 0,
  tags: ['tv'],
  status: 'active' as const,
  authorId: 'u1',
  authorName: 'Anna A.',
  createdAt: '2026-01-01T00:00:00.000Z',
  entryId: null,
  mentions: [] as Array<{ userId: string; name: string }>,
};

describe('the forum documents', () => {
  it('makes a new post the contract ForumPost with nothing counted yet, updated when created', () => {
    const doc = forumPostCreatedDoc(created);
    expect(ForumPostSchema.strict().parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({ id: 'p1', likes: 0, views: 0, repliesCount: 0, lastReplyAt: null, updatedAt: created.createdAt });
  });

  it('makes a new reply the contract ForumReply', () => {
    const data = { replyId: 'r1', postId: 'p1', content: 'Svar', authorId: 'u2', authorName: 'Bo B.', createdAt: created.createdAt, mentions: [] };
    const doc = forumReplyPostedDoc(data);
    expect(ForumReplySchema.strict().parse(doc)).toEqual(doc);
    expect(doc).toMatchObject({ id: 'r1', postId: 'p1', likes: 0, updatedAt: created.createdAt });
  });

  it("replaces an edit's fields and keeps the mentions when the edit left the text alone", () => {
    const edit = { ...created, title: 'Ny rubrik', changed: ['title'], updatedAt: '2026-01-02T00:00:00.000Z', mentions: null };
    const doc = { ...forumPostCreatedDoc({ ...created, mentions: [{ userId: 'u3', name: 'Cilla' }] }), ...forumPostEditedFields(edit) };
    expect(doc).toMatchObject({ title: 'Ny rubrik', updatedAt: edit.updatedAt, mentions: [{ userId: 'u3', name: 'Cilla' }] });
    expect(ForumPostSchema.strict().parse(doc)).toEqual(doc);
  });
});
