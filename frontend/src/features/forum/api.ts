import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forumApi, searchApi, type BodyOf, type ForumPost, type ForumReply } from '@mello/contracts';
import { archiveKeys, entryLinksQuery } from '../../api/archive';
import { callOrNull, callRoute } from '../../api/call';
import { NetworkError } from '../../api/http';
import { useIdempotentMutationFn } from '../../api/idempotency';
import { applyForumChange } from '../../live/apply-change';
import type { ListFilter } from '../../live/forum-cache';
import { forumListKey, forumPostKey, forumRepliesKey, myLikesKey, pendingKey } from './keys';

/**
 * The forum calls of spec section 7: a hook per call, each through its contract (contracts/src/forum/forum-api.ts:
 * path, body and answer checked by the same schemas as the server's). Mutations fold the server's answer into
 * the caches through the same reducers as live messages (live/apply-change.ts) instead of refetching, so a
 * reader's own action and the live echo of it agree.
 */

/** Answers of the API's own actions carry no log position; only live messages do. */
const OWN = '';
const byId = (id: string) => ({ params: { id } });

/** The list is the search's call (GET /api/search/forum: searchApi.forum), newest first without a query. */
export function fetchForumList({ q, category }: ListFilter): Promise<ForumPost[]> {
  return callRoute(searchApi.forum, { query: { q: q.trim(), category: category === 'all' ? undefined : category } }).catch((error: unknown) => {
    // Spec section 8: a failed list load is an empty list with no message; an unreachable server is said so.
    if (error instanceof NetworkError) throw error;
    return [];
  });
}

/** Newest first (best match first when searching); the previous answer stays on screen while typing. */
export const useForumList = (filter: ListFilter) =>
  useQuery({ queryKey: forumListKey(filter), queryFn: () => fetchForumList(filter), placeholderData: keepPreviousData });

const NO_POSTS: ForumPost[] = [];
/** The posts waiting behind the list's "N nya inlägg" banner; only ever set from the cache, never fetched. */
export const usePendingPosts = (filter: ListFilter) =>
  useQuery({ queryKey: pendingKey(filter), queryFn: () => NO_POSTS, initialData: NO_POSTS, staleTime: Infinity }).data;

/** One post; null when there is no such post (the page shows 'Inlägg hittades inte'). Opening it counts a view. */
export const useForumPost = (postId: string) =>
  useQuery({
    queryKey: forumPostKey(postId),
    queryFn: async () => {
      try {
        return await callOrNull(forumApi.post, byId(postId));
      } catch (error) {
        if (error instanceof NetworkError) throw error;
        throw new Error('Failed to fetch post', { cause: error });
      }
    },
  });

export const useForumReplies = (postId: string, enabled: boolean) =>
  useQuery({
    queryKey: forumRepliesKey(postId),
    enabled,
    queryFn: async () => {
      try {
        // A post deleted meanwhile has no replies to show.
        return (await callOrNull(forumApi.replies, byId(postId))) ?? [];
      } catch (error) {
        if (error instanceof NetworkError) throw error;
        throw new Error('Failed to fetch replies', { cause: error });
      }
    },
  });

/** Which of this post and its replies the signed-in reader has liked (liked buttons show it, and stay pressed). */
export const useMyLikes = (postId: string, userId: string | null) =>
  useQuery({
    queryKey: myLikesKey(postId, userId ?? ''),
    enabled: userId !== null,
    queryFn: () =>
      callRoute(forumApi.myLikes, byId(postId))
        .then((answer) => new Set(answer.likedIds))
        .catch(() => new Set<string>()),
  }).data ?? new Set<string>();

/** The archive entry a post is about (or a new hunt will be about); null when there is none (deleted since, a mistyped address). */
export const useEntryRef = (entryId: string | null) =>
  useQuery({ ...entryLinksQuery(entryId ?? ''), select: (links) => links?.entry ?? null });

