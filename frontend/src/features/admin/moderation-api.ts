import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { moderationApi, type ModerationAction, type ModerationTargetType } from '@mello/contracts';
import { callRoute, routeKey, routeQuery } from '../../api/call';
import { watchModerationCount } from '../../live/socket';

/** The moderation queue's key (from its contract: the URL). */
export const moderationQueueKey = routeKey(moderationApi.queue);

/** GET /api/admin/moderation: flagged and hidden items with their flags, and the count awaiting review. */
export function useModerationQueue(enabled = true) {
  return useQuery({ ...routeQuery(moderationApi.queue), enabled });
}

/**
 * The live count for the tab: the server sends it to the administrator's sockets after every change of the queue;
 * each new count also refreshes the queue itself, so an open tab shows new flags without a reload.
 */
export function useLiveModerationCount(): number | null {
  const client = useQueryClient();
  const queue = useModerationQueue();
  useEffect(
    () =>
      watchModerationCount((open) => {
        const cached = client.getQueryData<{ open: number }>(moderationQueueKey);
        if (cached?.open !== open) void client.invalidateQueries({ queryKey: moderationQueueKey });
      }),
    [client],
  );
  return queue.data?.open ?? null;
}

/** Hide, restore or dismiss: the queue and every forum view are fetched again (what readers may see changed). */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId, action }: { targetType: ModerationTargetType; targetId: string; action: ModerationAction }) =>
      callRoute(targetType === 'post' ? moderationApi.moderatePost : moderationApi.moderateReply, { params: { id: targetId }, body: { action } }),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationQueueKey }),
  });
}
