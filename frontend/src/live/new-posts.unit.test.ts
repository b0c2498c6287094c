import type { ForumPost } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import type { ListFilter } from './forum-cache';
import { testPost } from './test-posts';
import { applyChangeToPending, newPostsLabel, receiveNewPost, showPending, type ListWithPending } from './new-posts';

/** Posts by someone else than the reader, in the general category. */
const post = (id: string, createdAt: string, extra: Partial<ForumPost> = {}) =>
  testPost(id, createdAt, { authorId: 'someone-else', authorName: 'Någon', category: 'general', ...extra });

const all: ListFilter = { q: '', category: 'all', sort: 'newest' };
const old = post('old', '2026-01-01T00:00:00.000Z');
const start: ListWithPending = { list: [old], pending: [] };

describe('new posts wait behind the banner', () => {
  it('keeps the list as it is and counts posts by others as pending, newest first', () => {
    const first = receiveNewPost(start, post('n1', '2026-01-02T00:00:00.000Z'), all, 'me');
    const second = receiveNewPost(first, post('n2', '2026-01-03T00:00:00.000Z'), all, 'me');
    expect(second.list).toEqual([old]);
    expect(second.pending.map((p) => p.id)).toEqual(['n2', 'n1']);
    expect(newPostsLabel(second.pending.length)).toBe('2 nya inlägg');
    expect(newPostsLabel(1)).toBe('1 nytt inlägg');
  });

  it('puts the reader’s own post straight in, and counts a post once when its message comes twice', () => {
    const mine = receiveNewPost(start, post('mine', '2026-01-02T00:00:00.000Z', { authorId: 'me' }), all, 'me');
    expect(mine).toEqual({ list: [expect.objectContaining({ id: 'mine' }), old], pending: [] });
    const n = post('n', '2026-01-02T00:00:00.000Z');
    const twice = receiveNewPost(receiveNewPost(start, n, all, null), n, all, null);
    expect(twice.pending).toHaveLength(1);
    // Already listed (e.g. the create call's answer came first): replaced in place, not pending.
    expect(receiveNewPost({ list: [n, old], pending: [] }, { ...n, likes: 1 }, all, null)).toEqual({ list: [{ ...n, likes: 1 }, old], pending: [] });
  });

  it('ignores posts the list would not show (other category, or a search)', () => {
    const tips = post('t', '2026-01-02T00:00:00.000Z', { category: 'tips' });
    expect(receiveNewPost(start, tips, { q: '', category: 'found', sort: 'newest' }, 'me')).toBe(start);
    expect(receiveNewPost(start, tips, { q: 'vhs', category: 'all', sort: 'newest' }, 'me')).toBe(start);
  });

  it('shows the pending posts in their places when the banner is clicked', () => {
    const waiting = { list: [old], pending: [post('n2', '2026-01-03T00:00:00.000Z'), post('n1', '2026-01-02T00:00:00.000Z')] };
    expect(showPending(waiting)).toEqual({ list: [waiting.pending[0], waiting.pending[1], old], pending: [] });
  });

  it('follows deletes, edits and counts of waiting posts', () => {
    const n = post('n', '2026-01-02T00:00:00.000Z');
    expect(applyChangeToPending([n], { kind: 'post-deleted', postId: 'n', position: '1' }, all)).toEqual([]);
    expect(applyChangeToPending([n], { kind: 'post-likes', postId: 'n', likes: 3, position: '2' }, all)[0]!.likes).toBe(3);
    const moved = { ...n, category: 'tips' as const };
    expect(applyChangeToPending([n], { kind: 'post-updated', post: moved, position: '3' }, { q: '', category: 'general', sort: 'newest' })).toEqual([]);
  });
});
