import { Text } from '@chakra-ui/react';
import { LuHeart } from 'react-icons/lu';
import { errorMessage, isUnauthorized } from '../../../api/http';
import { useCurrentUser } from '../../../auth/current-user';
import { FocusKeepingButton } from '../../../components/FocusKeepingButton';
import { showToast } from '../../../components/toaster';
import { formatCount } from '../../../lib/dates';
import { LOGIN_DELAY_MS, noticeThenLogin } from '../login-notice';

type Props = {
  /** 'inlägg' or 'svar': what is liked, for the labels. */
  target: 'inlägg' | 'svar';
  likes: number;
  authorId: string;
  liked: boolean;
  pending: boolean;
  like: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  fallbackError: string;
  size?: 'xs' | 'sm' | 'md';
};

/**
 * Spec section 5, Likes: disabled for the author (one cannot like one's own); logged out, a notice and the login
 * page after 1.5 s; 'Gillat!' on success. A like counts once, so a liked button stays pressed.
 */
export function LikeButton({ target, likes, authorId, liked, pending, like, fallbackError, size = 'sm' }: Props) {
  const { user, isLoading } = useCurrentUser();
  const own = user?.id === authorId;
  const label = own ? `Du kan inte gilla ditt eget ${target}` : liked ? `Du gillar detta ${target}` : `Gilla ${target}`;

  const onClick = () => {
    if (!user) {
      noticeThenLogin({ title: 'Inloggning krävs', description: `Du måste logga in för att gilla ${target}.` }, LOGIN_DELAY_MS.like);
      return;
    }
    like({
      onSuccess: () => showToast({ title: 'Gillat!', type: 'success' }),
      onError: (error) => {
        if (isUnauthorized(error)) {
          noticeThenLogin({ title: 'Inloggning krävs', description: `Du måste logga in för att gilla ${target}.` }, LOGIN_DELAY_MS.like);
          return;
        }
        showToast({ title: 'Fel', description: errorMessage(error, fallbackError), type: 'error' });
      },
    });
  };

  return (
    <FocusKeepingButton
      size={size}
      variant={liked ? 'solid' : 'outline'}
      colorPalette="brand"
      onClick={onClick}
      disabled={isLoading || own || liked || pending}
      aria-pressed={liked}
      title={label}
    >
      {/* Its name is what it shows, then the rest for a screen reader ('Gilla · 3 gillningar, Gilla inlägg'): a
          voice user says what they see, and a name not starting with it (WCAG 2.5.3) left them without a match. */}
      <LuHeart aria-hidden fill={liked ? 'currentColor' : 'none'} />
      {liked ? 'Gillat' : 'Gilla'}
      <span>· {formatCount(likes)}</span>
      <Text as="span" srOnly>
        {` ${likes === 1 ? 'gillning' : 'gillningar'}, ${label}`}
      </Text>
    </FocusKeepingButton>
  );
}
