import type { QueryClient } from '@tanstack/react-query';
import type { AuthUser, ForumChange, ForumPost, ForumReply } from '@mello/contracts';
import { currentUserKey } from '../auth/current-user';
import { FORUM_LIST_ROOT, PENDING_ROOT, filterOfKey, forumPostKey, forumRepliesKey, forumListKey, pendingKey } from '../features/forum/keys';
import { applyChangeToList, applyChangeToPost, applyChangeToReplies, changedIds } from './forum-cache';
import { markChanged } from './highlights';
import { applyChangeToPending, receiveNewPost, resyncList } from './new-posts';
import type { ListResync, PostResync } from './socket';

const myUserId = (client: QueryClient) => client.getQueryData<AuthUser | null>(currentUserKey)?.id ?? null;

function postIdOf(change: ForumChange): string | null {
  switch (change.kind) {
    case 'post-created':
    case 'post-updated':
      return change.post.id;
    case 'reply-created':
      return change.reply.postId;
    default:
      return change.postId;
  }
}

/**
 * Folds one change into every forum cache with setQueryData (no refetch): each cached list and its pending
 * posts, the post, and its replies. Live messages and the answers of the reader's own calls both come through
 * here, so they cannot disagree; `highlight` is on for live messages only.
 */
export function applyForumChange(client: QueryClient, change: ForumChange, options: { highlight: boolean }): void {
  if (change.kind === 'moderated') {
    // Hidden or shown again: the message carries no text, so what this reader may see is fetched again (the server
    // decides by who asks), the lists and the post with its replies.
    void client.invalidateQueries({ queryKey: [FORUM_LIST_ROOT] });
    void client.invalidateQueries({ queryKey: forumPostKey(change.postId) });
    return;
  }
  const me = myUserId(client);
  for (const query of client.getQueryCache().findAll({ queryKey: [FORUM_LIST_ROOT] })) {
    const filter = filterOfKey(query.queryKey);
    const list = query.state.data as ForumPost[] | undefined;
    if (!filter || !Array.isArray(list)) continue;
    if (change.kind === 'post-created') {
      if (filter.q !== '') {
        // A search cannot tell whether the new post matches: it is fetched again the next time it is shown.
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
        continue;
      }
      const pending = client.getQueryData<ForumPost[]>(pendingKey(filter)) ?? [];
      const next = receiveNewPost({ list, pending }, change.post, filter, me);
      if (next.list !== list) client.setQueryData(query.queryKey, next.list);
      if (next.pending !== pending) client.setQueryData(pendingKey(filter), next.pending);
      continue;
    }
    const next = applyChangeToList(list, change, filter);
    if (next !== list) client.setQueryData(query.queryKey, next);
  }
  for (const query of client.getQueryCache().findAll({ queryKey: [PENDING_ROOT] })) {
    const filter = filterOfKey(query.queryKey);
    const pending = query.state.data as ForumPost[] | undefined;
    if (!filter || !Array.isArray(pending) || pending.length === 0) continue;
    client.setQueryData(query.queryKey, applyChangeToPending(pending, change, filter));
  }

  const postId = postIdOf(change);
  if (postId) {
    client.setQueryData<ForumPost | null>(forumPostKey(postId), (post) => applyChangeToPost(post, change));
    client.setQueryData<ForumReply[]>(forumRepliesKey(postId), (replies) => applyChangeToReplies(replies, change, postId));
  }
  if (options.highlight) markChanged(changedIds(change));
}

/** After a reconnect: the open post and its replies become what the server has now. */
export function applyPostResync(client: QueryClient, postId: string, answer: PostResync): void {
  if (answer.post && answer.post.id !== postId) return;
  const previous = client.getQueryData<ForumPost | null>(forumPostKey(postId));
  // The server's view count includes views not yet written to the read model; never show fewer than we had.
  const post = answer.post && previous ? { ...answer.post, views: Math.max(answer.post.views, previous.views) } : answer.post;
  client.setQueryData(forumPostKey(postId), post);
  client.setQueryData(forumRepliesKey(postId), answer.replies);
}

/**
 * After a reconnect: the unfiltered list becomes the server's newest posts (unseen ones by others behind the
 * banner); filtered and searched lists are fetched again if shown, and otherwise when next shown.
 */
export function applyListResync(client: QueryClient, answer: ListResync): void {
  const newest = { q: '', category: 'all' as const };
  const list = client.getQueryData<ForumPost[]>(forumListKey(newest));
  if (list) {
    const pending = client.getQueryData<ForumPost[]>(pendingKey(newest)) ?? [];
    const next = resyncList({ list, pending }, answer.posts, myUserId(client));
    client.setQueryData(forumListKey(newest), next.list);
    client.setQueryData(pendingKey(newest), next.pending);
  }
  void client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === FORUM_LIST_ROOT && !(query.queryKey[1] === '' && query.queryKey[2] === 'all'),
  });
  client.setQueriesData<ForumPost[]>(
    { predicate: (query) => query.queryKey[0] === PENDING_ROOT && !(query.queryKey[1] === '' && query.queryKey[2] === 'all') },
    () => [],
  );
}
