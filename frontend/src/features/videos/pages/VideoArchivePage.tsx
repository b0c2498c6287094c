import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { pageMeta } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { LoadMore } from '../../../components/LoadMore';
import { PageContainer } from '../../../components/PageContainer';
import { FeaturedVideo } from '../components/FeaturedVideo';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { VideoCard } from '../components/VideoCard';
import { VideoCategoryFilter } from '../components/VideoCategoryFilter';
import { useVideoPages } from '../use-video-pages';
import { parseVideoFilter, type VideoFilter } from '../video-selection';

/**
 * /video-archive: the featured video, the category filter and the grid (spec section 2, Video archive), page by page
 * (infinite scroll, 'Visa fler'); the server filters the category and chooses the featured video.
 */
export default function VideoArchivePage() {
  // The chosen category lives in the address, so it survives a reload and can be shared.
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseVideoFilter(searchParams.get('category'));
  const { pages, featured: featuredQuery, switching, videos: shown } = useVideoPages(filter === 'all' ? null : filter);
  const isPending = pages.isPending || featuredQuery.isPending;
  const error = pages.error ?? featuredQuery.error;
  const refetch = () => Promise.all([pages.refetch(), featuredQuery.refetch()]);
  const featured = featuredQuery.data ?? null;

  const choose = (next: VideoFilter) => setSearchParams(next === 'all' ? {} : { category: next }, { replace: true, preventScrollReset: true });

  return (
    <PageContainer>
      {!isPending && <PageMetaOf meta={pageMeta.videoArchive(shown)} />}
      <Stack gap="3" mb={{ base: '8', md: '10' }}>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Videoarkiv
        </Heading>
        <Text color="fg.muted" fontSize="lg" maxW="3xl">
          Vinnarframträdanden, klassiker, bakom kulisserna, intervjuer och återfunnen lost media. Videorna öppnas hos den plattform som visar dem.
        </Text>
      </Stack>

      {isPending ? (
        <LoadingText>Laddar videor...</LoadingText>
      ) : error instanceof NetworkError ? (
        <ServerUnreachable onRetry={() => void refetch()} />
      ) : (
        <Stack gap={{ base: '10', md: '14' }}>
          {featured && (
            <Box as="section" aria-labelledby="featured-video-heading">
              <Heading id="featured-video-heading" as="h2" size="lg" mb="4" color="gold.fg">
                Utvald video
              </Heading>
              <FeaturedVideo video={featured} />
            </Box>
          )}
          <Box as="section" aria-labelledby="all-videos-heading" aria-busy={switching}>
            <Heading id="all-videos-heading" as="h2" size="xl" mb="4">
              Alla videor
            </Heading>
            <Box mb="6">
              <VideoCategoryFilter value={filter} onChange={choose} />
            </Box>
            {shown.length === 0 ? (
              <EmptyState title="Inga videor hittades" as="h3" />
            ) : (
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
                {shown.map((video) => (
                  <Box as="li" key={video.id} display="flex" flexDirection="column">
                    <VideoCard video={video} />
                  </Box>
                ))}
              </SimpleGrid>
            )}
            <LoadMore hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage || switching} onLoadMore={() => void pages.fetchNextPage()} />
          </Box>
        </Stack>
      )}
    </PageContainer>
  );
}
