import { Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../../../components/content/link-card';
import { Link as RouterLink } from 'react-router-dom';
import { LuMapPin } from 'react-icons/lu';
import type { Year } from '@mello/contracts';
import { YearBadge, YearCardImage } from '../../../components/years/YearCardParts';

/** A year in the search results: picture, year, badge, 'winner - song', description, venue and city. */
export function YearHit({ year }: { year: Year }) {
  const place = [year.venue, year.city].filter((part) => part.trim() !== '').join(', ');
  return (
    <LinkBox asChild>
      <Card.Root height="full" overflow="hidden" {...linkCardStyle('2px')}>
        <YearCardImage year={year} />
        <Card.Body gap="2" p="5">
          <HStack justify="space-between" align="start">
            <Heading as="h3" fontSize="3xl" fontWeight="900" lineHeight="1" color="gold.fg">
              <LinkOverlay asChild>
                <RouterLink to={`/year/${year.year}`}>{year.year}</RouterLink>
              </LinkOverlay>
            </Heading>
            <YearBadge year={year} />
          </HStack>
          <Text fontWeight="bold">
            {year.winner} - {year.song}
          </Text>
          {year.description && (
            <Text color="fg.muted" fontSize="sm" lineClamp={3}>
              {year.description}
            </Text>
          )}
          {place && (
            <HStack gap="1" fontSize="sm" color="fg.subtle" mt="auto">
              <LuMapPin aria-hidden />
              <Text>{place}</Text>
            </HStack>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
