import Router from '@koa/router';
import { NOTIFICATION_NOT_FOUND_MESSAGE, POST_NOT_FOUND_MESSAGE, notificationsApi } from '@mello/contracts';
import { notificationsOf, postWatchOf, unreadNotificationCount } from '@mello/projections';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { currentUser, requireUser } from '../auth/guards';
import { on } from '../http/contract-routes';
import { commandContext } from '../http/request-context';
import { knownId } from '../http/validation';
import { UnauthorizedError } from '../shared/errors';
import { memberNamesByPrefix } from './member-names';
import type { NotificationService } from './notification-service';

const me = (ctx: Context): string => {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  return user.id;
};

/**
 * Notifications, watching and the mention autocomplete (contracts/src/notifications/notifications-api.ts). Every
 * call needs a signed-in member (checked first) and reads or changes only that member's own rows: whose
 * notifications are read comes from the session, never from the request.
 */
export function notificationRoutes(deps: { pool: DatabasePool; notifications: NotificationService }): Router {
  const { pool, notifications } = deps;
  const router = new Router();

  on(router, notificationsApi.list, requireUser, async (_input, ctx) => {
    const userId = me(ctx);
    const [items, unread] = await Promise.all([notificationsOf(pool, userId), unreadNotificationCount(pool, userId)]);
    return { unread, items };
  });
  on(router, notificationsApi.unread, requireUser, async (_input, ctx) => ({ unread: await unreadNotificationCount(pool, me(ctx)) }));
  on(router, notificationsApi.markAllRead, requireUser, async (_input, ctx) => notifications.markAllRead(me(ctx), commandContext(ctx)));
  on(router, notificationsApi.markRead, requireUser, knownId(NOTIFICATION_NOT_FOUND_MESSAGE), async ({ params }, ctx) =>
    notifications.markRead(me(ctx), params.id, commandContext(ctx)),
  );
  on(router, notificationsApi.watch, requireUser, knownId(POST_NOT_FOUND_MESSAGE), async ({ params }, ctx) => ({
    watch: await postWatchOf(pool, me(ctx), params.id),
  }));
  on(router, notificationsApi.setWatch, requireUser, knownId(POST_NOT_FOUND_MESSAGE), async ({ params, body }, ctx) =>
    notifications.setWatch(params.id, me(ctx), body.watch, commandContext(ctx)),
  );
  on(router, notificationsApi.memberNames, requireUser, async ({ query }) => ({ names: await memberNamesByPrefix(pool, query.prefix) }));

  return router;
}
