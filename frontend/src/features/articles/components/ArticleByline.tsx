import { Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { authorInitials } from '../article-selection';

/** The author's initials in a round badge, the name and, when given, the title ('Kulturskribent'). */
export function ArticleByline({ author, authorTitle }: { author: string; authorTitle: string }) {
  return (
    <HStack gap="3">
      <Circle size="12" bg="brand.solid" color="brand.contrast" fontWeight="bold" aria-hidden>
        {authorInitials(author)}
      </Circle>
      <Stack gap="0">
        <Text fontWeight="semibold">{author}</Text>
        {authorTitle.trim() !== '' && (
          <Text fontSize="sm" color="fg.muted">
            {authorTitle}
          </Text>
        )}
      </Stack>
    </HStack>
  );
}
