import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useSources, useStatistics } from '../api';
import { OpenDataLinks } from './OpenData';

/**
 * The About page's 'Öppna data och källor': the export of every entry and credit to the sources. The counts come
 * from the API; while they load (or if they fail) the text simply leaves them out.
 */
export function OpenDataSection() {
  const sources = useSources().data;
  const entryCount = useStatistics().data?.entryCount;
  return (
    <Box as="section" aria-labelledby="about-open-data">
      <Heading as="h2" id="about-open-data" size="2xl" mb="4">
        Öppna data och källor
      </Heading>
      <Stack gap="4" maxW="3xl">
        <Text color="fg.muted" fontSize="lg">
          {entryCount === undefined ? 'Alla bidrag' : `Alla ${entryCount} bidrag`} från 1958 till i dag – artister, låtar, låtskrivare, placeringar och poäng –
          med källor och omstridda uppgifter går att ladda ner fritt. Okända uppgifter är tomma (null), aldrig noll.
        </Text>
        <OpenDataLinks />
        <Text color="fg.muted">
          Uppgifterna bygger på {sources ? `${sources.length} källor` : 'källor'}, bland andra SVT, eurovision.tv, Aftonbladet, fansajter och Wikipedia (alla
          språkversioner räknas som en källa). Tack till alla som har dokumenterat tävlingen.
        </Text>
        <Link asChild color="brand.fg" fontWeight="semibold" alignSelf="flex-start">
          <RouterLink to="/kallor">
            Se alla källor <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Link>
      </Stack>
    </Box>
  );
}
