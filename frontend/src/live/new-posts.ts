import type { ForumChange, ForumPost } from '@mello/contracts';
import { insertPost, listAccepts, type ListFilter } from './forum-cache';

/**
 * The "N nya inlägg" banner (issue 6, beyond the spec): posts others create while a reader looks at the list wait
 * behind a banner instead of pushing the cards the reader is looking at down. The reader's own posts go straight
 * in — they expect to see what they just wrote.
 */
export type ListWithPending = { list: ForumPost[]; pending: ForumPost[] };

export function receiveNewPost(state: ListWithPending, post: ForumPost, filter: ListFilter, myUserId: string | null): ListWithPending {
  if (!listAccepts(filter, post)) return state;
  if (state.list.some((item) => item.id === post.id)) {
    return { ...state, list: state.list.map((item) => (item.id === post.id ? post : item)) };
  }
  if (myUserId !== null && post.authorId === myUserId) {
    return { list: insertPost(state.list, post, filter.sort), pending: state.pending.filter((item) => item.id !== post.id) };
  }
  return { ...state, pending: insertPost(state.pending, post, filter.sort) };
}

/** The banner was clicked: the waiting posts take their places among the listed ones. */
export function showPending(state: ListWithPending, sort: ListFilter['sort'] = 'newest'): ListWithPending {
  return { list: state.pending.reduce((list, post) => insertPost(list, post, sort), state.list), pending: [] };
}

/** Waiting posts follow later changes too: a deleted one leaves the count, an edited one is replaced. */
export function applyChangeToPending(pending: readonly ForumPost[], change: ForumChange, filter: ListFilter): ForumPost[] {
  switch (change.kind) {
    case 'post-deleted':
      return pending.filter((post) => post.id !== change.postId);
    case 'post-updated':
      if (!pending.some((post) => post.id === change.post.id)) return pending as ForumPost[];
      return listAccepts(filter, change.post)
        ? pending.map((post) => (post.id === change.post.id ? change.post : post))
        : pending.filter((post) => post.id !== change.post.id);
    case 'reply-created':
      return pending.map((post) => (post.id === change.reply.postId ? { ...post, repliesCount: change.repliesCount, lastReplyAt: change.lastReplyAt } : post));
    case 'reply-deleted':
      return pending.map((post) => (post.id === change.postId ? { ...post, repliesCount: change.repliesCount } : post));
    case 'post-likes':
      return pending.map((post) => (post.id === change.postId ? { ...post, likes: change.likes } : post));
    case 'post-created':
    case 'reply-likes':
    case 'moderated':
      return pending as ForumPost[];
    default: {
      const never: never = change;
      return never;
    }
  }
}

/** '1 nytt inlägg', '3 nya inlägg'. */
export function newPostsLabel(count: number): string {
  return count === 1 ? '1 nytt inlägg' : `${count} nya inlägg`;
}
