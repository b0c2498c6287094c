import { Card, Heading, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { artistPath, type ArtistSearchHit } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { linkCardStyle } from '../content/link-card';
import { careerLabel } from './lineup-hits';

/** An act in the search results: name, other names, entries and years, linking to the artist page. */
export function ArtistHit({ artist }: { artist: ArtistSearchHit }) {
  return (
    <LinkBox asChild>
      <Card.Root height="full" {...linkCardStyle()}>
        <Card.Body gap="1" p="4">
          <Heading as="h3" size="md" lineHeight="short">
            <LinkOverlay asChild>
              <RouterLink to={artistPath(artist.slug)}>{artist.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          {artist.aliases.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              Även {artist.aliases.join(', ')}
            </Text>
          )}
          <Text fontSize="sm" color="fg.subtle">
            {careerLabel(artist.entryCount, artist.firstYear, artist.lastYear)}
          </Text>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
