import Router from '@koa/router';
import {
  ForumPostCreateInputSchema,
  ForumPostEditInputSchema,
  ForumReplyInputSchema,
  POST_NOT_FOUND_MESSAGE,
  REPLY_NOT_FOUND_MESSAGE,
} from '@mello/contracts';
import { forumPostJson, forumPostWithRevision, forumRepliesJson, likedTargetIds } from '@mello/projections';
import type { Context } from 'koa';
import type { DatabasePool } from 'slonik';
import { currentUser, requireUser } from '../auth/guards';
import { expectedRevisionOf, setRevisionETag } from '../http/concurrency';
import { idempotentCreate } from '../http/idempotency';
import { commandContext } from '../http/request-context';
import { isUuid, parseBody } from '../http/validation';
import { NotFoundError, UnauthorizedError } from '../shared/errors';
import type { ForumService } from './forum-service';
import type { ForumActor } from './post';
import type { ViewCounter } from './view-counter';

const knownId = (id: string | undefined, message: string) => {
  if (!id || !isUuid(id)) throw new NotFoundError(message);
  return id;
};

function forumActor(ctx: Context): ForumActor {
  const user = currentUser(ctx);
  if (!user) throw new UnauthorizedError();
  // The public name, never the e-mail (product decision 10): it is written into the event for everyone to read.
  return { userId: user.id, name: user.publicName, isAdmin: user.isAdmin };
}

const json = (ctx: Context, body: string, status = 200) => {
  ctx.status = status;
  ctx.type = 'json';
  ctx.body = body;
};

/**
 * The forum calls of spec section 7. Reads come from the forum read models; every write is a command
 * (forum-service.ts) and needs a signed-in member; who may change what is decided with the post or reply.
 * The list itself is GET /api/search/forum (search-routes.ts).
 */
export function forumRoutes(deps: { pool: DatabasePool; forum: ForumService; views: ViewCounter }): Router {
  const { pool, forum, views } = deps;
  const router = new Router({ prefix: '/api/forum' });
  // The creates take an Idempotency-Key (a retried or double-sent post or reply is made once); likes need none.
  const idempotent = idempotentCreate(pool);
  /** A post as stored, plus the views counted here and not yet flushed to the log (as every reader is shown). */
  const withPendingViews = (postId: string, body: string) => {
    const post = JSON.parse(body) as { views: number };
    return { ...post, views: post.views + views.pendingFor(postId) };
  };

  router.post('/posts', requireUser, idempotent, async (ctx) => {
    const input = parseBody(ForumPostCreateInputSchema, ctx.request.body);
    json(ctx, await forum.createPost(input, forumActor(ctx), commandContext(ctx)), 201);
  });

  router.get('/posts/:id', async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    const found = await forumPostWithRevision(pool, postId);
    if (found === null) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    setRevisionETag(ctx, found.revision);
    const { body } = found;
    // A viewer is the signed-in member or, for visitors, the address: a reload within the window is not a view.
    views.record(postId, currentUser(ctx)?.id ?? `ip:${ctx.ip}`);
    ctx.body = withPendingViews(postId, body);
  });

  router.put('/posts/:id', requireUser, async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    const input = parseBody(ForumPostEditInputSchema, ctx.request.body);
    // If-Match: the revision the edit form opened (a save in between is a 412).
    const saved = await forum.editPostAt(postId, input, forumActor(ctx), commandContext(ctx), expectedRevisionOf(ctx));
    setRevisionETag(ctx, saved.revision);
    ctx.body = withPendingViews(postId, saved.body);
  });

  router.delete('/posts/:id', requireUser, async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    await forum.deletePost(postId, forumActor(ctx), commandContext(ctx), expectedRevisionOf(ctx));
    ctx.body = { id: postId, deleted: true };
  });

  router.get('/posts/:id/replies', async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    if ((await forumPostJson(pool, postId)) === null) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    json(ctx, await forumRepliesJson(pool, postId));
  });

  router.post('/posts/:id/replies', requireUser, idempotent, async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    const { content } = parseBody(ForumReplyInputSchema, ctx.request.body);
    json(ctx, await forum.postReply(postId, content, forumActor(ctx), commandContext(ctx)), 201);
  });

  router.post('/posts/:id/like', requireUser, async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    ctx.body = await forum.likePost(postId, forumActor(ctx), commandContext(ctx));
  });

  /** Beyond the spec: which of this post and its replies the signed-in member has liked (to show them liked). */
  router.get('/posts/:id/my-likes', requireUser, async (ctx) => {
    const postId = knownId(ctx.params.id, POST_NOT_FOUND_MESSAGE);
    ctx.body = { likedIds: await likedTargetIds(pool, forumActor(ctx).userId, postId) };
  });

  router.post('/replies/:id/like', requireUser, async (ctx) => {
    const replyId = knownId(ctx.params.id, REPLY_NOT_FOUND_MESSAGE);
    ctx.body = await forum.likeReply(replyId, forumActor(ctx), commandContext(ctx));
  });

  router.delete('/replies/:id', requireUser, async (ctx) => {
    const replyId = knownId(ctx.params.id, REPLY_NOT_FOUND_MESSAGE);
    await forum.deleteReply(replyId, forumActor(ctx), commandContext(ctx));
    ctx.body = { id: replyId, deleted: true };
  });

  return router;
}
