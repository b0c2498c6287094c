import { ForumPostCreateInputSchema, ForumPostEditInputSchema, type EventOf } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { decidePostLike, decideReplyLike } from './like';
import { NOT_YOUR_POST_DELETE, NOT_YOUR_POST_EDIT, postDecider, type ForumActor, type PostState } from './post';
import { NOT_YOUR_REPLY, replyDecider, type ReplyState } from './reply';

const author: ForumActor = { userId: 'u-author', name: 'Ante Author', isAdmin: false };
const member: ForumActor = { userId: 'u-member', name: 'Mia Medlem', isAdmin: false };
const admin: ForumActor = { userId: 'u-admin', name: 'Admin', isAdmin: true };
const NOW = '2026-11-21T12:00:00.000Z';
const POST_ID = '11111111-1111-4111-8111-111111111111';

const createInput = ForumPostCreateInputSchema.parse({
  title: 'Saknat klipp från 1975',
  content: 'Någon som har mellanakten på band?',
  tags: [' band ', 'band', '', 7, '1975'],
});

const created: EventOf<'ForumPostCreated'> = {
  type: 'ForumPostCreated',
  data: { postId: POST_ID, ...createInput, status: 'active', authorId: author.userId, authorName: author.name, createdAt: NOW, mentions: [] },
};
const deleted: EventOf<'ForumPostDeleted'> = {
  type: 'ForumPostDeleted',
  data: { postId: POST_ID, title: createInput.title, authorId: author.userId, authorName: author.name, deletedBy: author.userId },
};

const postGiven = (events: Array<EventOf<'ForumPostCreated' | 'ForumPostEdited' | 'ForumPostDeleted'>>): PostState =>
  events.reduce(postDecider.evolve, postDecider.initialState());

describe('forum post decider', () => {
  it('given nothing, when a member creates, then ForumPostCreated with the server-set author, status and the cleaned tags', () => {
    const events = postDecider.decide({ type: 'create', postId: POST_ID, input: createInput, mentions: [], by: author, now: NOW }, postGiven([]));
    expect(events).toEqual([created]);
    expect(events[0]!.data).toMatchObject({ category: 'general', priority: null, year: null, reward: 0, tags: ['band', '1975'] });
  });

  it('given a post, when it is created again, then a conflict', () => {
    expect(() => postDecider.decide({ type: 'create', postId: POST_ID, input: createInput, mentions: [], by: author, now: NOW }, postGiven([created]))).toThrow(
      ConflictError,
    );
  });

  it('given a post, when its author edits, then ForumPostEdited with the full field set and the names of what changed', () => {
    const input = ForumPostEditInputSchema.parse({ title: 'Hittat: mellanakten 1975', status: 'solved', reward: 100 });
    const [event] = postDecider.decide({ type: 'edit', input, mentions: null, by: author, now: NOW }, postGiven([created]));
    expect(event).toEqual({
      type: 'ForumPostEdited',
      data: {
        postId: POST_ID,
        title: 'Hittat: mellanakten 1975',
        content: createInput.content,
        category: 'general',
        priority: null,
        year: null,
        reward: 100,
        tags: ['band', '1975'],
        status: 'solved',
        changed: ['title', 'reward', 'status'],
        updatedAt: NOW,
        mentions: null,
      },
    });
  });

  it('given a post, when the administrator edits, then it is allowed; when another member edits, then forbidden', () => {
    const input = ForumPostEditInputSchema.parse({ content: 'Ny text som är tillräckligt lång.' });
    expect(postDecider.decide({ type: 'edit', input, mentions: null, by: admin, now: NOW }, postGiven([created]))).toHaveLength(1);
    expect(() => postDecider.decide({ type: 'edit', input, mentions: null, by: member, now: NOW }, postGiven([created]))).toThrow(
      new ForbiddenError(NOT_YOUR_POST_EDIT),
    );
  });

  it('given a post, when an edit changes nothing, then no event', () => {
    const input = ForumPostEditInputSchema.parse({ title: createInput.title, tags: ['band', '1975'] });
    expect(postDecider.decide({ type: 'edit', input, mentions: null, by: author, now: NOW }, postGiven([created]))).toEqual([]);
  });

  it('given a post, when the author or the admin deletes, then ForumPostDeleted naming the author and who deleted; a member is forbidden', () => {
    expect(postDecider.decide({ type: 'delete', by: admin }, postGiven([created]))).toEqual([
      { type: 'ForumPostDeleted', data: { ...deleted.data, deletedBy: admin.userId } },
    ]);
    expect(postDecider.decide({ type: 'delete', by: author }, postGiven([created]))).toEqual([deleted]);
    expect(() => postDecider.decide({ type: 'delete', by: member }, postGiven([created]))).toThrow(new ForbiddenError(NOT_YOUR_POST_DELETE));
  });

  it('given a deleted post, when anyone edits or deletes it, then not found', () => {
    const state = postGiven([created, deleted]);
    expect(() => postDecider.decide({ type: 'delete', by: admin }, state)).toThrow(NotFoundError);
    expect(() => postDecider.decide({ type: 'edit', input: {}, mentions: null, by: admin, now: NOW }, state)).toThrow('Inlägg hittades inte');
  });
});

