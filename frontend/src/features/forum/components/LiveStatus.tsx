import { HStack, Text } from '@chakra-ui/react';
import { useLiveConnected } from '../../../live/use-forum-live';

/** A small "Live" mark while updates arrive by themselves; "Återansluter…" while the connection is down. */
export function LiveStatus() {
  const connected = useLiveConnected();
  return (
    <HStack gap="1.5" fontSize="xs" fontWeight="semibold" color={connected ? 'green.300' : 'fg.muted'} aria-live="polite">
      <Text as="span" aria-hidden width="2" height="2" borderRadius="full" bg={connected ? 'green.400' : 'gray.500'} />
      <Text as="span">{connected ? 'Live' : 'Återansluter…'}</Text>
    </HStack>
  );
}
