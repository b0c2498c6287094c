import { LuBookmark, LuBookmarkCheck } from 'react-icons/lu';
import type { BookmarkTarget } from '@mello/contracts';
import { errorMessage } from '../../../api/http';
import { FocusKeepingButton } from '../../../components/FocusKeepingButton';
import { showToast } from '../../../components/toaster';
import { useToggleBookmark } from '../bookmarks-api';

type Props = { postId: string; userId: string; targetType: BookmarkTarget; targetId: string; saved: boolean; size?: 'xs' | 'sm' };

/** Save a post or reply for later ("Sparade" in the forum), or remove it again; pressed while saved. Members only. */
export function BookmarkButton({ postId, userId, targetType, targetId, saved, size = 'sm' }: Props) {
  const toggle = useToggleBookmark(postId, userId);
  const what = targetType === 'post' ? 'inlägget' : 'svaret';
  return (
    <FocusKeepingButton
      size={size}
      variant={saved ? 'subtle' : 'ghost'}
      colorPalette={saved ? 'gold' : 'gray'}
      aria-pressed={saved}
      aria-label={saved ? `Ta bort ${what} från sparade` : `Spara ${what}`}
      loading={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { targetType, targetId, save: !saved },
          {
            onSuccess: (state) => showToast({ title: state.saved ? 'Sparat!' : 'Borttaget från sparade', type: 'success' }),
            onError: (error) => showToast({ title: 'Fel', description: errorMessage(error, 'Kunde inte spara'), type: 'error' }),
          },
        )
      }
    >
      {saved ? <LuBookmarkCheck aria-hidden /> : <LuBookmark aria-hidden />}
      {saved ? 'Sparad' : 'Spara'}
    </FocusKeepingButton>
  );
}
