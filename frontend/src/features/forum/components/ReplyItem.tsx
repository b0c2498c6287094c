import { useState } from 'react';
import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import type { ForumReply } from '@mello/contracts';
import { formatDate } from '../../../lib/dates';
import { useNow } from '../../../app/now';
import { relativeTime } from '../../../lib/relative-time';
import { Highlight } from '../../../live/Highlight';
import { useDeleteReply, useLikeReply } from '../api';
import { ConfirmDialog } from '../../../components/content/ConfirmDialog';
import { useMyBookmarks } from '../bookmarks-api';
import { BookmarkButton } from './BookmarkButton';
import { FlagButton } from './FlagButton';
import { HiddenNotice } from './HiddenNotice';
import { LikeButton } from './LikeButton';
import { PostMarkdown } from './PostMarkdown';

type Props = { reply: ForumReply; liked: boolean; canDelete: boolean; userId: string | null };

/** One reply: author, time, text, its like button, and 'Radera' (with confirmation) for its author and the admin. */
export function ReplyItem({ reply, liked, canDelete, userId }: Props) {
  const now = useNow();
  const like = useLikeReply(reply.postId, userId);
  const remove = useDeleteReply(reply.postId);
  const [confirming, setConfirming] = useState(false);
  const savedIds = useMyBookmarks(reply.postId, userId);

  // The toasts are useDeleteReply's: this reply may be off the page when the answer comes.
  const confirmDelete = () => remove.mutate(reply.id, { onSettled: () => setConfirming(false) });

  return (
    <Highlight id={reply.id}>
      <Box
        as="article"
        // Where a notification about this reply leads (notificationHref).
        id={`svar-${reply.id}`}
        scrollMarginTop="24"
        aria-label={`Svar från ${reply.authorName}`}
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        borderRadius="xl"
        p={{ base: '4', md: '5' }}
      >
        <Stack gap="3">
          <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text fontWeight="semibold" color="fg">
              {reply.authorName}
            </Text>
            <Text aria-hidden>·</Text>
            <Text asChild title={formatDate(reply.createdAt)}>
              <time dateTime={reply.createdAt}>{relativeTime(reply.createdAt, now)}</time>
            </Text>
          </HStack>
          {reply.hidden && <HiddenNotice target="reply" admin={reply.content !== ''} />}
          {(!reply.hidden || reply.content !== '') && (
            <Box overflowWrap="anywhere">
              <PostMarkdown text={reply.content} mentions={reply.mentions} />
            </Box>
          )}
          <Flex gap="2" justify="flex-end" wrap="wrap">
            {userId && <BookmarkButton postId={reply.postId} userId={userId} targetType="reply" targetId={reply.id} saved={savedIds.has(reply.id)} size="xs" />}
            <LikeButton
              target="svar"
              size="xs"
              likes={reply.likes}
              authorId={reply.authorId}
              liked={liked}
              pending={like.isPending}
              like={(callbacks) => like.mutate(reply.id, callbacks)}
              fallbackError="Failed to like reply"
            />
            <FlagButton targetType="reply" targetId={reply.id} authorId={reply.authorId} size="xs" />
            {canDelete && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => setConfirming(true)}
                disabled={remove.isPending}
                aria-label={`Radera svaret från ${reply.authorName}`}
              >
                <LuTrash2 aria-hidden />
                {remove.isPending ? 'Raderar...' : 'Radera'}
              </Button>
            )}
          </Flex>
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Radera svar?"
        description={`Svaret från ${reply.authorName} raderas permanent. Detta går inte att ångra.`}
        confirmName={`Radera svaret från ${reply.authorName}`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Highlight>
  );
}