/** A post about an entry changes the entry's open hunts: its links are fetched again when next shown. */
const refreshEntryLinks = (client: ReturnType<typeof useQueryClient>, post: ForumPost) => {
  if (post.entryId) void client.invalidateQueries({ queryKey: archiveKeys.entryLinks(post.entryId) });
};

/** Creates send an Idempotency-Key per submission, so a resent post or reply is made once (api/idempotency.ts). */
export function useCreatePost() {
  const client = useQueryClient();
  const mutationFn = useIdempotentMutationFn((body: BodyOf<typeof forumApi.createPost>, headers) => callRoute(forumApi.createPost, { body, headers }));
  return useMutation({
    mutationFn,
    // The post's own cache is left empty: opening it fetches it, which counts the view.
    onSuccess: (post) => {
      applyForumChange(client, { kind: 'post-created', post, position: OWN }, { highlight: false });
      refreshEntryLinks(client, post);
    },
  });
}

/** Edit (the form's fields) or mark solved (`{ status }`): the answer is the post as it is now. */
export function useUpdatePost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof forumApi.editPost>) => callRoute(forumApi.editPost, { ...byId(postId), body }),
    onSuccess: (post) => {
      applyForumChange(client, { kind: 'post-updated', post, position: OWN }, { highlight: false });
      refreshEntryLinks(client, post);
    },
  });
}

export function useDeletePost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(forumApi.deletePost, byId(postId)),
    onSuccess: () => applyForumChange(client, { kind: 'post-deleted', postId, position: OWN }, { highlight: false }),
  });
}

const cachedPost = (client: ReturnType<typeof useQueryClient>, postId: string) => client.getQueryData<ForumPost | null>(forumPostKey(postId));
const cachedReplies = (client: ReturnType<typeof useQueryClient>, postId: string) => client.getQueryData<ForumReply[]>(forumRepliesKey(postId)) ?? [];

export function usePostReply(postId: string) {
  const client = useQueryClient();
  const mutationFn = useIdempotentMutationFn((content: string, headers) => callRoute(forumApi.createReply, { ...byId(postId), body: { content }, headers }));
  return useMutation({
    mutationFn,
    onSuccess: (reply) => {
      // The live message may have brought the reply (and the new count) already.
      if (cachedReplies(client, postId).some((item) => item.id === reply.id)) return;
      const repliesCount = (cachedPost(client, postId)?.repliesCount ?? 0) + 1;
      applyForumChange(client, { kind: 'reply-created', reply, repliesCount, lastReplyAt: reply.createdAt, position: OWN }, { highlight: false });
    },
  });
}

export function useDeleteReply(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => callRoute(forumApi.deleteReply, byId(replyId)),
    onSuccess: (_answer, replyId) => {
      if (!cachedReplies(client, postId).some((item) => item.id === replyId)) return;
      const repliesCount = Math.max(0, (cachedPost(client, postId)?.repliesCount ?? 1) - 1);
      applyForumChange(client, { kind: 'reply-deleted', replyId, postId, repliesCount, position: OWN }, { highlight: false });
    },
  });
}

function rememberLike(client: ReturnType<typeof useQueryClient>, postId: string, userId: string, likedId: string) {
  client.setQueryData<Set<string>>(myLikesKey(postId, userId), (liked) => new Set([...(liked ?? []), likedId]));
}

export function useLikePost(postId: string, userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(forumApi.likePost, byId(postId)),
    onSuccess: (answer) => {
      applyForumChange(client, { kind: 'post-likes', postId, likes: answer.likes, position: OWN }, { highlight: false });
      if (userId) rememberLike(client, postId, userId, postId);
    },
  });
}

export function useLikeReply(postId: string, userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => callRoute(forumApi.likeReply, byId(replyId)),
    onSuccess: (answer) => {
      applyForumChange(client, { kind: 'reply-likes', replyId: answer.replyId, postId, likes: answer.likes, position: OWN }, { highlight: false });
      if (userId) rememberLike(client, postId, userId, answer.replyId);
    },
  });
}
