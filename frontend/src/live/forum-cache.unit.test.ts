import type { ForumChange, ForumReply } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { testPost } from './test-posts';
import { applyChangeToList, applyChangeToPost, applyChangeToReplies, changedIds, insertPost, listAccepts, type ListFilter } from './forum-cache';

const post = testPost;
const reply = (id: string, postId: string, extra: Partial<ForumReply> = {}): ForumReply => ({
  id,
  postId,
  content: 'Ett svar',
  authorId: 'member',
  authorName: 'Mia Medlem',
  mentions: [],
  likes: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...extra,
});

const all: ListFilter = { q: '', category: 'all', sort: 'newest' };
const a = post('a', '2026-01-03T00:00:00.000Z');
const b = post('b', '2026-01-02T00:00:00.000Z', { category: 'tips' });
const c = post('c', '2026-01-01T00:00:00.000Z');
const list = [a, b, c];

describe('listAccepts', () => {
  it('takes every new post into the unfiltered list, only its category into a category list, none into a search', () => {
    expect(listAccepts(all, b)).toBe(true);
    expect(listAccepts({ q: '', category: 'tips', sort: 'activity' }, b)).toBe(true);
    expect(listAccepts({ q: '', category: 'found', sort: 'newest' }, b)).toBe(false);
    expect(listAccepts({ q: 'vhs', category: 'all', sort: 'newest' }, b)).toBe(false);
    // Most liked: a new post has no likes yet and belongs far down, not at the top.
    expect(listAccepts({ q: '', category: 'all', sort: 'liked' }, b)).toBe(false);
  });
});

describe('insertPost', () => {
  it('keeps newest first and replaces an older copy of the same post', () => {
    const middle = post('m', '2026-01-02T12:00:00.000Z');
    expect(insertPost(list, middle).map((p) => p.id)).toEqual(['a', 'm', 'b', 'c']);
    expect(insertPost(list, { ...b, title: 'Ändrad' }).map((p) => p.title)).toEqual(['Inlägg a', 'Ändrad', 'Inlägg c']);
  });
});

describe('applyChangeToList', () => {
  it('updates counts in place and keeps the order', () => {
    const liked = applyChangeToList(list, { kind: 'post-likes', postId: 'b', likes: 7, position: '9' }, all);
    expect(liked.map((p) => [p.id, p.likes])).toEqual([
      ['a', 0],
      ['b', 7],
      ['c', 0],
    ]);
    const replied = applyChangeToList(
      list,
      { kind: 'reply-created', reply: reply('r1', 'c'), repliesCount: 3, lastReplyAt: '2026-01-04T00:00:00.000Z', position: '10' },
      all,
    );
    expect(replied[2]).toMatchObject({ id: 'c', repliesCount: 3, lastReplyAt: '2026-01-04T00:00:00.000Z' });
    expect(applyChangeToList(list, { kind: 'reply-deleted', replyId: 'r1', postId: 'a', repliesCount: 0, position: '11' }, all)[0]!.repliesCount).toBe(0);
  });

  it('does not insert a created post (the banner decides) and removes a deleted one', () => {
    const created = post('n', '2026-02-01T00:00:00.000Z');
    expect(applyChangeToList(list, { kind: 'post-created', post: created, position: '1' }, all)).toBe(list);
    expect(applyChangeToList(list, { kind: 'post-deleted', postId: 'b', position: '2' }, all).map((p) => p.id)).toEqual(['a', 'c']);
  });

  it('replaces an edited post, and drops it from a category list it no longer belongs to', () => {
    const edited = { ...a, title: 'Ny titel', status: 'solved' as const };
    expect(applyChangeToList(list, { kind: 'post-updated', post: edited, position: '3' }, all)[0]).toEqual(edited);
    const moved = { ...a, category: 'found' as const };
    const lostMedia = [a, c];
    expect(
      applyChangeToList(lostMedia, { kind: 'post-updated', post: moved, position: '4' }, { q: '', category: 'lost-media', sort: 'newest' }).map((p) => p.id),
    ).toEqual(['c']);
  });

  it('answers the same array when nothing in it changed, and is idempotent', () => {
    expect(applyChangeToList(list, { kind: 'post-likes', postId: 'zzz', likes: 1, position: '5' }, all)).toBe(list);
    expect(applyChangeToList(list, { kind: 'reply-likes', replyId: 'r', postId: 'a', likes: 2, position: '6' }, all)).toBe(list);
    const change: ForumChange = { kind: 'post-likes', postId: 'a', likes: 4, position: '7' };
    const once = applyChangeToList(list, change, all);
    expect(applyChangeToList(once, change, all)).toEqual(once);
  });
});

describe('applyChangeToPost', () => {
  it('follows likes, replies and edits of this post only', () => {
    expect(applyChangeToPost(a, { kind: 'post-likes', postId: 'a', likes: 2, position: '1' })).toMatchObject({ likes: 2 });
    expect(applyChangeToPost(a, { kind: 'post-likes', postId: 'b', likes: 2, position: '1' })).toBe(a);
    expect(applyChangeToPost(a, { kind: 'reply-created', reply: reply('r', 'a'), repliesCount: 1, lastReplyAt: 'x', position: '2' })).toMatchObject({
      repliesCount: 1,
    });
    expect(applyChangeToPost(a, { kind: 'post-updated', post: { ...a, title: 'Redigerad' }, position: '3' })).toMatchObject({ title: 'Redigerad' });
  });

  it('turns into null when the post is deleted; nothing cached stays nothing', () => {
    expect(applyChangeToPost(a, { kind: 'post-deleted', postId: 'a', position: '4' })).toBeNull();
    expect(applyChangeToPost(undefined, { kind: 'post-likes', postId: 'a', likes: 1, position: '5' })).toBeUndefined();
  });
});

describe('applyChangeToReplies', () => {
  const replies = [reply('r1', 'a'), reply('r2', 'a')];

  it('appends a new reply once, even when the poster’s own answer already added it', () => {
    const change: ForumChange = { kind: 'reply-created', reply: reply('r3', 'a'), repliesCount: 3, lastReplyAt: null, position: '1' };
    const once = applyChangeToReplies(replies, change, 'a')!;
    expect(once.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(applyChangeToReplies(once, change, 'a')).toBe(once);
    expect(applyChangeToReplies(replies, { ...change, reply: reply('x', 'other') }, 'a')).toBe(replies);
  });

  it('removes a deleted reply, sets a reply’s likes, and empties when the post goes', () => {
    expect(applyChangeToReplies(replies, { kind: 'reply-deleted', replyId: 'r1', postId: 'a', repliesCount: 1, position: '2' }, 'a')!.map((r) => r.id)).toEqual(
      ['r2'],
    );
    expect(applyChangeToReplies(replies, { kind: 'reply-likes', replyId: 'r2', postId: 'a', likes: 5, position: '3' }, 'a')![1]!.likes).toBe(5);
    expect(applyChangeToReplies(replies, { kind: 'post-deleted', postId: 'a', position: '4' }, 'a')).toEqual([]);
  });
});

describe('changedIds', () => {
  it('names what to highlight', () => {
    expect(changedIds({ kind: 'reply-created', reply: reply('r', 'a'), repliesCount: 1, lastReplyAt: null, position: '1' })).toEqual(['r', 'a']);
    expect(changedIds({ kind: 'reply-likes', replyId: 'r', postId: 'a', likes: 1, position: '2' })).toEqual(['r']);
    expect(changedIds({ kind: 'post-deleted', postId: 'a', position: '3' })).toEqual([]);
  });
});
