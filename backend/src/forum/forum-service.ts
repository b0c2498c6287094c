import {
  FORUM_ENTRY_NOT_FOUND_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  REPLY_NOT_FOUND_MESSAGE,
  STALE_EDIT_MESSAGES,
  type ForumPostCreateInput,
  type ForumPostEditInput,
  type ForumPostLiked,
  type ForumReplyLiked,
  type EventOf,
} from '@mello/contracts';
import { entryRefView, forumPostCreatedDoc, forumPostEditedFields, forumPostJson, forumReplyJson, forumReplyPostedDoc } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { ReadModelWaiter } from '../archive/document-service';
import { WrongExpectedRevisionError, type EventStore, type LogPosition } from '../event-store/port';
import { resolveMentions } from '../notifications/member-names';
import { handleCommand, loadAggregate, newItemId, toNewEvents, type CommandContext } from '../shared/command-handler';
import { ConflictError, NotFoundError } from '../shared/errors';
import { decidePostLike, decideReplyLike, postLikeStream, replyLikeStream } from './like';
import { forumPostStream, postDecider, type ForumActor } from './post';
import { forumReplyStream, replyDecider } from './reply';

/**
 * The forum's application service: each command loads the streams it needs, decides, appends, and answers only
 * once the read models show the change (read your writes), with the document as the read model holds it. A new post
 * or reply the read model has not reached within the wait's bound (the live runner paused, e.g. by a rebuild's swap)
 * is answered with the document its own event makes (the projection's definition): it is stored, and an answer
 * that says otherwise would have the client post it twice.
 */
