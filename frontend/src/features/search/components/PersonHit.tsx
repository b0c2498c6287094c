import { Card, Heading, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { linkCardStyle } from '../../../components/content/link-card';
import { careerLabel } from '../lineup-hits';

/** What an act's and a songwriter's search hit show alike. */
type Person = { name: string; aliases: string[]; entryCount: number; firstYear: number | null; lastYear: number | null; wins?: number };

/**
 * An act or a songwriter in the search results: name, other names, entries and years (and a songwriter's wins),
 * linking to their page.
 */
export function PersonHit({ person, to }: { person: Person; to: string }) {
  const wins = person.wins ?? 0;
  return (
    <LinkBox asChild>
      <Card.Root height="full" {...linkCardStyle()}>
        <Card.Body gap="1" p="4">
          <Heading as="h3" size="md" lineHeight="short">
            <LinkOverlay asChild>
              <RouterLink to={to}>{person.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          {person.aliases.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Även {person.aliases.join(', ')}
            </Text>
          )}
          <Text fontSize="sm" color="fg.subtle">
            {careerLabel(person.entryCount, person.firstYear, person.lastYear)}
            {wins > 0 && `, ${wins} ${wins === 1 ? 'vinst' : 'vinster'}`}
          </Text>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
