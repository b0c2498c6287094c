import Router from '@koa/router';
import { POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE, forumApi, type ForumPost } from '@mello/contracts';
import { forumPostJson, forumPostWithRevision, forumReaderOf, forumRepliesJson, likedTargetIds, type ForumReader } from '@mello/projections';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { currentUser, requireUser } from '../auth/guards';
import { expectedRevisionOf, setRevisionETag } from '../http/concurrency';
import { jsonText, on } from '../http/contract-routes';
import { idempotentCreate } from '../http/idempotency';
import { commandContext } from '../http/request-context';
import { knownId } from '../http/validation';
import { NotFoundError, UnauthorizedError } from '../shared/errors';
import type { ForumService } from './forum-service';
import type { ForumActor } from './post';
import { viewerKey, type ViewCounter } from './view-counter';
import { isRenderRequest } from '../ssr/in-process-api';
import type { SearchEngine } from '../search/search-engine';
import { forumListPage } from './forum-list';

/** An `:id` that cannot be a post's or reply's id is that item not found (404 with the spec's message). */
export const knownPost = knownId(POST_NOT_FOUND_MESSAGE);
export const knownReply = knownId(REPLY_NOT_FOUND_MESSAGE);

/** Hidden posts and replies keep their text for the administrator only (moderation-queries.ts). */
const reader = (ctx: Context): ForumReader => forumReaderOf(currentUser(ctx));

export function forumActor(ctx: Context): ForumActor {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  // The public name, never the e-mail (product decision 10): it is written into the event for everyone to read.
  return { userId: user.id, name: user.publicName, isAdmin: user.isAdmin };
}

/**
 * The forum calls of spec section 7, registered from their contracts (contracts/src/forum/forum-api.ts). Reads
 * come from the forum read models; every write is a command (forum-service.ts) and needs a signed-in member
 * (checked before the body is validated); who may change what is decided with the post or reply.
 * The list pages by cursor (forum-list.ts); hidden posts are in the administrator's list only.
 */
export function forumRoutes(deps: { pool: DatabasePool; forum: ForumService; views: ViewCounter; search: SearchEngine }): Router {
  const { pool, forum, views } = deps;
  const router = new Router();
  // The creates take an Idempotency-Key (a retried or double-sent post or reply is made once); likes need none.
  const idempotent = idempotentCreate(pool);
  /**
   * A post as stored, plus the views counted here and not yet flushed to the log (as every reader is shown). The
   * read model's JSON is a ForumPost (checked against the contract in the tests).
   */
  const withPendingViews = (postId: string, body: string): ForumPost => {
    const post = JSON.parse(body) as ForumPost;
    return { ...post, views: post.views + views.pendingFor(postId) };
  };

  on(router, forumApi.list, async ({ query }, ctx) => jsonText(await forumListPage({ pool, search: deps.search }, query, reader(ctx))));

  on(router, forumApi.createPost, requireUser, idempotent, async ({ body }, ctx) =>
    jsonText(await forum.createPost(body, forumActor(ctx), commandContext(ctx))),
  );

  on(router, forumApi.post, knownPost, async ({ params }, ctx) => {
    const found = await forumPostWithRevision(pool, params.id, reader(ctx));
    if (found === null) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    setRevisionETag(ctx, found.revision);
    const { body } = found;
    // The server's render of the post's page reads it too: that page request counted the view (app.ts).
    if (!isRenderRequest(ctx.req)) views.record(params.id, viewerKey(ctx));
    return withPendingViews(params.id, body);
  });

  on(router, forumApi.editPost, requireUser, knownPost, async ({ params, body }, ctx) => {
    // If-Match: the revision the edit form opened (a save in between is a 412).
    const saved = await forum.editPost(params.id, body, forumActor(ctx), commandContext(ctx), expectedRevisionOf(ctx));
    setRevisionETag(ctx, saved.revision);
    return withPendingViews(params.id, saved.body);
  });

  on(router, forumApi.deletePost, requireUser, knownPost, async ({ params }, ctx) => {
    await forum.deletePost(params.id, forumActor(ctx), commandContext(ctx), expectedRevisionOf(ctx));
    return { id: params.id, deleted: true as const };
  });

  on(router, forumApi.replies, knownPost, async ({ params }, ctx) => {
    if ((await forumPostJson(pool, params.id)) === null) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    return jsonText(await forumRepliesJson(pool, params.id, reader(ctx)));
  });

  on(router, forumApi.createReply, requireUser, idempotent, knownPost, async ({ params, body }, ctx) =>
    jsonText(await forum.postReply(params.id, body.content, forumActor(ctx), commandContext(ctx))),
  );

  on(router, forumApi.likePost, requireUser, knownPost, async ({ params }, ctx) => forum.likePost(params.id, forumActor(ctx), commandContext(ctx)));

  /** Beyond the spec: which of this post and its replies the signed-in member has liked (to show them liked). */
  on(router, forumApi.myLikes, requireUser, knownPost, async ({ params }, ctx) => ({
    likedIds: await likedTargetIds(pool, forumActor(ctx).userId, params.id),
  }));

  on(router, forumApi.likeReply, requireUser, knownReply, async ({ params }, ctx) => forum.likeReply(params.id, forumActor(ctx), commandContext(ctx)));

  on(router, forumApi.deleteReply, requireUser, knownReply, async ({ params }, ctx) => {
    await forum.deleteReply(params.id, forumActor(ctx), commandContext(ctx));
    return { id: params.id, deleted: true as const };
  });

  return router;
}
