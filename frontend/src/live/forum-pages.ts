import type { InfiniteData } from '@tanstack/react-query';
import type { ForumChange, ForumPost, ForumPostPage } from '@mello/contracts';
import { applyChangeToList, insertPost, listAccepts, type ListFilter } from './forum-cache';
import { receiveNewPost, showPending } from './new-posts';

/**
 * The forum list as React Query holds it: the pages loaded so far (infinite scroll), each with the cursor of the
 * next. Live changes and the reader's own actions are folded into the pages with the flat-list reducers of
 * forum-cache.ts and new-posts.ts: a post stays in the page it came in, a post put in by the client goes into the
 * first page (where the server would list it: new posts are at the top of the orders that take them). The next
 * page's cursor is the server's, after the last post it sent, so a post put in before it never shifts what comes next.
 */
export type ForumPages = InfiniteData<ForumPostPage>;

/** Every post loaded, in order. */
export const postsOfPages = (data: ForumPages | undefined): ForumPost[] => data?.pages.flatMap((page) => page.items) ?? [];

/** Each page's posts through `change` (the same data when nothing changed, so React Query keeps its reference). */
function mapPages(data: ForumPages, change: (items: ForumPost[]) => ForumPost[]): ForumPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = change(page.items);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** A change to posts already listed (counts, edits, deletions); new posts are receivePostInPages' business. */
export const applyChangeToPages = (data: ForumPages, change: ForumChange, filter: ListFilter): ForumPages =>
  mapPages(data, (items) => applyChangeToList(items, change, filter));

/** Replaces the first page's posts (where new posts go). */
function withFirstPage(data: ForumPages, items: ForumPost[]): ForumPages {
  const [first, ...rest] = data.pages;
  if (!first || items === first.items) return data;
  return { ...data, pages: [{ ...first, items }, ...rest] };
}

/**
 * A post created while the list is cached: a copy already listed (in any page) is replaced; the reader's own post
 * goes into the first page; someone else's waits behind the banner (receiveNewPost decides, by the list's filter).
 */
export function receivePostInPages(
  state: { data: ForumPages; pending: ForumPost[] },
  post: ForumPost,
  filter: ListFilter,
  myUserId: string | null,
): { data: ForumPages; pending: ForumPost[] } {
  const listed = state.data.pages.some((page) => page.items.some((item) => item.id === post.id));
  if (listed)
    return {
      data: mapPages(state.data, (items) => (items.some((item) => item.id === post.id) ? items.map((item) => (item.id === post.id ? post : item)) : items)),
      pending: state.pending,
    };
  const first = state.data.pages[0]?.items ?? [];
  const next = receiveNewPost({ list: first, pending: state.pending }, post, filter, myUserId);
  return { data: withFirstPage(state.data, next.list), pending: next.pending };
}

/** The banner was clicked: the waiting posts take their places in the first page. */
export function showPendingInPages(data: ForumPages, pending: readonly ForumPost[], filter: ListFilter): ForumPages {
  const first = data.pages[0]?.items ?? [];
  return withFirstPage(data, showPending({ list: first, pending: [...pending] }, filter.sort).list);
}

/**
 * After a reconnect, with the server's newest posts (`fresh`, newest first): listed posts take their current state,
 * listed posts that should be among them and are not were deleted (or hidden) meanwhile and leave, and posts the
 * reader has not seen (newer than every listed one, by others) wait behind the banner as if they had arrived live.
 */
export function resyncPages(
  state: { data: ForumPages; pending: ForumPost[] },
  fresh: readonly ForumPost[],
  filter: ListFilter,
  myUserId: string | null,
): { data: ForumPages; pending: ForumPost[] } {
  const byId = new Map(fresh.map((post) => [post.id, post]));
  const oldestFresh = fresh.reduce((oldest, post) => (post.createdAt < oldest ? post.createdAt : oldest), fresh[0]?.createdAt ?? '');
  const listed = postsOfPages(state.data);
  const listedIds = new Set(listed.map((post) => post.id));
  const newestListed = listed.reduce((newest, post) => (post.createdAt > newest ? post.createdAt : newest), '');
  const gone = (post: ForumPost) => fresh.length > 0 && !byId.has(post.id) && post.createdAt >= oldestFresh;
  const data = mapPages(state.data, (items) => {
    const next = items.filter((post) => !gone(post)).map((post) => byId.get(post.id) ?? post);
    return next.length === items.length && next.every((post, i) => post === items[i]) ? items : next;
  });
  const isNew = (post: ForumPost) => !listedIds.has(post.id) && post.createdAt > newestListed && listAccepts(filter, post);
  const mine = (post: ForumPost) => myUserId !== null && post.authorId === myUserId;
  // The reader's own new posts go straight in, as when they arrive live; others' wait behind the banner.
  const first = data.pages[0]?.items ?? [];
  const own = fresh.filter((post) => isNew(post) && mine(post));
  const withOwn =
    own.length > 0
      ? withFirstPage(
          data,
          own.reduce((list, post) => insertPost(list, post, filter.sort), first),
        )
      : data;
  const known = new Map(state.pending.map((post) => [post.id, post]));
  for (const post of fresh) if (isNew(post) && !mine(post)) known.set(post.id, post);
  const pending = [...known.values()].filter((post) => !gone(post)).reduce<ForumPost[]>((list, post) => insertPost(list, post, filter.sort), []);
  return { data: withOwn, pending };
}
