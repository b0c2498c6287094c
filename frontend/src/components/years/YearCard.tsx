import { Badge, Box, Card, Heading, HStack, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import type { Year } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { yearBadge } from '../../lib/badges';

type Props = {
  year: Year;
  /** The /years list shows the start of the description too; the home grid stays compact. */
  showDescription?: boolean;
  headingAs?: 'h2' | 'h3';
};

/** One contest year, linking to /year/{year}; the whole card is the hit area, the year the link. */
export function YearCard({ year, showDescription = false, headingAs = 'h3' }: Props) {
  const badge = yearBadge(year);
  const place = [year.venue, year.city].filter(Boolean).join(', ');
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
          <Image src={year.imageUrl} alt={`${year.winner} i Melodifestivalen ${year.year}`} loading="lazy" width={640} height={360} aspectRatio="16 / 9" objectFit="cover" />
        )}
        <Card.Body gap="3" p="5">
          <HStack justify="space-between" align="start">
            <Heading as={headingAs} fontFamily="heading" fontSize="4xl" fontWeight="900" lineHeight="1" color="gold.fg">
              <LinkOverlay asChild>
                <RouterLink to={`/year/${year.year}`}>{year.year}</RouterLink>
              </LinkOverlay>
            </Heading>
            <Badge colorPalette={badge === 'Klassiker' ? 'brand' : 'gray'} variant={badge === 'Klassiker' ? 'solid' : 'outline'}>
              {badge}
            </Badge>
          </HStack>
          <Box>
            <Text fontWeight="bold" fontSize="lg" color="fg">
              {year.winner}
            </Text>
            <Text color="fg.muted">”{year.song}”</Text>
          </Box>
          {showDescription && year.description && (
            <Text color="fg.muted" fontSize="sm" lineClamp={3}>
              {year.description}
            </Text>
          )}
          {place && (
            <Text fontSize="sm" color="fg.subtle" mt="auto">
              {place}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
