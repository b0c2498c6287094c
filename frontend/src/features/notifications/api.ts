import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi, type NotificationList, type PostWatch, type UnreadCount, type WatchLevel } from '@mello/contracts';
import { callRoute, routeKey, routeQuery } from '../../api/call';

/**
 * Notifications, watching and the name autocomplete, each through its contract
 * (contracts/src/notifications/notifications-api.ts). The unread count is also set by the live message
 * `notifications:unread` (use-notifications-live.ts), which reaches only the member's own sockets.
 */
export const notificationKeys = {
  unread: routeKey(notificationsApi.unread),
  list: routeKey(notificationsApi.list),
  watch: (postId: string) => routeKey(notificationsApi.watch, { params: { id: postId } }),
};

export const useUnreadCount = (enabled: boolean) => useQuery({ ...routeQuery(notificationsApi.unread), enabled });

export const useNotifications = () => useQuery(routeQuery(notificationsApi.list));

/** After reading: the server's count, and the list again (it shows what is read). */
function useCountAfter() {
  const client = useQueryClient();
  return (answer: UnreadCount) => {
    client.setQueryData(notificationKeys.unread, answer);
    client.setQueryData<NotificationList>(notificationKeys.list, (list) => (list ? { ...list, unread: answer.unread } : list));
    void client.invalidateQueries({ queryKey: notificationKeys.list });
  };
}

export function useMarkRead() {
  const onSuccess = useCountAfter();
  return useMutation({ mutationFn: (id: string) => callRoute(notificationsApi.markRead, { params: { id } }), onSuccess });
}

export function useMarkAllRead() {
  const onSuccess = useCountAfter();
  return useMutation({ mutationFn: () => callRoute(notificationsApi.markAllRead), onSuccess });
}

export const usePostWatch = (postId: string, enabled: boolean) => useQuery({ ...routeQuery(notificationsApi.watch, { params: { id: postId } }), enabled });

export function useSetWatch(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (watch: WatchLevel) => callRoute(notificationsApi.setWatch, { params: { id: postId }, body: { watch } }),
    onSuccess: (answer: PostWatch) => client.setQueryData(notificationKeys.watch(postId), answer),
  });
}

/** Names for the autocomplete; nothing is asked for an empty prefix. */
export const useMemberNames = (prefix: string) =>
  useQuery({ ...routeQuery(notificationsApi.memberNames, { query: { prefix } }), enabled: prefix.trim().length > 0, staleTime: 60_000 });
