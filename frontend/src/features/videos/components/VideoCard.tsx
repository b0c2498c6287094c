import { Badge, Box, Button, Card, Heading, HStack, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { linkCardStyle } from '../../../components/content/link-card';
import { Link as RouterLink } from 'react-router-dom';
import { LuPencil } from 'react-icons/lu';
import type { Video, VideoView } from '@mello/contracts';
import { useCurrentUser } from '../../../auth/current-user';
import { videoCategoryLabel, videoPlatformLabel } from '../../../lib/badges';
import { ConfirmDeleteButton } from '../../../components/content/ConfirmDeleteButton';
import { useDeleteVideo } from '../use-delete-video';
import { VideoMeta } from '../../../components/videos/VideoMeta';
import { VideoEntryLinks } from './VideoEntryLinks';
import { VideoThumbnail } from '../../../components/videos/VideoThumbnail';
import { VisuallyNewTab } from '../../../components/content/VisuallyNewTab';

/**
 * One video of the archive. The whole card opens the video on its platform in a new tab (the title is the
 * link; the card is its hit area). When the video shows an entry of the archive, links lead to the entry on its
 * year page and to the artist. The administrator also gets 'Redigera' and 'Radera' below it.
 */
export function VideoCard({ video }: { video: VideoView }) {
  const { isAdmin } = useCurrentUser();
  return (
    <Card.Root flex="1" overflow="hidden" {...linkCardStyle('2px')}>
      <LinkBox flex="1" display="flex" flexDirection="column">
        <Box position="relative">
          <VideoThumbnail src={video.thumbnailUrl} alt={`Bild ur videon ${video.title} med ${video.artist}`} />
          <HStack position="absolute" top="2" left="2" gap="2">
            <Badge colorPalette="brand" variant="solid">
              {videoPlatformLabel(video.platform)}
            </Badge>
            {video.isRare && (
              <Badge colorPalette="gold" variant="solid">
                Sällsynt
              </Badge>
            )}
          </HStack>
        </Box>
        <Card.Body gap="2" p="4">
          <HStack gap="2">
            <Badge colorPalette="gold" variant="subtle">
              {videoCategoryLabel(video.category)}
            </Badge>
          </HStack>
          <Heading as="h3" size="md" lineHeight="short">
            <LinkOverlay href={video.videoUrl} target="_blank" rel="noopener noreferrer">
              {video.title}
              <VisuallyNewTab />
            </LinkOverlay>
          </Heading>
          <Text color="fg.muted">{video.artist}</Text>
          <VideoMeta video={video} />
          {video.entry && <VideoEntryLinks entry={video.entry} />}
        </Card.Body>
      </LinkBox>
      {isAdmin && <VideoAdminActions video={video} />}
    </Card.Root>
  );
}

function VideoAdminActions({ video }: { video: Video }) {
  const remove = useDeleteVideo();
  return (
    <Card.Footer gap="2" px="4" pb="4" pt="0">
      <Button asChild size="sm" variant="outline">
        <RouterLink to={`/admin/edit-video/${encodeURIComponent(video.id)}`}>
          <LuPencil aria-hidden />
          Redigera
        </RouterLink>
      </Button>
      <ConfirmDeleteButton what={`videon "${video.title}"`} pending={remove.isPending} onConfirm={() => remove.mutate(video.id)} />
    </Card.Footer>
  );
}
