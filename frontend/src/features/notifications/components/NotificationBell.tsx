import { Box, IconButton } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../../auth/current-user';
import { useUnreadCount } from '../api';
import { useNotificationsLive } from '../use-notifications-live';

/** The navigation's bell: only for a signed-in member, with their unread count, kept up to date live. */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const signedIn = user !== null;
  const unread = useUnreadCount(signedIn).data?.unread ?? 0;
  useNotificationsLive(signedIn);
  if (!signedIn) return null;
  const label = unread === 0 ? 'Notiser' : `Notiser, ${unread} olästa`;
  return (
    <IconButton asChild variant="ghost" size="sm" aria-label={label} title={label} position="relative">
      <Link to="/notiser" data-testid="notification-bell">
        <LuBell aria-hidden />
        {unread > 0 && (
          <Box
            as="span"
            aria-hidden
            data-testid="notification-count"
            position="absolute"
            top="0"
            right="0"
            minW="4"
            h="4"
            px="1"
            borderRadius="full"
            bg="red.500"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="4"
            textAlign="center"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        )}
      </Link>
    </IconButton>
  );
}
