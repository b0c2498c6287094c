import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { moderationApi, type ModerationAction, type ModerationTargetType } from '@mello/contracts';
import { callRoute, routeKey, routeQuery } from '../../api/call';
import { errorMessage } from '../../api/http';
import { showToast } from '../../components/toaster';
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

const DONE: Record<ModerationAction, string> = { hide: 'Innehållet är dolt', restore: 'Innehållet visas igen', dismiss: 'Rapporterna är avfärdade' };

/**
 * Hide, restore or dismiss: the queue and every forum view are fetched again (what readers may see changed), and a
 * toast says what was done. The toast is the hook's, not the caller's `mutate(…, { onSuccess })`: the item's card
 * calls it, and a restored or dismissed item leaves the queue, so its card can unmount (the queue fetched again,
 * here or on the live count) before the answer's callbacks run; React Query then drops the caller's, and the
 * administrator saw nothing.
 */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId, action }: { targetType: ModerationTargetType; targetId: string; action: ModerationAction }) =>
      callRoute(targetType === 'post' ? moderationApi.moderatePost : moderationApi.moderateReply, { params: { id: targetId }, body: { action } }),
    onSuccess: (_answer, { action }) => {
      showToast({ title: DONE[action], type: 'success' });
      return client.invalidateQueries({ queryKey: moderationQueueKey });
    },
    onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Åtgärden misslyckades'), type: 'error' }),
  });
}