export function createForumService(deps: { store: EventStore; readModels: ReadModelWaiter; pool: DatabasePool }) {
  const { store, readModels, pool } = deps;
  const now = () => new Date().toISOString();
  const settle = (position: LogPosition | null) => readModels.waitFor(position);

  const stalePost = (expected: number | undefined) =>
    expected === undefined ? undefined : { revision: expected, staleMessage: STALE_EDIT_MESSAGES.forumPost };

  const loadPost = (postId: string) => loadAggregate(store, forumPostStream(postId), postDecider);
  const loadReply = (replyId: string) => loadAggregate(store, forumReplyStream(replyId), replyDecider);

  const postJson = async (postId: string, missing = POST_NOT_FOUND_MESSAGE) => {
    const body = await forumPostJson(pool, postId);
    if (body === null) throw new NotFoundError(missing);
    return body;
  };

  /** Appends a like's only event; a second like of the same target by the same user is already there. */
  /**
   * A member's like of one item is its own stream, appended once. A repeated like appends nothing and answers the
   * position of the like already there: the answer's count waits for that like as for a new one (a repeat sent
   * while the first was being counted answered 0 likes and liked).
   */
  const appendLike = async (stream: string, events: Parameters<typeof toNewEvents>[0], context: CommandContext) => {
    try {
      return (await store.appendToStream(stream, toNewEvents(events, context), { expectedRevision: 'no_stream' })).position;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      return (await store.readStream(stream)).at(-1)?.position ?? null;
    }
  };

  /**
   * What an earlier run of the same keyed create appended (newItemId gives every run of it the same id): its
   * stream's position and the post as it stands, or null when there is none and this run creates it. Deleted
   * since: 404, as the post would be answered now.
   */
  const postMadeEarlier = async (postId: string, context: CommandContext) => {
    if (context.idempotencySeed === undefined) return null;
    const { state, position } = await loadPost(postId);
    if (state.status === 'none') return null;
    if (state.status === 'deleted') throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
    const created: EventOf<'ForumPostCreated'>['data'] = { postId, ...state.post };
    return { position, created };
  };
  const replyMadeEarlier = async (replyId: string, context: CommandContext) => {
    if (context.idempotencySeed === undefined) return null;
    const { state, position } = await loadReply(replyId);
    if (state.status === 'none') return null;
    if (state.status === 'deleted') throw new NotFoundError(REPLY_NOT_FOUND_MESSAGE);
    return { position, posted: state.reply };
  };

  /**
   * Runs a create's append; when it conflicts because a run of the same keyed create appended meanwhile (one still
   * running past the takeover), answers what that run made (`earlier`: null when there is none, and the conflict
   * stands).
   */
  const orMadeEarlier = async <T>(append: () => Promise<T>, earlier: () => Promise<T | null>): Promise<T> => {
    try {
      return await append();
    } catch (error) {
      const raced = error instanceof ConflictError ? await earlier() : null;
      if (raced === null) throw error;
      return raced;
    }
  };

  const appendPost = async (postId: string, input: ForumPostCreateInput, by: ForumActor, context: CommandContext) => {
    // A hunt for an entry names one the archive has (checked in the read model, which holds every entry whose
    // creation has answered). An entry deleted later leaves the post as it is: its links then lead nowhere.
    if (input.entryId !== null && (await entryRefView(pool, input.entryId)) === null) throw new NotFoundError(FORUM_ENTRY_NOT_FOUND_MESSAGE);
    const mentions = await resolveMentions(pool, input.content);
    const command = { type: 'create' as const, postId, input, mentions, by, now: now() };
    return orMadeEarlier(
      async () => {
        const result = await handleCommand(store, forumPostStream(postId), postDecider, command, context);
        return { position: result.position, created: result.events.find((event) => event.type === 'ForumPostCreated')?.data };
      },
      () => postMadeEarlier(postId, context),
    );
  };

  const appendReply = async (replyId: string, postId: string, content: string, by: ForumActor, context: CommandContext) => {
    const post = await loadPost(postId);
    const mentions = await resolveMentions(pool, content);
    const command = { type: 'post' as const, replyId, postId, postIsLive: post.state.status === 'active', content, mentions, by, now: now() };
    return orMadeEarlier(
      async () => {
        const result = await handleCommand(store, forumReplyStream(replyId), replyDecider, command, context);
        return { position: result.position, posted: result.events.find((event) => event.type === 'ForumReplyPosted')?.data };
      },
      () => replyMadeEarlier(replyId, context),
    );
  };

  return {
    /** A keyed create (idempotency.ts) run again after its first run appended answers the post that run made. */
    async createPost(input: ForumPostCreateInput, by: ForumActor, context: CommandContext): Promise<string> {
      const postId = newItemId(context);
      const { position, created } = (await postMadeEarlier(postId, context)) ?? (await appendPost(postId, input, by, context));
      const reached = await settle(position);
      const body = await forumPostJson(pool, postId);
      if (body !== null) return body;
      if (reached || created === undefined) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
      return JSON.stringify(forumPostCreatedDoc(created));
    },

    /** The edit, optionally only while the post is at the revision the form opened (If-Match: else 412); answers the new revision. */
    async editPost(
      postId: string,
      input: ForumPostEditInput,
      by: ForumActor,
      context: CommandContext,
      expected?: number,
    ): Promise<{ body: string; revision: number }> {
      // An edit's new text is resolved like a new post's: a member it names for the first time is notified.
      const mentions = input.content === undefined ? null : await resolveMentions(pool, input.content);
      const command = { type: 'edit' as const, input, mentions, by, now: now() };
      const result = await handleCommand(store, forumPostStream(postId), postDecider, command, context, stalePost(expected));
      const reached = await settle(result.position);
      const body = await postJson(postId);
      const edited = result.events.find((event) => event.type === 'ForumPostEdited');
      if (reached || edited === undefined) return { body, revision: result.revision };
      // Late: the row as it was, with this edit's fields over it, as the projection will write it (a hidden post's
      // masked text stays masked).
      const before = JSON.parse(body) as { hidden?: boolean };
      if (before.hidden) return { body, revision: result.revision };
      return { body: JSON.stringify({ ...before, ...forumPostEditedFields(edited.data) }), revision: result.revision };
    },

    async deletePost(postId: string, by: ForumActor, context: CommandContext, expected?: number): Promise<void> {
      const result = await handleCommand(store, forumPostStream(postId), postDecider, { type: 'delete', by }, context, stalePost(expected));
      await settle(result.position);
    },

    /** As createPost: a keyed create run again after its first run appended answers the reply that run made. */
    async postReply(postId: string, content: string, by: ForumActor, context: CommandContext): Promise<string> {
      const replyId = newItemId(context);
      const { position, posted } = (await replyMadeEarlier(replyId, context)) ?? (await appendReply(replyId, postId, content, by, context));
      const reached = await settle(position);
      const body = await forumReplyJson(pool, replyId);
      if (body !== null) return body;
      // The post was deleted between the check and the append: the reply has nothing to belong to (the projection
      // does not show it either).
      if (reached || posted === undefined || (await loadPost(postId)).state.status !== 'active') throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
      return JSON.stringify(forumReplyPostedDoc(posted));
    },

    async deleteReply(replyId: string, by: ForumActor, context: CommandContext): Promise<void> {
      const reply = await loadReply(replyId);
      const postId = reply.state.status === 'none' ? null : reply.state.reply.postId;
      const postIsLive = postId !== null && (await loadPost(postId)).state.status === 'active';
      const result = await handleCommand(store, forumReplyStream(replyId), replyDecider, { type: 'delete', postIsLive, by }, context);
      await settle(result.position);
    },

    async likePost(postId: string, by: ForumActor, context: CommandContext): Promise<ForumPostLiked> {
      const { state } = await loadPost(postId);
      const target = { live: state.status === 'active', authorId: state.status === 'none' ? null : state.post.authorId };
      const events = decidePostLike(target, { postId, userId: by.userId, now: now() });
      const position = await appendLike(postLikeStream(postId, by.userId), events, context);
      const reached = await settle(position);
      const post = JSON.parse(await postJson(postId)) as { likes: number };
      // Late: the read model's count does not hold this like yet (or, for a repeat, the like already there).
      return { postId, likes: post.likes + (reached ? 0 : 1), liked: true };
    },

    async likeReply(replyId: string, by: ForumActor, context: CommandContext): Promise<ForumReplyLiked> {
      const { state } = await loadReply(replyId);
      const postId = state.status === 'none' ? null : state.reply.postId;
      const postIsLive = postId !== null && (await loadPost(postId)).state.status === 'active';
      const target = { live: state.status === 'active' && postIsLive, authorId: state.status === 'none' ? null : state.reply.authorId, postId };
      const events = decideReplyLike(target, { replyId, userId: by.userId, now: now() });
      const position = await appendLike(replyLikeStream(replyId, by.userId), events, context);
      const reached = await settle(position);
      const body = await forumReplyJson(pool, replyId);
      if (body === null) throw new NotFoundError(REPLY_NOT_FOUND_MESSAGE);
      const likes = (JSON.parse(body) as { likes: number }).likes + (reached ? 0 : 1);
      return { replyId, postId: postId!, likes, liked: true };
    },
  };
}

export type ForumService = ReturnType<typeof createForumService>;
