import { Badge, Box, Card, Grid, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../../../components/content/link-card';
import { LuPlay } from 'react-icons/lu';
import type { Video } from '@mello/contracts';
import { videoCategoryLabel } from '../../../lib/badges';
import { VideoThumbnail } from '../../../components/videos/VideoThumbnail';
import { VisuallyNewTab } from '../../../components/content/VisuallyNewTab';

/** A video in the search results: thumbnail, category, year, title, description and 'Titta på video' (new tab). */
export function VideoHit({ video }: { video: Video }) {
  return (
    <LinkBox asChild>
      <Card.Root overflow="hidden" {...linkCardStyle()}>
        <Grid templateColumns={{ base: '1fr', sm: '14rem 1fr' }}>
          <Box>
            <VideoThumbnail src={video.thumbnailUrl} alt={`Bild ur videon ${video.title} med ${video.artist}`} />
          </Box>
          <Card.Body gap="2" p="4">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="gold" variant="subtle">
                {videoCategoryLabel(video.category)}
              </Badge>
              <Text fontSize="sm" color="fg.muted">
                {video.year}
              </Text>
            </HStack>
            <Heading as="h3" size="md" lineHeight="short">
              <LinkOverlay href={video.videoUrl} target="_blank" rel="noopener noreferrer">
                {video.title}
                <VisuallyNewTab>med {video.artist} </VisuallyNewTab>
              </LinkOverlay>
            </Heading>
            {video.description && (
              <Text color="fg.muted" fontSize="sm" lineClamp={2}>
                {video.description}
              </Text>
            )}
            <HStack aria-hidden gap="1" color="brand.fg" fontWeight="semibold" fontSize="sm">
              <LuPlay />
              <Text>Titta på video</Text>
            </HStack>
          </Card.Body>
        </Grid>
      </Card.Root>
    </LinkBox>
  );
}
