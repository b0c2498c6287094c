import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../../auth/current-user';

const NotificationBell = lazy(() => import('./NotificationBell').then((module) => ({ default: module.NotificationBell })));

/**
 * Where the navigation's bell goes. Its code (the live socket included, ~15 kB gzipped) is loaded only for a
 * signed-in member, so no visitor's first page pays for it; and only once the user is known, after hydration,
 * so the server's HTML (the same for everyone) never has it.
 */
export function NotificationBellSlot() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
