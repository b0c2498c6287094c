import { Badge, Box, Card, Grid, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../content/link-card';
import { LuPlay } from 'react-icons/lu';
import type { Video } from '@mello/contracts';
import { videoCategoryLabel, videoPlatformLabel } from '../../lib/badges';
import { VideoMeta } from './VideoMeta';
import { VideoThumbnail } from './VideoThumbnail';
import { VisuallyNewTab } from '../content/VisuallyNewTab';

type Props = {
  video: Video;
  /** The heading level inside the page's outline (h3 under a section's h2 by default). */
  headingAs?: 'h2' | 'h3';
};

/**
 * The large video card of the home page and the video archive. The whole card opens the video in a new tab;
 * its picture is loaded eagerly because it is near the top of the page (the largest paint).
 */
export function FeaturedVideo({ video, headingAs = 'h3' }: Props) {
  return (
    <LinkBox asChild>
      <Card.Root overflow="hidden" {...linkCardStyle()}>
        <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }}>
          <Box position="relative">
            <VideoThumbnail src={video.thumbnailUrl} alt={`Bild ur videon ${video.title} med ${video.artist}`} eager />
            <Box aria-hidden position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" pointerEvents="none">
              <Box bg="brand.solid" color="white" borderRadius="full" p="4" boxShadow="lg" fontSize="2xl">
                <LuPlay />
              </Box>
            </Box>
          </Box>
          <Card.Body gap="3" p={{ base: '5', md: '8' }} justifyContent="center">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="brand" variant="solid">
                {videoPlatformLabel(video.platform)}
              </Badge>
              <Badge colorPalette="gold" variant="subtle">
                {videoCategoryLabel(video.category)}
              </Badge>
              {video.isRare && (
                <Badge colorPalette="gold" variant="solid">
                  Sällsynt
                </Badge>
              )}
            </HStack>
            <Heading as={headingAs} size={{ base: 'xl', md: '2xl' }} lineHeight="short">
              <LinkOverlay href={video.videoUrl} target="_blank" rel="noopener noreferrer">
                {video.title}
                <VisuallyNewTab />
              </LinkOverlay>
            </Heading>
            <Text color="gold.fg" fontWeight="semibold">
              {video.artist}
            </Text>
            {video.description && (
              <Text color="fg.muted" lineClamp={3}>
                {video.description}
              </Text>
            )}
            <VideoMeta video={video} />
            <HStack aria-hidden color="brand.fg" fontWeight="semibold" gap="2">
              <LuPlay />
              <Text>Titta på video</Text>
            </HStack>
          </Card.Body>
        </Grid>
      </Card.Root>
    </LinkBox>
  );
}
