import Router from '@koa/router';
import { bookmarksApi } from '@mello/contracts';
import { bookmarkedIdsInPost, forumReaderOf, memberBookmarks } from '@mello/projections';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { currentUser, requireUser } from '../auth/guards';
import { on } from '../http/contract-routes';
import { commandContext } from '../http/request-context';
import { UnauthorizedError } from '../shared/errors';
import type { BookmarkService } from './bookmark-service';
import { knownPost, knownReply } from './forum-routes';

const memberId = (ctx: Context): string => {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  return user.id;
};

/**
 * Bookmarks (contracts/src/forum/bookmarks-api.ts): every call is the signed-in member's own; nothing here takes a
 * member id from the request, so no member can read or change another's bookmarks.
 */
export function bookmarkRoutes(deps: { pool: DatabasePool; bookmarks: BookmarkService }): Router {
  const { pool, bookmarks } = deps;
  const router = new Router();

  on(router, bookmarksApi.list, requireUser, async (_input, ctx) => memberBookmarks(pool, memberId(ctx), forumReaderOf(currentUser(ctx))));
  on(router, bookmarksApi.myBookmarks, requireUser, knownPost, async ({ params }, ctx) => ({
    savedIds: await bookmarkedIdsInPost(pool, memberId(ctx), params.id),
  }));
  on(router, bookmarksApi.savePost, requireUser, knownPost, async ({ params }, ctx) => bookmarks.save(memberId(ctx), 'post', params.id, commandContext(ctx)));
  on(router, bookmarksApi.unsavePost, requireUser, knownPost, async ({ params }, ctx) =>
    bookmarks.remove(memberId(ctx), 'post', params.id, commandContext(ctx)),
  );
  on(router, bookmarksApi.saveReply, requireUser, knownReply, async ({ params }, ctx) =>
    bookmarks.save(memberId(ctx), 'reply', params.id, commandContext(ctx)),
  );
  on(router, bookmarksApi.unsaveReply, requireUser, knownReply, async ({ params }, ctx) =>
    bookmarks.remove(memberId(ctx), 'reply', params.id, commandContext(ctx)),
  );
  return router;
}
