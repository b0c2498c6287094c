import { Card, Heading, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { songwriterPath, type SongwriterSearchHit } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { linkCardStyle } from '../content/link-card';
import { careerLabel } from './lineup-hits';

/** A songwriter in the search results: name, other spellings, entries credited and years, linking to the songwriter page. */
export function SongwriterHit({ songwriter }: { songwriter: SongwriterSearchHit }) {
  return (
    <LinkBox asChild>
      <Card.Root height="full" {...linkCardStyle()}>
        <Card.Body gap="1" p="4">
          <Heading as="h3" size="md" lineHeight="short">
            <LinkOverlay asChild>
              <RouterLink to={songwriterPath(songwriter.slug)}>{songwriter.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          {songwriter.aliases.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Även {songwriter.aliases.join(', ')}
            </Text>
          )}
          <Text fontSize="sm" color="fg.subtle">
            {careerLabel(songwriter.entryCount, songwriter.firstYear, songwriter.lastYear)}
            {songwriter.wins > 0 && `, ${songwriter.wins} ${songwriter.wins === 1 ? 'vinst' : 'vinster'}`}
          </Text>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
