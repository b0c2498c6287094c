import { route } from '../http/route';
import { MemberNamesQuerySchema, MemberNamesSchema, NotificationListSchema, PostWatchInputSchema, PostWatchSchema, UnreadCountSchema } from './notifications';

/**
 * Notifications, watching and the mention autocomplete. Every call needs a signed-in member and acts on their own
 * notifications only: another member's notification id is 404, as an unknown one is.
 */
export const notificationsApi = {
  list: route({ method: 'GET', path: '/api/notifications', response: NotificationListSchema, summary: 'Medlemmens senaste notiser och antal olästa' }),
  unread: route({ method: 'GET', path: '/api/notifications/unread', response: UnreadCountSchema, summary: 'Antal olästa notiser (medlem)' }),
  markRead: route({ method: 'POST', path: '/api/notifications/:id/read', response: UnreadCountSchema, summary: 'Markerar en notis som läst (bara egna)' }),
  markAllRead: route({ method: 'POST', path: '/api/notifications/read-all', response: UnreadCountSchema, summary: 'Markerar alla notiser som lästa' }),
  watch: route({ method: 'GET', path: '/api/forum/posts/:id/watch', response: PostWatchSchema, summary: 'Om medlemmen bevakar eller tystar inlägget' }),
  setWatch: route({
    method: 'PUT',
    path: '/api/forum/posts/:id/watch',
    body: PostWatchInputSchema,
    response: PostWatchSchema,
    labels: { watch: 'Bevakning' },
    summary: 'Bevakar (watching) eller tystar (muted) ett inlägg',
  }),
  memberNames: route({
    method: 'GET',
    path: '/api/members/names',
    query: MemberNamesQuerySchema,
    response: MemberNamesSchema,
    summary: 'Visningsnamn som börjar så (för @-omnämnanden; medlem, aldrig e-postadresser)',
  }),
};
