import { Alert, Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { YearLineup } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { LoadingText } from '../../../components/LoadingText';
import { useYearLineup } from '../api';
import { anchoredEntries, isSingleFinal, knownKeys } from '../format';
import { DATA_NOTE_LEAD, DataNote, DataText } from './DataNote';
import { KnownSources } from './SourceName';
import { ShowEntries, WIDE } from './ShowEntries';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToAnchor } from '../../../lib/anchor';
import { useMediaQuery } from '../../../lib/use-media-query';

/**
 * 'Startfält' on the year page: a section per show (heats, the second-chance show, the final), or one table in a
 * year with only a final. A year whose data has gaps says its lineup is incomplete and lists them.
 */
export function YearLineupSection({ year }: { year: number }) {
  const { data, isPending, error, refetch } = useYearLineup(year);
  return (
    <Box as="section" aria-labelledby="year-lineup" borderTopWidth="1px" borderColor="border" pt="8" minW="0">
      <Heading as="h2" id="year-lineup" size="2xl" mb="2">
        Startfält {year}
      </Heading>
      {isPending ? (
        <LoadingText>Laddar startfältet...</LoadingText>
      ) : error instanceof NetworkError ? (
        <ServerUnreachable onRetry={() => void refetch()} />
      ) : error || !data || data.entryCount === 0 ? (
        <Text color="fg.muted">Startfältet för {year} finns inte i arkivet ännu.</Text>
      ) : (
        <Lineup lineup={data} />
      )}
    </Box>
  );
}

function Lineup({ lineup }: { lineup: YearLineup }) {
  const single = isSingleFinal(lineup);
  // The same sets on every render, so the shows' memoised cards and tables skip the render the screen's answer brings.
  const anchors = useMemo(() => anchoredEntries(lineup.shows), [lineup.shows]);
  // The sources the year's entries cite: the popovers link each of them in a dispute's source string ('nat12f, ef12f').
  const known = useMemo(() => knownKeys(lineup.shows.flatMap((show) => show.entries)), [lineup.shows]);
  const { hash } = useLocation();
  // Known with ShowEntries' own answer (the same query, the same transition), so this renders again with them,
  // not alone and at once after hydration (useHydrated: the whole lineup in one synchronous render, issue 17).
  const laidOut = useMediaQuery(WIDE) !== null;
  // An entry's anchor (/year/1974#…): its element exists once the screen size is known (ShowEntries), so the
  // browser's own jump at load may have found the other layout's hidden copy; go there now.
  useEffect(() => {
    if (laidOut) scrollToAnchor(hash);
  }, [laidOut, hash]);
  return (
    <KnownSources.Provider value={known}>
      <Stack gap="8" minW="0">
        <Stack gap="3">
          <Text color="fg.muted">{lineup.entryCount} bidrag</Text>
          {lineup.format && <DataNote color="fg.muted" fontSize="sm" text={lineup.format} data-format />}
          {lineup.gaps.length > 0 && <GapNotice gaps={lineup.gaps} />}
        </Stack>
        {single ? (
          <ShowEntries show={lineup.shows[0]!} caption={`Finalen ${lineup.year}`} anchors={anchors[0]!} />
        ) : (
          lineup.shows.map((show, index) => (
            <Box as="section" key={show.key ?? show.kind} aria-labelledby={`show-${show.key ?? show.kind}`} minW="0">
              <Heading as="h3" id={`show-${show.key ?? show.kind}`} size="lg">
                {show.name}
              </Heading>
              {show.description && show.description !== show.name && (
                <Text color="fg.muted" fontSize="sm">
                  {show.description}
                </Text>
              )}
              <Box mt="3">
                <ShowEntries show={show} caption={`${show.name} ${lineup.year}`} anchors={anchors[index]!} />
              </Box>
            </Box>
          ))
        )}
      </Stack>
    </KnownSources.Provider>
  );
}

function GapNotice({ gaps }: { gaps: readonly string[] }) {
  return (
    <Alert.Root status="warning" variant="subtle" borderRadius="xl" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Startfältet är ofullständigt</Alert.Title>
        <Alert.Description>
          <Text>Det här saknas eller är osäkert i arkivets källor.</Text>
          <Text mb="2">{DATA_NOTE_LEAD}</Text>
          <List.Root ps="5" gap="1" fontSize="sm" wordBreak="break-word">
            {gaps.map((gap, index) => (
              <List.Item key={index}>
                <DataText>{gap}</DataText>
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
