import type { ForumPost } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import type { ListFilter } from './forum-cache';
import { applyChangeToPages, postsOfPages, receivePostInPages, resyncPages, showPendingInPages, type ForumPages } from './forum-pages';
import { testPost } from './test-posts';

const post = (id: string, createdAt: string, extra: Partial<ForumPost> = {}) =>
  testPost(id, createdAt, { authorId: 'someone-else', category: 'general', ...extra });
const activity: ListFilter = { q: '', category: 'all', sort: 'activity' };
const p1 = post('p1', '2026-01-04T00:00:00.000Z');
const p2 = post('p2', '2026-01-03T00:00:00.000Z');
const p3 = post('p3', '2026-01-02T00:00:00.000Z');
const p4 = post('p4', '2026-01-01T00:00:00.000Z');
/** Two pages loaded; the second page's cursor is the server's. */
const pages: ForumPages = {
  pages: [
    { items: [p1, p2], nextCursor: 'after-p2' },
    { items: [p3, p4], nextCursor: 'after-p4' },
  ],
  pageParams: [null, 'after-p2'],
};
const ids = (data: ForumPages) => data.pages.map((page) => page.items.map((item) => item.id));

describe('the forum list as pages', () => {
  it('updates counts of a post in whichever page holds it, and keeps the data when nothing changed', () => {
    const liked = applyChangeToPages(pages, { kind: 'post-likes', postId: 'p4', likes: 5, position: '1' }, activity);
    expect(liked.pages[1]!.items[1]!.likes).toBe(5);
    expect(liked.pages[0]).toBe(pages.pages[0]);
    expect(applyChangeToPages(pages, { kind: 'post-likes', postId: 'nope', likes: 5, position: '2' }, activity)).toBe(pages);
    const deleted = applyChangeToPages(pages, { kind: 'post-deleted', postId: 'p3', position: '3' }, activity);
    expect(ids(deleted)).toEqual([['p1', 'p2'], ['p4']]);
    expect(deleted.pages[1]!.nextCursor).toBe('after-p4');
  });

  it('puts others’ new posts behind the banner and the reader’s own into the first page; the banner shows them there', () => {
    const theirs = post('n', '2026-01-05T00:00:00.000Z');
    const waiting = receivePostInPages({ data: pages, pending: [] }, theirs, activity, 'me');
    expect(waiting.data).toBe(pages);
    expect(waiting.pending.map((item) => item.id)).toEqual(['n']);
    const shown = showPendingInPages(pages, waiting.pending, activity);
    expect(ids(shown)).toEqual([
      ['n', 'p1', 'p2'],
      ['p3', 'p4'],
    ]);
    expect(shown.pages[0]!.nextCursor).toBe('after-p2');
    const mine = receivePostInPages({ data: pages, pending: [] }, post('m', '2026-01-05T00:00:00.000Z', { authorId: 'me' }), activity, 'me');
    expect(ids(mine.data)[0]).toEqual(['m', 'p1', 'p2']);
    // Already listed in a later page (its create answer came first): replaced where it is.
    const again = receivePostInPages({ data: pages, pending: [] }, { ...p3, title: 'Ny titel' }, activity, 'me');
    expect(again.data.pages[1]!.items[0]!.title).toBe('Ny titel');
    expect(postsOfPages(again.data)).toHaveLength(4);
  });

  it('after a reconnect takes the server’s state, drops what was deleted and queues unseen posts by others', () => {
    const unseen = post('u', '2026-01-06T00:00:00.000Z');
    const mine = post('m', '2026-01-07T00:00:00.000Z', { authorId: 'me' });
    const fresh = [mine, unseen, { ...p1, likes: 9 }, p3, p4];
    const next = resyncPages({ data: pages, pending: [] }, fresh, activity, 'me');
    expect(ids(next.data)).toEqual([
      ['m', 'p1'],
      ['p3', 'p4'],
    ]);
    expect(next.data.pages[0]!.items[1]!.likes).toBe(9);
    expect(next.pending.map((item) => item.id)).toEqual(['u']);
  });
});
