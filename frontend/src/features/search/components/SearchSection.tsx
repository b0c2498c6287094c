import { Box, Heading, Text } from '@chakra-ui/react';
import { sectionTitle } from '../search-summary';

type Props = { id: string; name: string; count: number; more?: boolean; children: React.ReactNode };

/** One kind of result with its count in the heading ('Artiklar (2)'); shown with 'Forum (0)' too, so every kind searched is listed. */
export function SearchSection({ id, name, count, more = false, children }: Props) {
  return (
    <Box as="section" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} as="h2" size="xl" mb="4">
        {sectionTitle(name, count, more)}
      </Heading>
      {count === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Inga träffar
        </Text>
      ) : (
        children
      )}
    </Box>
  );
}
