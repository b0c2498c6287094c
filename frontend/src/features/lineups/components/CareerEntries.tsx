import { Box, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { artistPath, type ArtistEntry, type ArtistRef } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { reachedFinal } from '../format';
import { ResultBadge } from './ResultBadge';
import { Known } from '../../../components/content/Unknown';

export type CareerEntry = ArtistEntry & { artistRef?: ArtistRef };

/** Count, wins and best final place of an artist or songwriter. */
export function CareerSummary({ entryCount, wins, bestFinalPlace }: { entryCount: number; wins: number; bestFinalPlace: number | null }) {
  const items: Array<[string, React.ReactNode]> = [
    ['Bidrag', entryCount],
    ['Segrar', wins],
    ['Bästa finalplacering', <Known key="best" value={bestFinalPlace} />],
  ];
  return (
    <SimpleGrid as="dl" columns={{ base: 3 }} gap={{ base: '2', md: '4' }} maxW="2xl">
      {items.map(([label, value]) => (
        <Box
          key={label}
          display="flex"
          flexDirection="column-reverse"
          p={{ base: '3', md: '5' }}
          borderRadius="xl"
          bg="bg.muted"
          borderWidth="1px"
          borderColor="border"
        >
          <Text as="dt" color="fg.muted" fontSize={{ base: 'xs', md: 'sm' }}>
            {label}
          </Text>
          <Text as="dd" fontFamily="heading" fontWeight="900" fontSize={{ base: '2xl', md: '3xl' }} color="gold.fg" lineHeight="1.1">
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/**
 * Every entry of an artist or songwriter, by year: the year (linked to its page with the full lineup), the song,
 * the act when it is a songwriter's list or the billing differs, the result and the known places and points.
 */
export function CareerEntries({ entries, name, showArtist }: { entries: readonly CareerEntry[]; name: string; showArtist: boolean }) {
  return (
    <Box as="section" aria-labelledby="career-entries">
      <Heading as="h2" id="career-entries" size="xl" mb="4">
        Alla bidrag
      </Heading>
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
        {entries.map((entry) => (
          <Flex
            as="li"
            key={entry.id}
            data-result={entry.result ?? undefined}
            gap={{ base: '3', md: '5' }}
            p="4"
            borderRadius="xl"
            borderWidth="1px"
            borderColor={entry.result === 'winner' ? 'gold.400' : 'border'}
            bg={entry.result === 'winner' ? 'rgba(255, 194, 61, 0.10)' : 'bg.panel'}
            align={{ base: 'flex-start', md: 'center' }}
            direction={{ base: 'column', md: 'row' }}
          >
            <Link asChild fontFamily="heading" fontWeight="900" fontSize="2xl" color="gold.fg" minW="16">
              <RouterLink to={`/year/${entry.year}`} aria-label={`Melodifestivalen ${entry.year}`}>
                {entry.year}
              </RouterLink>
            </Link>
            <Box flex="1" minW="0">
              <Text fontStyle="italic" fontSize="lg" overflowWrap="anywhere">
                {entry.song}
              </Text>
              {showArtist ? (
                entry.artistRef?.slug ? (
                  <Link asChild color="fg.muted" fontWeight="semibold" _hover={{ color: 'brand.fg' }}>
                    <RouterLink to={artistPath(entry.artistRef.slug)}>{entry.artist}</RouterLink>
                  </Link>
                ) : (
                  <Text color="fg.muted">{entry.artist}</Text>
                )
              ) : (
                entry.artist !== name && (
                  <Text color="fg.muted" fontSize="sm">
                    som {entry.artist}
                  </Text>
                )
              )}
            </Box>
            <Flex gap="4" align="center" wrap="wrap" fontSize="sm" color="fg.muted">
              {entry.heat !== null && (
                <Text>
                  Deltävling {entry.heat}: plats <Known value={entry.heatPlace} />
                </Text>
              )}
              {reachedFinal(entry.result) && (
                <Text>
                  Final: plats <Known value={entry.finalPlace} />, <Known value={entry.finalPoints} /> p
                </Text>
              )}
              <ResultBadge result={entry.result} />
            </Flex>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
