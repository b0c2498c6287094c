import { describe, expect, it } from 'vitest';
import { forumActivityAt, forumSortKey } from '../forum/forum-list';
import { compareByKey, decodeCursor, encodeCursor, pageAfter, type Cursor } from './paging';

const ID = '0b6f4f0e-6a51-4a43-9a4c-2f1d7c1e9a01';
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it('round-trip, with instants made canonical (UTC, milliseconds)', () => {
    const text = encodeCursor({ sort: 'liked', key: [3, '2025-01-01T01:00:00+01:00'], id: ID });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, 'liked', ['int', 'instant'])).toEqual({ sort: 'liked', key: [3, '2025-01-01T00:00:00.000Z'], id: ID });
  });

  it('are refused when not made for the order asked or not made here at all', () => {
    const kinds = ['instant'] as const;
    const refused = {
      'another order': encodeCursor({ sort: 'newest', key: ['2025-01-01T00:00:00.000Z'], id: ID }),
      'not base64url': 'ab+c/==',
      'not JSON': Buffer.from('{"s":').toString('base64url'),
      'not an object': encode([1]),
      'too few key values': encode({ s: 'activity', k: [], i: ID }),
      'a number for an instant': encode({ s: 'activity', k: [17], i: ID }),
      'no such day': encode({ s: 'activity', k: ['2025-02-30T00:00:00.000Z'], i: ID }),
      'no instant': encode({ s: 'activity', k: ['igår'], i: ID }),
      'an id that is no uuid': encode({ s: 'activity', k: ['2025-01-01T00:00:00.000Z'], i: '1 OR 1=1' }),
      'too long': 'A'.repeat(401),
    };
    for (const [what, text] of Object.entries(refused)) expect(decodeCursor(text, 'activity', kinds), what).toBeNull();
    expect(decodeCursor(encode({ s: 'liked', k: [1.5, '2025-01-01T00:00:00Z'], i: ID }), 'liked', ['int', 'instant'])).toBeNull();
    expect(decodeCursor(encode({ s: 'liked', k: [2 ** 31, '2025-01-01T00:00:00Z'], i: ID }), 'liked', ['int', 'instant'])).toBeNull();
  });
});

describe('the list order and in-memory pages', () => {
  it('is keys descending (an instant by the time it names), then ids descending', () => {
    const a = { key: ['2025-01-02T00:00:00.000Z'], id: 'a' };
    expect(compareByKey(a, { key: ['2025-01-01T00:00:00.000Z'], id: 'z' })).toBeLessThan(0);
    expect(compareByKey({ key: ['2025-01-02T01:00:00+01:00'], id: 'b' }, a)).toBeLessThan(0);
    expect(compareByKey({ key: [2, 'x'], id: 'a' }, { key: [1, 'x'], id: 'b' })).toBeLessThan(0);
    expect(compareByKey(a, a)).toBe(0);
  });

  it('cover every item exactly once, and items added before the cursor do not shift the next page', () => {
    type Item = { id: string; n: number };
    const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const items: Item[] = Array.from({ length: 23 }, (_, i) => ({ id: uuid(i), n: i % 5 }));
    const keyOf = (item: Item) => [item.n];
    const seen: Item[] = [];
    let cursor: Cursor | null = null;
    let list = items;
    for (let pages = 0; pages < 20; pages += 1) {
      const page: { items: Item[]; nextCursor: string | null } = pageAfter(list, { sort: 's', keyOf, cursor, limit: 4 });
      seen.push(...page.items);
      if (page.nextCursor === null) break;
      cursor = decodeCursor(page.nextCursor, 's', ['int'])!;
      // Newcomers at the top (higher keys than anything paged so far).
      list = [...list, { id: uuid(100 + seen.length), n: 9 }];
    }
    expect(seen.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
    for (let i = 1; i < seen.length; i += 1)
      expect(compareByKey({ key: keyOf(seen[i - 1]!), id: seen[i - 1]!.id }, { key: keyOf(seen[i]!), id: seen[i]!.id })).toBeLessThan(0);
  });
});

describe('forum sort keys', () => {
  const post = { createdAt: '2025-01-01T00:00:00.000Z', lastReplyAt: null as string | null, likes: 4 };
  it('activity is the last reply, or the creation without one', () => {
    expect(forumActivityAt(post)).toBe(post.createdAt);
    expect(forumActivityAt({ ...post, lastReplyAt: '2025-02-01T00:00:00.000Z' })).toBe('2025-02-01T00:00:00.000Z');
  });
  it('each order has its key', () => {
    expect(forumSortKey({ ...post, lastReplyAt: '2025-02-01T00:00:00.000Z' }, 'activity')).toEqual(['2025-02-01T00:00:00.000Z']);
    expect(forumSortKey(post, 'newest')).toEqual([post.createdAt]);
    expect(forumSortKey(post, 'liked')).toEqual([4, post.createdAt]);
  });
});
