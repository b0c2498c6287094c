import Router from '@koa/router';
import { moderationApi } from '@mello/contracts';
import { moderationItems, openModerationCount } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { requireAdmin, requireUser } from '../../auth/guards';
import { on } from '../../http/contract-routes';
import { commandContext } from '../../http/request-context';
import { forumActor, knownPost, knownReply } from '../forum-routes';
import type { ModerationService } from './moderation-service';

/**
 * Flags (a signed-in member; checked before the body) and the administrator's queue and actions, registered from
 * their contracts (contracts/src/forum/moderation-api.ts). POSTs take the per-user write limit like every write.
 */
export function moderationRoutes(deps: { pool: DatabasePool; moderation: ModerationService }): Router {
  const { pool, moderation } = deps;
  const router = new Router();

  on(router, moderationApi.flagPost, requireUser, knownPost, async ({ params, body }, ctx) =>
    moderation.flag('post', params.id, body, forumActor(ctx), commandContext(ctx)),
  );
  on(router, moderationApi.flagReply, requireUser, knownReply, async ({ params, body }, ctx) =>
    moderation.flag('reply', params.id, body, forumActor(ctx), commandContext(ctx)),
  );

  on(router, moderationApi.queue, requireAdmin, async () => {
    const [items, open] = await Promise.all([moderationItems(pool), openModerationCount(pool)]);
    return { open, items };
  });
  on(router, moderationApi.moderatePost, requireAdmin, knownPost, async ({ params, body }, ctx) =>
    moderation.moderate('post', params.id, body.action, forumActor(ctx), commandContext(ctx)),
  );
  on(router, moderationApi.moderateReply, requireAdmin, knownReply, async ({ params, body }, ctx) =>
    moderation.moderate('reply', params.id, body.action, forumActor(ctx), commandContext(ctx)),
  );
  return router;
}
