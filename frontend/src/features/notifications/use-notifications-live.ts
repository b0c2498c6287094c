import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveStatus, onNotificationsUnread } from '../../live/socket';
import { notificationKeys } from './api';

/**
 * While a member is signed in, their unread count follows the live message the server sends to their own sockets
 * only; the list is fetched again when it is next shown.
 */
export function useNotificationsLive(signedIn: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return undefined;
    const stopUnread = onNotificationsUnread((answer) => {
      client.setQueryData(notificationKeys.unread, answer);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
    });
    // Messages sent while the connection was down are lost: after a reconnect the count is asked for again.
    let wasConnected: boolean | null = null;
    const stopStatus = onLiveStatus((connected) => {
      if (connected && wasConnected === false) void client.invalidateQueries({ queryKey: notificationKeys.unread });
      wasConnected = connected;
    });
    return () => {
      stopUnread();
      stopStatus();
    };
  }, [signedIn, client]);
}
