import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookmarksApi, revisionsApi, type BookmarkTarget } from '@mello/contracts';
import { callOrNull, callRoute, routeKey, routeQuery } from '../../api/call';

/**
 * Bookmarks and a post's revisions (issue 19), each call through its contract (contracts/src/forum/bookmarks-api.ts,
 * revisions.ts). The member's saved ids of a post are keyed per member, like their likes.
 */
export const bookmarksListKey = routeKey(bookmarksApi.list);
export const myBookmarksKey = (postId: string, userId: string) => [...routeKey(bookmarksApi.myBookmarks, { params: { id: postId } }), userId] as const;

/** The signed-in member's saved items, newest first (only fetched for a member). */
export const useBookmarks = (enabled: boolean) => useQuery({ ...routeQuery(bookmarksApi.list), enabled });

/** Which of this post and its replies the signed-in member has saved. */
export const useMyBookmarks = (postId: string, userId: string | null) =>
  useQuery({
    queryKey: myBookmarksKey(postId, userId ?? ''),
    enabled: userId !== null,
    queryFn: () =>
      callRoute(bookmarksApi.myBookmarks, { params: { id: postId } })
        .then((answer) => new Set(answer.savedIds))
        .catch(() => new Set<string>()),
  }).data ?? new Set<string>();

const SAVE = { post: bookmarksApi.savePost, reply: bookmarksApi.saveReply } as const;
const UNSAVE = { post: bookmarksApi.unsavePost, reply: bookmarksApi.unsaveReply } as const;

/** Saves or unsaves an item; the answer (its state now) goes into the post's saved ids, and the list is refetched when next shown. */
export function useToggleBookmark(postId: string, userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId, save }: { targetType: BookmarkTarget; targetId: string; save: boolean }) =>
      callRoute((save ? SAVE : UNSAVE)[targetType], { params: { id: targetId } }),
    onSuccess: (state) => {
      client.setQueryData(myBookmarksKey(postId, userId ?? ''), (saved: Set<string> | undefined) => {
        const next = new Set(saved);
        if (state.saved) next.add(state.targetId);
        else next.delete(state.targetId);
        return next;
      });
      void client.invalidateQueries({ queryKey: bookmarksListKey });
    },
  });
}

/** A post's versions (fetched when the reader opens its history); null when the post is gone. */
export const usePostRevisions = (postId: string, enabled: boolean) =>
  useQuery({
    queryKey: routeKey(revisionsApi.postRevisions, { params: { id: postId } }),
    enabled,
    queryFn: () => callOrNull(revisionsApi.postRevisions, { params: { id: postId } }),
  });
