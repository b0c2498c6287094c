import { Box, Heading } from '@chakra-ui/react';
import { sectionTitle } from './search-summary';

type Props = { id: string; name: string; count: number; children: React.ReactNode };

/** One kind of result with its count in the heading ('Artiklar (2)'); left out when it has no hits. */
export function SearchSection({ id, name, count, children }: Props) {
  if (count === 0) return null;
  return (
    <Box as="section" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} as="h2" size="xl" mb="4">
        {sectionTitle(name, count)}
      </Heading>
      {children}
    </Box>
  );
}
