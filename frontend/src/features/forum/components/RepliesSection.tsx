import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ForumReply } from '@mello/contracts';
import { LoadingText } from '../../../components/LoadingText';
import { ReplyForm } from './ReplyForm';
import { ReplyItem } from './ReplyItem';

type Props = {
  postId: string;
  replies: ForumReply[] | undefined;
  failed: boolean;
  likedIds: ReadonlySet<string>;
  userId: string | null;
  isAdmin: boolean;
};

/** 'Svar (n)': the replies oldest first, each with its like and delete, then the 'Skriv ett svar' form. */
export function RepliesSection({ postId, replies, failed, likedIds, userId, isAdmin }: Props) {
  return (
    <Box as="section" aria-labelledby="replies-heading" mt={{ base: '10', md: '12' }}>
      <Heading as="h2" id="replies-heading" size="xl" mb="5">
        Svar ({replies?.length ?? 0})
      </Heading>
      {replies === undefined ? (
        failed ? (
          <Text color="fg.muted">Kunde inte hämta svaren. Ladda om sidan för att försöka igen.</Text>
        ) : (
          <LoadingText>Laddar svar...</LoadingText>
        )
      ) : replies.length === 0 ? (
        <Text color="fg.muted" mb="2">
          Inga svar ännu. Vet du något? Bli först att svara.
        </Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap="3" aria-label="Svar">
          {replies.map((reply) => (
            <li key={reply.id}>
              <ReplyItem reply={reply} liked={likedIds.has(reply.id)} canDelete={isAdmin || reply.authorId === userId} userId={userId} />
            </li>
          ))}
        </Stack>
      )}
      <Box mt="8">
        <ReplyForm postId={postId} />
      </Box>
    </Box>
  );
}
