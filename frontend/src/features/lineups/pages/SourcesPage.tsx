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
import { scrollToAnchor } from '../../../lib/anchor';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * /kallor: every source the lineups' values rest on, by key, with what it is. Each key is an anchor
 * (/kallor#del12), the target of the lineups' source links.
 */
export default function SourcesPage() {
  usePageMeta(pageMeta.sources());
  const { data, isPending, error, refetch } = useSources();
  const { hash } = useLocation();
  // A source link of the lineups (/kallor#nat12f): its entry exists once the list is there.
  useEffect(() => {
    if (data) scrollToAnchor(hash);
  }, [data, hash]);
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
                  {/* The key is the anchor; scrolled to, it sits below the sticky header, and an address opened as
                      such (a new tab, a reload) also marks it (a link inside the app changes no :target). */}
                  <Text
                    as="dt"
                    id={source.key}
                    scrollMarginTop="24"
                    fontFamily="mono"
                    color="gold.fg"
                    mt={{ base: '3', md: '0' }}
                    css={{ '&:target, &:target + dd': { bg: 'bg.emphasized' } }}
                  >
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
