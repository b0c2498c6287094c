import { Heading, Stack, Text } from '@chakra-ui/react';
import { pageMeta } from '@mello/contracts';
import { NetworkError } from '../../../api/http';
import { LoadingText } from '../../../components/LoadingText';
import { FeaturedSection, PagedGridSection } from '../../../components/PagedGridSection';
import { useCategoryParam } from '../../../lib/use-category-param';
import { PageContainer } from '../../../components/PageContainer';
import { FeaturedVideo } from '../../../components/videos/FeaturedVideo';
import { PageMetaOf } from '../../../components/content/PageMetaOf';
import { ServerUnreachable } from '../../../components/content/ServerUnreachable';
import { VideoCard } from '../components/VideoCard';
import { VideoCategoryFilter } from '../components/VideoCategoryFilter';
import { useVideoPages } from '../use-video-pages';
import { parseVideoFilter } from '../video-selection';

/**
 * /video-archive: the featured video, the category filter and the grid (spec section 2, Video archive), page by page
 * (infinite scroll, 'Visa fler'); the server filters the category and chooses the featured video.
 */
export default function VideoArchivePage() {
  const { filter, category, choose } = useCategoryParam(parseVideoFilter);
  const { featured, pending: isPending, error, refetch, paging, videos: shown } = useVideoPages(category);

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
            <FeaturedSection headingId="featured-video-heading" title="Utvald video">
              <FeaturedVideo video={featured} />
            </FeaturedSection>
          )}
          <PagedGridSection
            headingId="all-videos-heading"
            title="Alla videor"
            filter={<VideoCategoryFilter value={filter} onChange={choose} />}
            items={shown}
            keyOf={(video) => video.id}
            renderItem={(video) => <VideoCard video={video} />}
            emptyTitle="Inga videor hittades"
            columns={{ base: 1, sm: 2, lg: 3 }}
            stretch
            paging={paging}
          />
        </Stack>
      )}
    </PageContainer>
  );
}
