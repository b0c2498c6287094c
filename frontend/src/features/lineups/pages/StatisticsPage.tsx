import { Box, Card, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { songwriterPath, artistPath, pageMeta, VOTE_COUNT_FINALS_NOTE, type Statistics } from '@mello/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { NetworkError } from '../../../api/http';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { usePageMeta } from '../../../seo/use-page-meta';
import { useStatistics } from '../api';
import { BarList } from '../components/BarList';
import { OpenDataLinks } from '../components/OpenData';
import { winsText } from '../format';

const number = new Intl.NumberFormat('sv-SE');

/** /statistik: the archive in numbers, from GET /api/statistics. */
export default function StatisticsPage() {
  usePageMeta(pageMeta.statistics());
  const { data, isPending, error, refetch } = useStatistics();
  return (
    <PageContainer>
      <Stack gap="10">
        <Stack gap="3" maxW="3xl">
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="bold" color="gold.fg">
            Statistik
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight">
            Melodifestivalen i siffror
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            Räknat på alla bidrag i arkivet. Okända poäng och placeringar räknas aldrig som noll: de lämnas utanför.
          </Text>
        </Stack>
        {isPending ? (
          <LoadingText>Laddar statistik...</LoadingText>
        ) : error instanceof NetworkError ? (
          <ServerUnreachable onRetry={() => void refetch()} />
        ) : error || !data ? (
          <EmptyState title="Statistiken kunde inte laddas" description="Försök igen om en stund." />
        ) : (
          <StatisticsView statistics={data} />
        )}
      </Stack>
    </PageContainer>
  );
}

function StatisticsView({ statistics }: { statistics: Statistics }) {
  const counts: Array<[string, number]> = [
    ['bidrag', statistics.entryCount],
    ['tävlingsår', statistics.yearCount],
    ['artister', statistics.artistCount],
    ['låtskrivare', statistics.songwriterCount],
  ];
  return (
    <Stack gap="10">
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4" aria-label="Arkivet i siffror">
        {counts.map(([label, value]) => (
          <Box key={label} display="flex" flexDirection="column-reverse" p="5" borderRadius="2xl" bg="bg.muted" borderWidth="1px" borderColor="border">
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" fontFamily="heading" fontWeight="900" fontSize={{ base: '3xl', md: '4xl' }} color="gold.fg" lineHeight="1.1">
              {number.format(value)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Panel title="Flest bidrag per artist" id="stat-artists">
          <BarList
            label="Flest bidrag per artist"
            bars={statistics.mostEntriesByArtist.map((item) => ({
              key: item.slug,
              label: item.name,
              to: artistPath(item.slug),
              value: item.entryCount,
              valueText: `${item.entryCount} bidrag`,
            }))}
          />
        </Panel>
        <Panel title="Flest segrar per låtskrivare" id="stat-songwriters">
          <BarList
            label="Flest segrar per låtskrivare"
            bars={statistics.mostWinsBySongwriter.map((item) => ({
              key: item.slug,
              label: item.name,
              to: songwriterPath(item.slug),
              value: item.wins,
              valueText: winsText(item.wins),
            }))}
          />
        </Panel>
      </SimpleGrid>

      <Panel title="Högsta poäng i en final" id="stat-points">
        <Text color="fg.muted" fontSize="sm">
          Poäng som de publicerades. Poängsystemen har skiftat genom åren, så siffror från olika år går inte alltid att jämföra. {VOTE_COUNT_FINALS_NOTE}
        </Text>
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {statistics.highestFinalPoints.map((item, index) => (
            <Box as="li" key={item.id} display="flex" gap="3" alignItems="baseline" flexWrap="wrap" fontSize="sm">
              <Text color="fg.subtle" minW="6">
                {index + 1}.
              </Text>
              <Text fontWeight="bold" color="gold.fg" minW="16">
                {number.format(item.finalPoints)} p
              </Text>
              <Box flex="1" minW="0">
                <Link asChild fontWeight="semibold" color="fg" _hover={{ color: 'brand.fg' }}>
                  <RouterLink to={artistPath(item.artistSlug)}>{item.artist}</RouterLink>
                </Link>{' '}
                –{' '}
                <Text as="span" fontStyle="italic">
                  {item.song}
                </Text>{' '}
                <Link asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
                  <RouterLink to={`/year/${item.year}`}>({item.year})</RouterLink>
                </Link>
              </Box>
            </Box>
          ))}
        </Stack>
      </Panel>

      <Panel title="Bidrag per år" id="stat-years">
        <BarList
          compact
          label="Bidrag per år"
          bars={statistics.entriesPerYear.map((item) => ({
            key: String(item.year),
            label: String(item.year),
            to: `/year/${item.year}`,
            value: item.entryCount,
            valueText: String(item.entryCount),
          }))}
        />
      </Panel>

      <Panel title="Öppna data" id="stat-open-data">
        <Text color="fg.muted" mb="4">
          Alla {number.format(statistics.entryCount)} bidrag med källor och omstridda uppgifter går att ladda ner fritt.
        </Text>
        <OpenDataLinks />
      </Panel>
    </Stack>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} bg="bg.panel" borderColor="border">
      <Card.Body p={{ base: '5', md: '6' }} gap="4">
        <Heading as="h2" id={id} size="lg">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
