import { Box } from '@chakra-ui/react';
import { useVideos } from '../../../api/archive';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingText } from '../../../components/LoadingText';
import { FeaturedVideo } from '../../../components/videos/FeaturedVideo';
import { SectionHeader } from './SectionHeader';

/** Spec section 9: home takes 3 videos and shows the first of them large. */
const HOME_VIDEO_COUNT = 3;

export function FeaturedVideoSection() {
  const { data, isPending } = useVideos();
  const video = (data ?? []).slice(0, HOME_VIDEO_COUNT)[0];

  return (
    <Box as="section" aria-labelledby="home-video">
      <SectionHeader
        id="home-video"
        eyebrow="Videoarkiv"
        title="Se det igen"
        description="Vinnarframträdanden, klassiker och sällsynta klipp."
        link={{ to: '/video-archive', label: 'Till videoarkivet' }}
      />
      {isPending ? (
        <LoadingText>Laddar videor...</LoadingText>
      ) : video ? (
        <FeaturedVideo video={video} />
      ) : (
        // Spec section 8: a failed list load is an empty list, without a message of its own.
        <EmptyState title="Inga videor hittades" as="h3" />
      )}
    </Box>
  );
}
