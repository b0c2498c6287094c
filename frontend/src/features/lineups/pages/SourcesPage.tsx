import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { PageContainer } from '../../../components/PageContainer';
import { usePageMeta } from '../../../seo/use-page-meta';
import { useSources } from '../api';
import { OpenDataLinks } from '../components/OpenData';

/** /kallor: every source the lineups' values rest on, by key, with what it is. */
export default function SourcesPage() {
  usePageMeta(pageMeta.sources());
  const { data, isPending, error, refetch } = useSources();
  return (
    <PageContainer maxW="5xl">
      <Stack gap="8">
        <Stack gap="3">
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="bold" color="gold.fg">
            Källor
          </Text>
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} fontWeight="900" letterSpacing="tight">
            Källorna bakom startfälten
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            Varje uppgift om bidrag, placeringar och poäng vilar på en eller flera av dessa källor. Där källorna är oeniga visar arkivet alla värden. Wikipedias
            språkversioner och kopior av dem räknas som en källa.
          </Text>
          <OpenDataLinks />
        </Stack>
        {isPending ? (
          <LoadingText>Laddar källor...</LoadingText>
        ) : error instanceof NetworkError ? (
          <ServerUnreachable onRetry={() => void refetch()} />
        ) : error || !data ? (
          <EmptyState title="Källorna kunde inte laddas" description="Försök igen om en stund." />
        ) : (
          <Box as="section" aria-labelledby="sources-list">
            <Heading as="h2" id="sources-list" size="lg" mb="4">
              {data.length} källor
            </Heading>
            <Box
              as="dl"
              display="grid"
              gridTemplateColumns={{ base: '1fr', md: 'minmax(8rem, auto) 1fr' }}
              columnGap="6"
              rowGap={{ base: '1', md: '3' }}
              fontSize="sm"
            >
              {data.map((source) => (
                <Box key={source.id} display="contents">
                  <Text as="dt" fontFamily="mono" color="gold.fg" mt={{ base: '3', md: '0' }}>
                    {source.key}
                  </Text>
                  <Text as="dd" color="fg.muted" overflowWrap="anywhere">
                    {source.description}
                  </Text>
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </PageContainer>
  );
}
