import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STALE_EDIT_MESSAGES, forumApi, type BodyOf, type ForumPost, type ForumPostPage, type ForumReply } from '@mello/contracts';
import { archiveKeys, entryLinksQuery } from '../../api/archive';
import { callOrNull, callRoute, callWithETag } from '../../api/call';
import { ApiError, NetworkError, errorMessage, isStaleEdit } from '../../api/http';
import { showToast } from '../../components/toaster';
import { useIdempotentMutationFn } from '../../api/idempotency';
import { applyForumChange } from '../../live/apply-change';
import type { ListFilter } from '../../live/forum-cache';
import { forumListKey, forumPostEditKey, forumPostKey, forumPostRevisionKey, forumRepliesKey, myLikesKey, pendingKey } from './keys';

/**
 * The forum calls of spec section 7: a hook per call, each through its contract (contracts/src/forum/forum-api.ts:
 * path, body and answer checked by the same schemas as the server's). Mutations fold the server's answer into
 * the caches through the same reducers as live messages (live/apply-change.ts) instead of refetching, so a
 * reader's own action and the live echo of it agree.
 */

/** Answers of the API's own actions carry no log position; only live messages do. */
const OWN = '';
const byId = (id: string) => ({ params: { id } });

const NO_PAGE: ForumPostPage = { items: [], nextCursor: null };

/** One page of the list (GET /api/forum/posts): the posts after `cursor` in the filter's order. */
export function fetchForumPage({ q, category, sort }: ListFilter, cursor: string | null): Promise<ForumPostPage> {
  return callRoute(forumApi.list, {
    query: { q: q.trim(), category: category === 'all' ? undefined : category, sort, cursor: cursor ?? undefined },
  }).catch((error: unknown) => {
    // Spec section 8: a failed list load is an empty list with no message; an unreachable server is said so.
    if (error instanceof NetworkError) throw error;
    return NO_PAGE;
  });
}

/**
 * The forum list, page by page (infinite scroll and 'Visa fler' load the next): the first page is in the server's
 * HTML, the next ones follow each page's cursor. The previous answer stays on screen while typing a search.
 */
export const useForumList = (filter: ListFilter) =>
  useInfiniteQuery({
    queryKey: forumListKey(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchForumPage(filter, pageParam),
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });

const NO_POSTS: ForumPost[] = [];
/** The posts waiting behind the list's "N nya inlägg" banner; only ever set from the cache, never fetched. */
export const usePendingPosts = (filter: ListFilter) =>
  useQuery({ queryKey: pendingKey(filter), queryFn: () => NO_POSTS, initialData: NO_POSTS, staleTime: Infinity }).data;

/** A post as read with its revision (ETag: contracts/src/http/concurrency.ts), sent back in If-Match by an edit or a delete. */
export type OpenedPost = { data: ForumPost; etag: string | null };

/** GET of one post with its ETag; null when there is no such post. Opening it counts a view. */
async function fetchPost(postId: string): Promise<OpenedPost | null> {
  try {
    return await callWithETag(forumApi.post, byId(postId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    if (error instanceof NetworkError) throw error;
    throw new Error('Failed to fetch post', { cause: error });
  }
}

type Client = ReturnType<typeof useQueryClient>;
const rememberRevision = (client: Client, postId: string, etag: string | null) => client.setQueryData(forumPostRevisionKey(postId), etag);

/**
 * One post; null when there is no such post (the page shows 'Inlägg hittades inte'). Opening it counts a view.
 * Its revision is kept beside it (forumPostRevisionKey) for the delete's If-Match.
 */
export function useForumPost(postId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: forumPostKey(postId),
    queryFn: async () => {
      const opened = await fetchPost(postId);
      rememberRevision(client, postId, opened?.etag ?? null);
      return opened?.data ?? null;
    },
  });
}

/**
 * The edit form's copy of the post: read once when the form opens, with its revision, and never refetched or
 * changed by live messages under the form. So a save sends the revision the member opened, and someone else's
 * save in between is a 412 (shown as a conflict) instead of being silently overwritten.
 */
export const useOpenedPost = (postId: string) =>
  useQuery({ queryKey: forumPostEditKey(postId), queryFn: () => fetchPost(postId), staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, retry: false });

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
export const useEntryRef = (entryId: string | null) => useQuery({ ...entryLinksQuery(entryId ?? ''), select: (links) => links?.entry ?? null });

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

const ifMatch = (etag: string | null | undefined): Record<string, string> => (etag ? { 'If-Match': etag } : {});

/** An own save: folded into the caches like a live message, and its new revision remembered for a later delete. */
function savedPost(client: Client, saved: OpenedPost) {
  applyForumChange(client, { kind: 'post-updated', post: saved.data, position: OWN }, { highlight: false });
  rememberRevision(client, saved.data.id, saved.etag);
  refreshEntryLinks(client, saved.data);
}

/** Mark solved or active again (`{ status }`): no If-Match (a status is not an edit of what someone else wrote). */
export function useUpdatePost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof forumApi.editPost>) => callWithETag(forumApi.editPost, { ...byId(postId), body }),
    onSuccess: (saved) => savedPost(client, saved),
  });
}

