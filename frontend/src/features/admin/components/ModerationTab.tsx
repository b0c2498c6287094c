import { Badge, Box, Button, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FLAG_REASON_LABELS, type ModerationAction, type ModerationItem } from '@mello/contracts';
import { errorMessage } from '../../../api/http';
import { LoadingText } from '../../../components/LoadingText';
import { formatDate } from '../../../lib/dates';
import { moderationActionLabel, moderationActionName } from '../moderation-action-name';
import { useModerate, useModerationQueue } from '../moderation-api';

/** Which actions make sense for an item (the server refuses the others with 409). */
function actionsFor(item: ModerationItem): ModerationAction[] {
  if (item.hidden === 'admin') return ['restore'];
  if (item.hidden === 'flags') return ['hide', 'restore'];
  return ['hide', 'dismiss'];
}

/**
 * The 'Moderering' tab: flagged and hidden posts and replies, those awaiting review first, each with its flags (who,
 * reason, text, when) and the actions hide, restore and dismiss. Its count on the tab is live (moderation-api.ts).
 */
export function ModerationTab() {
  const queue = useModerationQueue();
  if (queue.isPending) return <LoadingText>Laddar modereringskön...</LoadingText>;
  if (queue.isError) {
    return (
      <Text color="fg.error" role="alert">
        Kunde inte läsa modereringskön: {errorMessage(queue.error, queue.error.message)}
      </Text>
    );
  }
  if (queue.data.items.length === 0) return <Text color="fg.muted">Inget rapporterat innehåll just nu.</Text>;
  return (
    <Stack gap="4" as="ul" listStyleType="none" aria-label="Modereringskö">
      {queue.data.items.map((item) => (
        <ModerationCard key={item.targetId} item={item} />
      ))}
    </Stack>
  );
}

function ModerationCard({ item }: { item: ModerationItem }) {
  const moderate = useModerate();
  // The toast is useModerate's: this card may be gone when the answer comes.
  const act = (action: ModerationAction) => moderate.mutate({ targetType: item.targetType, targetId: item.targetId, action });
  const what = item.targetType === 'post' ? 'Inlägg' : 'Svar';
  const pending = moderate.isPending ? moderate.variables.action : null;
  return (
    <Box as="li" borderWidth="1px" borderColor="border" borderRadius="xl" p="4" bg="bg.panel" data-testid="moderation-item">
      <Stack gap="3">
        <Flex gap="2" wrap="wrap" align="center">
          <Badge colorPalette="gray">{what}</Badge>
          {item.open && <Badge colorPalette="orange">Väntar på granskning</Badge>}
          {item.hidden === 'flags' && <Badge colorPalette="red">Dold av rapporter</Badge>}
          {item.hidden === 'admin' && <Badge colorPalette="red">Dold av dig</Badge>}
          <Link asChild fontWeight="semibold">
            <RouterLink to={`/forum/post/${item.postId}`}>{item.postTitle}</RouterLink>
          </Link>
          <Text color="fg.muted" fontSize="sm">
            av {item.authorName}
          </Text>
        </Flex>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" lineClamp={4}>
          {item.content}
        </Text>
        {item.flags.length > 0 && (
          <Stack as="ul" gap="1" fontSize="sm" aria-label="Rapporter">
            {item.flags.map((flag) => (
              <Text as="li" key={flag.userId}>
                <strong>{flag.userName}</strong> · {FLAG_REASON_LABELS[flag.reason]}
                {flag.text && <> · “{flag.text}”</>} · <time dateTime={flag.flaggedAt}>{formatDate(flag.flaggedAt)}</time>
              </Text>
            ))}
          </Stack>
        )}
        <HStack gap="2" justify="flex-end">
          {actionsFor(item).map((action) => {
            const label = moderationActionLabel(action, pending);
            return (
              <Button
                key={action}
                size="sm"
                variant={action === 'hide' ? 'solid' : 'outline'}
                colorPalette={action === 'hide' ? 'red' : 'gray'}
                disabled={moderate.isPending}
                aria-label={moderationActionName(label, item)}
                onClick={() => act(action)}
              >
                {label}
              </Button>
            );
          })}
        </HStack>
      </Stack>
    </Box>
  );
}
