import Router from '@koa/router';
import { POST_NOT_FOUND_MESSAGE, revisionsApi } from '@mello/contracts';
import type { EventStore } from '../event-store/port';
import { on } from '../http/contract-routes';
import { NotFoundError } from '../shared/errors';
import { knownPost } from './forum-routes';
import { forumPostStream } from './post';
import { postRevisions } from './post-revisions';

/** A post's edit history for every reader (post-revisions.ts), read from its stream in the log. */
export function revisionRoutes(deps: { store: EventStore }): Router {
  const router = new Router();
  on(router, revisionsApi.postRevisions, knownPost, async ({ params }) => {
    const revisions = postRevisions(params.id, await deps.store.readStream(forumPostStream(params.id)));
    if (revisions === null) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    return revisions;
  });
  return router;
}
