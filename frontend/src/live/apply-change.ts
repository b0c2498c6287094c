import type { QueryClient } from '@tanstack/react-query';
import { searchApi, type AuthUser, type ForumChange, type ForumPost, type ForumReply } from '@mello/contracts';
import { currentUserKey } from '../auth/current-user';
import { FORUM_LIST_ROOT, PENDING_ROOT, filterOfKey, forumPostKey, forumRepliesKey, pendingKey } from '../features/forum/keys';
import { applyChangeToList, applyChangeToPost, applyChangeToReplies, changedIds } from './forum-cache';
import { applyChangeToPages, receivePostInPages, resyncPages, type ForumPages } from './forum-pages';
import { markChanged } from './highlights';
import { applyChangeToPending } from './new-posts';
import type { ListResync, PostResync } from './socket';

const myUserId = (client: QueryClient) => client.getQueryData<AuthUser | null>(currentUserKey)?.id ?? null;

const isPages = (data: unknown): data is ForumPages => typeof data === 'object' && data !== null && Array.isArray((data as ForumPages).pages);
/** The search page's forum hits (GET /api/search/forum, a flat list): they follow changes to posts they show. */
const SEARCH_HITS_ROOT = searchApi.forum.path;

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
    void client.invalidateQueries({ queryKey: [...FORUM_LIST_ROOT] });
    void client.invalidateQueries({ queryKey: [SEARCH_HITS_ROOT] });
    void client.invalidateQueries({ queryKey: forumPostKey(change.postId) });
    return;
  }
  const me = myUserId(client);
  for (const query of client.getQueryCache().findAll({ queryKey: [...FORUM_LIST_ROOT] })) {
    const filter = filterOfKey(query.queryKey);
    const data = query.state.data;
    if (!filter || !isPages(data)) continue;
    if (change.kind === 'post-created') {
      if (filter.q !== '') {
        // A search cannot tell whether the new post matches: it is fetched again the next time it is shown.
        void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
        continue;
      }
      const pending = client.getQueryData<ForumPost[]>(pendingKey(filter)) ?? [];
      const next = receivePostInPages({ data, pending }, change.post, filter, me);
      if (next.data !== data) client.setQueryData(query.queryKey, next.data);
      if (next.pending !== pending) client.setQueryData(pendingKey(filter), next.pending);
      continue;
    }
    const next = applyChangeToPages(data, change, filter);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
  for (const query of client.getQueryCache().findAll({ queryKey: [SEARCH_HITS_ROOT] })) {
    const hits = query.state.data;
    if (!Array.isArray(hits)) continue;
    if (change.kind === 'post-created') {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
      continue;
    }
    const next = applyChangeToList(hits as ForumPost[], change, { q: '', category: 'all', sort: 'newest' });
    if (next !== hits) client.setQueryData(query.queryKey, next);
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
 * After a reconnect: every cached list without a search takes the server's newest posts (updated, deleted, and
 * unseen ones by others behind the banner: forum-pages.ts resyncPages); searched lists are fetched again if shown,
 * and otherwise when next shown.
 */
export function applyListResync(client: QueryClient, answer: ListResync): void {
  const me = myUserId(client);
  for (const query of client.getQueryCache().findAll({ queryKey: [...FORUM_LIST_ROOT] })) {
    const filter = filterOfKey(query.queryKey);
    const data = query.state.data;
    if (!filter || !isPages(data)) continue;
    if (filter.q !== '') {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      client.setQueryData(pendingKey(filter), []);
      continue;
    }
    const inCategory = answer.posts.filter((post) => filter.category === 'all' || post.category === filter.category);
    const pending = client.getQueryData<ForumPost[]>(pendingKey(filter)) ?? [];
    const next = resyncPages({ data, pending }, inCategory, filter, me);
    client.setQueryData(query.queryKey, next.data);
    client.setQueryData(pendingKey(filter), next.pending);
  }
}
