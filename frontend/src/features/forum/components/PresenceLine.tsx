import { HStack, Text } from '@chakra-ui/react';
import { LuEye, LuPencilLine } from 'react-icons/lu';
import type { ForumPresence } from '@mello/contracts';
import { readersLabel, typingLabel } from '../presence-text';

/** "N läser nu" and "X skriver ett svar…" (issue 6, beyond the spec), from the post room's presence. */
export function PresenceLine({ presence, myName }: { presence: ForumPresence | null; myName: string | null }) {
  const readers = readersLabel(presence?.readers ?? 0);
  const typing = typingLabel(presence, myName);
  return (
    <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted" minH="6">
      {readers && (
        <HStack gap="1.5">
          <LuEye aria-hidden />
          <Text>{readers}</Text>
        </HStack>
      )}
      <HStack gap="1.5" color="gold.fg" aria-live="polite">
        {typing && <LuPencilLine aria-hidden />}
        <Text>{typing ?? ''}</Text>
      </HStack>
    </HStack>
  );
}