describe('forum reply decider', () => {
  const REPLY_ID = '22222222-2222-4222-8222-222222222222';
  const posted: EventOf<'ForumReplyPosted'> = {
    type: 'ForumReplyPosted',
    data: {
      replyId: REPLY_ID,
      postId: POST_ID,
      content: 'Jag har den på VHS!',
      authorId: member.userId,
      authorName: member.name,
      createdAt: NOW,
      mentions: [],
    },
  };
  const given = (events: Array<EventOf<'ForumReplyPosted' | 'ForumReplyDeleted'>>): ReplyState =>
    events.reduce(replyDecider.evolve, replyDecider.initialState());

  it('given a live post, when a member replies, then ForumReplyPosted; given a deleted post, then not found', () => {
    const command = { type: 'post' as const, replyId: REPLY_ID, postId: POST_ID, content: 'Jag har den på VHS!', mentions: [], by: member, now: NOW };
    expect(replyDecider.decide({ ...command, postIsLive: true }, given([]))).toEqual([posted]);
    expect(() => replyDecider.decide({ ...command, postIsLive: false }, given([]))).toThrow('Inlägg hittades inte');
  });

  it('given a reply, when its author or the admin deletes, then ForumReplyDeleted with the content and author; others are forbidden', () => {
    const { createdAt: _createdAt, mentions: _mentions, ...reply } = posted.data;
    const expected = (by: ForumActor) => [{ type: 'ForumReplyDeleted', data: { ...reply, deletedBy: by.userId } }];
    expect(replyDecider.decide({ type: 'delete', postIsLive: true, by: member }, given([posted]))).toEqual(expected(member));
    expect(replyDecider.decide({ type: 'delete', postIsLive: true, by: admin }, given([posted]))).toEqual(expected(admin));
    expect(() => replyDecider.decide({ type: 'delete', postIsLive: true, by: author }, given([posted]))).toThrow(new ForbiddenError(NOT_YOUR_REPLY));
  });

  it('given a deleted reply, or a reply whose post is gone, when deleted, then not found', () => {
    const removed = replyDecider.decide({ type: 'delete', postIsLive: true, by: member }, given([posted]))[0]!;
    expect(() => replyDecider.decide({ type: 'delete', postIsLive: true, by: admin }, given([posted, removed]))).toThrow('Svaret hittades inte');
    expect(() => replyDecider.decide({ type: 'delete', postIsLive: false, by: admin }, given([posted]))).toThrow('Svaret hittades inte');
  });
});

describe('likes', () => {
  it("liking someone else's post gives ForumPostLiked; your own is forbidden with the spec's message; a missing post is not found", () => {
    expect(decidePostLike({ live: true, authorId: author.userId }, { postId: POST_ID, userId: member.userId, now: NOW })).toEqual([
      { type: 'ForumPostLiked', data: { postId: POST_ID, userId: member.userId, likedAt: NOW } },
    ]);
    expect(() => decidePostLike({ live: true, authorId: author.userId }, { postId: POST_ID, userId: author.userId, now: NOW })).toThrow(
      new ForbiddenError('Kan inte gilla eget inlägg'),
    );
    expect(() => decidePostLike({ live: false, authorId: author.userId }, { postId: POST_ID, userId: member.userId, now: NOW })).toThrow(NotFoundError);
  });

  it("liking a reply names its post; your own reply is forbidden with the spec's message", () => {
    const target = { live: true, authorId: member.userId, postId: POST_ID };
    expect(decideReplyLike(target, { replyId: 'r1', userId: author.userId, now: NOW })[0].data).toEqual({
      replyId: 'r1',
      postId: POST_ID,
      userId: author.userId,
      likedAt: NOW,
    });
    expect(() => decideReplyLike(target, { replyId: 'r1', userId: member.userId, now: NOW })).toThrow(new ForbiddenError('Kan inte gilla eget svar'));
    expect(() => decideReplyLike({ ...target, postId: null }, { replyId: 'r1', userId: author.userId, now: NOW })).toThrow('Svaret hittades inte');
  });
});
