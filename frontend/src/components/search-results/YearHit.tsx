import { Badge, Card, Heading, HStack, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LuMapPin } from 'react-icons/lu';
import type { Year } from '@mello/contracts';
import { yearBadge } from '../../lib/badges';

/** A year in the search results: picture, year, badge, 'winner - song', description, venue and city. */
export function YearHit({ year }: { year: Year }) {
  const badge = yearBadge(year);
  const place = [year.venue, year.city].filter((part) => part.trim() !== '').join(', ');
  return (
    <LinkBox asChild>
      <Card.Root
        height="full"
        overflow="hidden"
        bg="bg.panel"
        borderColor="border"
        transition="transform 0.2s, border-color 0.2s"
        _hover={{ borderColor: 'brand.500', transform: 'translateY(-2px)' }}
        _focusWithin={{ borderColor: 'brand.500' }}
      >
        {year.imageUrl && (
          <Image
            src={year.imageUrl}
            alt={`${year.winner} i Melodifestivalen ${year.year}`}
            loading="lazy"
            decoding="async"
            width={640}
            height={360}
            aspectRatio="16 / 9"
            objectFit="cover"
          />
        )}
        <Card.Body gap="2" p="5">
          <HStack justify="space-between" align="start">
            <Heading as="h3" fontSize="3xl" fontWeight="900" lineHeight="1" color="gold.fg">
              <LinkOverlay asChild>
                <RouterLink to={`/year/${year.year}`}>{year.year}</RouterLink>
              </LinkOverlay>
            </Heading>
            <Badge colorPalette={badge === 'Klassiker' ? 'brand' : 'gray'} variant={badge === 'Klassiker' ? 'solid' : 'outline'}>
              {badge}
            </Badge>
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
