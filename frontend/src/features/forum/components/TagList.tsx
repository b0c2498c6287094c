import { HStack, Text } from '@chakra-ui/react';

/** A post's tags as '#tag', in the brand colour; nothing when there are none. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <HStack as="ul" aria-label="Taggar" gap="2" wrap="wrap" listStyleType="none">
      {tags.map((tag) => (
        <Text as="li" key={tag} fontSize="sm" color="brand.fg" fontWeight="medium">
          #{tag}
        </Text>
      ))}
    </HStack>
  );
}
