import Router from '@koa/router';
import { HIDDEN_POST_NOTICE, POST_NOT_FOUND_MESSAGE, revisionsApi } from '@mello/contracts';
import { isHiddenItem } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import { currentUser } from '../auth/guards';
import type { EventStore } from '../event-store/port';
import { on } from '../http/contract-routes';
import { ForbiddenError, NotFoundError } from '../shared/errors';
import { knownPost } from './forum-routes';
import { forumPostStream } from './post';
import { postRevisions } from './post-revisions';

/**
 * A post's edit history for every reader (post-revisions.ts), read from its stream in the log. A post hidden by
 * moderation has no readable history except for the administrator: its versions are the text being withheld.
 */
export function revisionRoutes(deps: { store: EventStore; pool: DatabasePool }): Router {
  const router = new Router();
  on(router, revisionsApi.postRevisions, knownPost, async ({ params }, ctx) => {
    const revisions = postRevisions(params.id, await deps.store.readStream(forumPostStream(params.id)));
    if (revisions === null) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    if (currentUser(ctx)?.isAdmin !== true && (await isHiddenItem(deps.pool, params.id))) throw new ForbiddenError(HIDDEN_POST_NOTICE);
    return revisions;
  });
  return router;
}
