import { Badge, Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuCoins } from 'react-icons/lu';
import type { ForumPost } from '@mello/contracts';
import { formatCount, formatDate } from '../../../lib/dates';
import { useNow } from '../../../app/now';
import { relativeTime } from '../../../lib/relative-time';
import { Highlight } from '../../../live/Highlight';
import { ForumBadges } from './ForumBadges';
import { ForumCounts } from './ForumCounts';
import { HiddenNotice } from './HiddenNotice';
import { PostEntryLink } from './PostEntryLink';
import { PostHistory } from './PostHistory';
import { PostMarkdown } from './PostMarkdown';
import { TagList } from './TagList';

type Props = { post: ForumPost; actions: React.ReactNode };

/** A post in view mode: badges, title, reward, content, tags, author, date, counts, then the like and owner actions. */
export function PostView({ post, actions }: Props) {
  const now = useNow();
  return (
    <Stack gap="6">
      <Stack as="header" gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <ForumBadges post={post} size="md" />
          {post.reward > 0 && (
            <Badge size="lg" variant="solid" colorPalette="gold">
              <LuCoins aria-hidden />
              Belöning: {formatCount(post.reward)} kr
            </Badge>
          )}
        </Flex>
        <Heading as="h1" id="post-title" size={{ base: '2xl', md: '4xl' }} lineHeight="1.15" overflowWrap="anywhere">
          {post.title}
        </Heading>
        <HStack gap="2" color="fg.muted" fontSize="sm" wrap="wrap">
          <Text>
            av{' '}
            <Text as="span" fontWeight="semibold" color="fg">
              {post.authorName}
            </Text>
          </Text>
          <Text aria-hidden>·</Text>
          <Text asChild title={relativeTime(post.createdAt, now)}>
            <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          </Text>
          {/* A hidden post's versions are withheld like its text (the administrator's copy has its text and history). */}
          {post.updatedAt !== post.createdAt && !(post.hidden && post.content === '') && <PostHistory postId={post.id} updatedAt={post.updatedAt} />}
        </HStack>
        {post.entryId && <PostEntryLink entryId={post.entryId} />}
      </Stack>
      {/* Hidden until reviewed: only the administrator's copy still has its text (docs/forum.md, flags and moderation). */}
      {post.hidden && <HiddenNotice target="post" admin={post.content !== ''} />}
      {(!post.hidden || post.content !== '') && (
        <Box overflowWrap="anywhere">
          <PostMarkdown text={post.content} mentions={post.mentions} />
        </Box>
      )}
      <TagList tags={post.tags} />
      <Highlight id={post.id} borderRadius="lg">
        <Flex justify="space-between" align="center" gap="4" wrap="wrap" py="3" px="1" borderTopWidth="1px" borderBottomWidth="1px" borderColor="border">
          <Box data-testid="post-counts">
            <ForumCounts post={post} />
          </Box>
          <HStack gap="2" wrap="wrap">
            {actions}
          </HStack>
        </Flex>
      </Highlight>
    </Stack>
  );
}
