import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { notificationHref, notificationText, pageMeta, type Notification } from '@mello/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../../auth/current-user';
import { LoadingText } from '../../../components/LoadingText';
import { useNow } from '../../../app/now';
import { relativeTime } from '../../../lib/relative-time';
import { usePageMeta } from '../../../seo/use-page-meta';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api';

/** /notiser: the member's newest notifications; opening one marks it read and goes to the reply or post. */
export default function NotificationsPage() {
  usePageMeta(pageMeta.notifications());
  const { user, isLoading } = useCurrentUser();
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      {isLoading ? <LoadingText>Laddar notiser...</LoadingText> : user ? <NotificationList /> : <Text>Logga in för att se dina notiser.</Text>}
    </Container>
  );
}

function NotificationList() {
  const { data, isPending } = useNotifications();
  const markAll = useMarkAllRead();
  if (isPending) return <LoadingText>Laddar notiser...</LoadingText>;
  const items = data?.items ?? [];
  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="2xl">
          Notiser
        </Heading>
        <Button size="sm" variant="outline" onClick={() => markAll.mutate()} disabled={(data?.unread ?? 0) === 0} loading={markAll.isPending}>
          Markera alla som lästa
        </Button>
      </Flex>
      {items.length === 0 ? (
        <Text color="fg.muted">Inga notiser än. Du får en när någon svarar dig, nämner dig eller gillar det du skrivit.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const markRead = useMarkRead();
  const now = useNow();
  const navigate = useNavigate();
  const href = notificationHref(item);
  return (
    <Box as="li" borderWidth="1px" borderColor={item.read ? 'border' : 'gold.fg'} borderRadius="lg" bg={item.read ? 'bg.panel' : 'bg.emphasized'} p="4">
      <Flex gap="3" justify="space-between" align="flex-start">
        <Stack gap="1" flex="1">
          <Link
            to={href}
            data-testid="notification"
            onClick={(event) => {
              // Marked read first, then opened (a failure to mark it still opens it).
              if (item.read) return;
              event.preventDefault();
              markRead.mutate(item.id, { onSettled: () => void navigate(href) });
            }}
          >
            <Text fontWeight={item.read ? 'normal' : 'semibold'}>{notificationText(item)}</Text>
          </Link>
          {item.excerpt && (
            <Text color="fg.muted" fontSize="sm" lineClamp={2}>
              {item.excerpt}
            </Text>
          )}
          <Text color="fg.subtle" fontSize="xs">
            {relativeTime(item.updatedAt, now)}
          </Text>
        </Stack>
        {!item.read && (
          <Button size="xs" variant="ghost" onClick={() => markRead.mutate(item.id)} loading={markRead.isPending}>
            Markera som läst
          </Button>
        )}
      </Flex>
    </Box>
  );
}
