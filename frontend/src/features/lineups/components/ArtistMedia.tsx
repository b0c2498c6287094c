import { Badge, Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { forumPostPath, type ArtistThread, type ArtistVideo } from '@mello/contracts';
import { LuExternalLink, LuMessageSquare, LuVideo } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { forumCategoryLabel } from '../../../lib/badges';
import { formatDate } from '../../../lib/dates';
import { VisuallyNewTab } from '../../../components/content/VisuallyNewTab';

const replies = (count: number) => (count === 1 ? '1 svar' : `${count} svar`);

/**
 * The artist page's media (GET /api/artists/{slug}: `videos`, `threads`): 'Videor', each opening the video in a
 * new tab, and 'Trådar i forumet', each linking to the post. A section with nothing in it is left out.
 */
export function ArtistMedia({ videos, threads }: { videos: readonly ArtistVideo[]; threads: readonly ArtistThread[] }) {
  return (
    <>
      {videos.length > 0 && (
        <Box as="section" aria-labelledby="artist-videos">
          <Heading as="h2" id="artist-videos" size="xl" mb="4">
            Videor
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {videos.map((video) => (
              <li key={video.id}>
                <Link href={video.videoUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
                  <LuVideo aria-hidden />
                  {video.year} · {video.title}
                  <VisuallyNewTab />
                  <LuExternalLink aria-hidden />
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      )}
      {threads.length > 0 && (
        <Box as="section" aria-labelledby="artist-threads">
          <Heading as="h2" id="artist-threads" size="xl" mb="4">
            Trådar i forumet
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {threads.map((thread) => (
              <Flex as="li" key={thread.id} gap="3" align="center" wrap="wrap">
                <Link asChild color="brand.fg" fontWeight="semibold">
                  <RouterLink to={forumPostPath(thread.id)}>
                    <LuMessageSquare aria-hidden />
                    {thread.title}
                  </RouterLink>
                </Link>
                <Badge variant="subtle">{forumCategoryLabel(thread.category)}</Badge>
                {thread.status === 'solved' && (
                  <Badge variant="subtle" colorPalette="green">
                    Löst
                  </Badge>
                )}
                <Text color="fg.muted" fontSize="sm">
                  {formatDate(thread.createdAt)} · {replies(thread.repliesCount)}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Box>
      )}
    </>
  );
}
