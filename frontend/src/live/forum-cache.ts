import { compareByKey, forumSortKey, type ForumCategory, type ForumChange, type ForumPost, type ForumReply, type ForumSort } from '@mello/contracts';

/**
 * Pure reducers that fold one forum change (a live message or a mutation's answer) into what the React Query
 * caches hold: a list of posts, one post, and a post's replies. Every live message carries the current state
 * (counts, not +1s), so applying a message twice changes nothing the second time.
 */

export type ForumCategoryFilter = 'all' | ForumCategory;
/** What a cached list was asked for: the search text (trimmed), the category and the order. */
export type ListFilter = { q: string; category: ForumCategoryFilter; sort: ForumSort };

/** The server's order of a list (contracts: forumSortKey, then id), so a post put in by the client lands where a fetch would put it. */
const inOrder = (sort: ForumSort) => (a: ForumPost, b: ForumPost) =>
  compareByKey({ key: forumSortKey(a, sort), id: a.id }, { key: forumSortKey(b, sort), id: b.id });

/**
 * Whether a new post belongs at the top of a list by its filter alone. A searched list cannot tell whether it
 * matches, so new posts never enter it; a category list takes posts of its category only; the most-liked order
 * puts a post without likes far down, where the reader will page to it, not at the top.
 */
export function listAccepts(filter: ListFilter, post: ForumPost): boolean {
  return filter.q === '' && filter.sort !== 'liked' && (filter.category === 'all' || filter.category === post.category);
}

/** Puts the post where it belongs in the list's order (newest first by default); an old copy of it is replaced. */
export function insertPost(list: readonly ForumPost[], post: ForumPost, sort: ForumSort = 'newest'): ForumPost[] {
  return [...list.filter((item) => item.id !== post.id), post].sort(inOrder(sort));
}

function patchPost(list: readonly ForumPost[], postId: string, patch: (post: ForumPost) => ForumPost): ForumPost[] {
  let changed = false;
  const next = list.map((post) => {
    if (post.id !== postId) return post;
    changed = true;
    return patch(post);
  });
  return changed ? next : (list as ForumPost[]);
}

/**
 * A change applied to a list that is on screen or cached. Posts already listed are updated in place (an edit that
 * moves a post out of the list's category removes it); new posts are NOT inserted here — whether they appear at
 * once or behind the "N nya inlägg" banner is the caller's choice (see new-posts.ts). Returns the same array when
 * nothing changed, so React Query keeps its reference.
 */
export function applyChangeToList(list: readonly ForumPost[], change: ForumChange, filter: ListFilter): ForumPost[] {
  switch (change.kind) {
    case 'post-created':
    case 'post-updated': {
      const listed = list.some((post) => post.id === change.post.id);
      if (!listed) return list as ForumPost[];
      if (filter.category !== 'all' && change.post.category !== filter.category) return list.filter((post) => post.id !== change.post.id);
      return patchPost(list, change.post.id, () => change.post);
    }
    case 'post-deleted':
      return list.some((post) => post.id === change.postId) ? list.filter((post) => post.id !== change.postId) : (list as ForumPost[]);
    case 'reply-created':
      return patchPost(list, change.reply.postId, (post) => ({ ...post, repliesCount: change.repliesCount, lastReplyAt: change.lastReplyAt }));
    case 'reply-deleted':
      return patchPost(list, change.postId, (post) => ({ ...post, repliesCount: change.repliesCount }));
    case 'post-likes':
      return patchPost(list, change.postId, (post) => ({ ...post, likes: change.likes }));
    case 'reply-likes':
    case 'moderated':
      return list as ForumPost[];
    default: {
      const never: never = change;
      return never;
    }
  }
}

/**
 * A change applied to the open post. `null` means the post is gone (deleted), `undefined` that nothing is cached
 * yet (the page is still loading: the fetch will bring the current state).
 */
export function applyChangeToPost(post: ForumPost | null | undefined, change: ForumChange): ForumPost | null | undefined {
  if (!post) return post;
  switch (change.kind) {
    case 'post-created':
    case 'post-updated':
      return change.post.id === post.id ? change.post : post;
    case 'post-deleted':
      return change.postId === post.id ? null : post;
    case 'reply-created':
      return change.reply.postId === post.id ? { ...post, repliesCount: change.repliesCount, lastReplyAt: change.lastReplyAt } : post;
    case 'reply-deleted':
      return change.postId === post.id ? { ...post, repliesCount: change.repliesCount } : post;
    case 'post-likes':
      return change.postId === post.id ? { ...post, likes: change.likes } : post;
    case 'reply-likes':
    case 'moderated':
      return post;
    default: {
      const never: never = change;
      return never;
    }
  }
}

/** Replies in the order the server keeps them (oldest first): a new one is appended once, whoever adds it first. */
export function applyChangeToReplies(replies: readonly ForumReply[] | undefined, change: ForumChange, postId: string): ForumReply[] | undefined {
  if (!replies) return replies;
  switch (change.kind) {
    case 'reply-created':
      if (change.reply.postId !== postId || replies.some((reply) => reply.id === change.reply.id)) return replies as ForumReply[];
      return [...replies, change.reply];
    case 'reply-deleted':
      return replies.some((reply) => reply.id === change.replyId) ? replies.filter((reply) => reply.id !== change.replyId) : (replies as ForumReply[]);
    case 'reply-likes':
      return replies.some((reply) => reply.id === change.replyId)
        ? replies.map((reply) => (reply.id === change.replyId ? { ...reply, likes: change.likes } : reply))
        : (replies as ForumReply[]);
    case 'post-deleted':
      return change.postId === postId ? [] : (replies as ForumReply[]);
    case 'post-created':
    case 'post-updated':
    case 'post-likes':
    case 'moderated':
      return replies as ForumReply[];
    default: {
      const never: never = change;
      return never;
    }
  }
}

/** The ids a change touched, for the short highlight on screen. */
export function changedIds(change: ForumChange): string[] {
  switch (change.kind) {
    case 'post-created':
    case 'post-updated':
      return [change.post.id];
    case 'post-deleted':
    case 'moderated':
      return [];
    case 'reply-created':
      return [change.reply.id, change.reply.postId];
    case 'reply-deleted':
    case 'post-likes':
      return [change.postId];
    case 'reply-likes':
      return [change.replyId];
    default: {
      const never: never = change;
      return never;
    }
  }
}
