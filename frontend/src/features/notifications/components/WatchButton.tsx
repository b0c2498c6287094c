import { HStack } from '@chakra-ui/react';
import { LuBell, LuBellOff } from 'react-icons/lu';
import { errorMessage } from '../../../api/http';
import { FocusKeepingButton } from '../../../components/FocusKeepingButton';
import { showToast } from '../../../components/toaster';
import { usePostWatch, useSetWatch } from '../api';

/** Watch (every reply notifies) or mute (nothing about the post notifies) a post; for signed-in members. */
export function WatchButton({ postId }: { postId: string }) {
  const watch = usePostWatch(postId, true).data?.watch ?? 'none';
  const set = useSetWatch(postId);
  const next = watch === 'watching' ? 'muted' : 'watching';
  const choose = () =>
    set.mutate(next, {
      onSuccess: (answer) => showToast({ title: answer.watch === 'watching' ? 'Du bevakar inlägget' : 'Inlägget är tystat', type: 'success' }),
      onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Kunde inte ändra bevakningen'), type: 'error' }),
    });
  return (
    <HStack>
      <FocusKeepingButton size="sm" variant="outline" onClick={choose} loading={set.isPending} aria-pressed={watch === 'watching'}>
        {watch === 'watching' ? <LuBellOff aria-hidden /> : <LuBell aria-hidden />}
        {watch === 'watching' ? 'Tysta' : 'Bevaka'}
      </FocusKeepingButton>
    </HStack>
  );
}
