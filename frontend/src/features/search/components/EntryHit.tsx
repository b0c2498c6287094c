import { Badge, Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { entryPath, type EntrySearchHit } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { linkCardStyle } from '../../../components/content/link-card';
import { entryResultLabel } from '../lineup-hits';

/** An entry in the search results: year, 'artist - song' and its result, linking to the entry in its year's lineup. */
export function EntryHit({ entry }: { entry: EntrySearchHit }) {
  const result = entryResultLabel(entry.result, entry.finalPlace);
  return (
    <LinkBox asChild>
      <Card.Root height="full" {...linkCardStyle()}>
        <Card.Body gap="1" p="4">
          <HStack justify="space-between" align="start" gap="2">
            <Text fontWeight="900" color="gold.fg">
              {entry.year}
            </Text>
            {result && (
              <Badge colorPalette={entry.result === 'winner' ? 'gold' : 'gray'} variant="subtle">
                {result}
              </Badge>
            )}
          </HStack>
          <Heading as="h3" size="md" lineHeight="short">
            <LinkOverlay asChild>
              <RouterLink to={entryPath(entry)}>
                {entry.artist} - {entry.song}
              </RouterLink>
            </LinkOverlay>
          </Heading>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
