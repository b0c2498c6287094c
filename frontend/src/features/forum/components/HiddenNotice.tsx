import { Alert } from '@chakra-ui/react';
import { HIDDEN_POST_NOTICE, HIDDEN_REPLY_NOTICE } from '@mello/contracts';

/**
 * What stands in place of hidden content (flags and moderation). Everyone but the administrator gets the item
 * without its text and sees only the notice; the administrator sees the text below a notice that it is hidden.
 */
export function HiddenNotice({ target, admin = false }: { target: 'post' | 'reply'; admin?: boolean }) {
  const notice = target === 'post' ? HIDDEN_POST_NOTICE : HIDDEN_REPLY_NOTICE;
  return (
    <Alert.Root status="warning" size="sm" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Title>{admin ? `${notice} (bara du ser innehållet)` : notice}</Alert.Title>
    </Alert.Root>
  );
}