/** A save refused because someone else saved since the form opened: their version, and the server's message. */
export type PostConflict = { message: string; newer: OpenedPost };

/**
 * The edit form's save: PUT with If-Match of the revision the form opened. A 412 fetches the newer version and
 * hands it to `onConflict` (the form shows it beside the unsaved values); a post deleted meanwhile is the error
 * it was before.
 */
export function useEditPost(postId: string, handlers: { onConflict: (conflict: PostConflict) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, etag }: { body: BodyOf<typeof forumApi.editPost>; etag: string | null }) => {
      try {
        return await callWithETag(forumApi.editPost, { ...byId(postId), body, headers: ifMatch(etag) });
      } catch (error) {
        if (!isStaleEdit(error)) throw error;
        const newer = await fetchPost(postId);
        if (newer === null) throw error;
        handlers.onConflict({ message: error.serverError ?? STALE_EDIT_MESSAGES.forumPost, newer });
        return null;
      }
    },
    onSuccess: (saved) => {
      if (saved) savedPost(client, saved);
    },
  });
}

/**
 * Delete with If-Match of the revision this page last read or saved: a post changed since (by someone else) is
 * not deleted; the answer is 'stale' and the post is read again, so the member sees what they would delete.
 * A live edit shows the newer text but cannot say its revision, so after one the first delete is refused too:
 * asking again is the cost of never deleting a version the member was not shown by the server.
 */
export function useDeletePost(postId: string) {
  const client = useQueryClient();
  // Observed for as long as the page can delete, so the remembered revision is not collected.
  useQuery({ queryKey: forumPostRevisionKey(postId), queryFn: () => null, enabled: false, staleTime: Infinity });
  return useMutation({
    mutationFn: async (): Promise<'deleted' | 'stale'> => {
      try {
        await callRoute(forumApi.deletePost, { ...byId(postId), headers: ifMatch(client.getQueryData<string | null>(forumPostRevisionKey(postId))) });
        return 'deleted';
      } catch (error) {
        if (!isStaleEdit(error)) throw error;
        await client.invalidateQueries({ queryKey: forumPostKey(postId), exact: true });
        return 'stale';
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'deleted') applyForumChange(client, { kind: 'post-deleted', postId, position: OWN }, { highlight: false });
    },
  });
}

const cachedPost = (client: Client, postId: string) => client.getQueryData<ForumPost | null>(forumPostKey(postId));
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

/**
 * Deletes a reply, and says so in a toast. The toast is the hook's, not the reply's `mutate(…, { onSuccess })`: the
 * live message of the deletion can take the reply off the page before the answer comes, and React Query drops the
 * callbacks of a component that is gone (the moderation queue lost its toast that way: moderation-api.ts).
 */
export function useDeleteReply(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => callRoute(forumApi.deleteReply, byId(replyId)),
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Kunde inte radera svaret'), type: 'error' }),
    onSuccess: (_answer, replyId) => {
      showToast({ title: 'Svar raderat!', type: 'success' });
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
