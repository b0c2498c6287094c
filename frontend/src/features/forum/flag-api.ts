import { useMutation } from '@tanstack/react-query';
import { moderationApi, type FlagInput, type ModerationTargetType } from '@mello/contracts';
import { callRoute } from '../../api/call';

/** Flags a post or reply (POST …/flag): a second flag by the same member counts once on the server. */
export function useFlag(targetType: ModerationTargetType, targetId: string) {
  return useMutation({
    mutationFn: (body: FlagInput) => callRoute(targetType === 'post' ? moderationApi.flagPost : moderationApi.flagReply, { params: { id: targetId }, body }),
  });
}
