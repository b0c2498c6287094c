import { Box, Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../content/link-card';
import type { YearSummary } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { YearBadge, YearCardImage } from './YearCardParts';

/** A card needs a year's summary; the /years list passes whole years, whose description it may show. */
export type YearCardData = YearSummary & { description?: string };

type Props = {
  year: YearCardData;
  /** The /years list shows the start of the description too; the home grid stays compact. */
  showDescription?: boolean;
  headingAs?: 'h2' | 'h3';
};

/** One contest year, linking to /year/{year}; the whole card is the hit area, the year the link. */
export function YearCard({ year, showDescription = false, headingAs = 'h3' }: Props) {
  const place = [year.venue, year.city].filter(Boolean).join(', ');
  return (
    <LinkBox asChild>
      <Card.Root height="full" overflow="hidden" {...linkCardStyle('2px')}>
        <YearCardImage year={year} />
        <Card.Body gap="3" p="5">
          <HStack justify="space-between" align="start">
            <Heading as={headingAs} fontFamily="heading" fontSize="4xl" fontWeight="900" lineHeight="1" color="gold.fg">
              <LinkOverlay asChild>
                <RouterLink to={`/year/${year.year}`}>{year.year}</RouterLink>
              </LinkOverlay>
            </Heading>
            <YearBadge year={year} />
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
