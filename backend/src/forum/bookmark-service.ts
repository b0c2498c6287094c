import { POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE, type BookmarkState, type BookmarkTarget } from '@mello/contracts';
import { forumPostExists, forumReplyJson, isBookmarked } from '@mello/projections';
import type { DatabasePool } from 'slonik';
import type { ReadModelWaiter } from '../archive/document-service';
import type { EventStore } from '../event-store/port';
import { handleCommand, type CommandContext } from '../shared/command-handler';
import { ConflictError, NotFoundError } from '../shared/errors';
import { bookmarkDecider, bookmarkStream, type BookmarkCommand } from './bookmark';

/**
 * Saving and unsaving: the item must be live (read model) to be saved; removing a bookmark of an item that is gone
 * is allowed. Answers the item's state once the bookmarks read model shows the change (read your writes), or as the
 * command left it when the read model is late.
 */
export function createBookmarkService(deps: { store: EventStore; readModels: ReadModelWaiter; pool: DatabasePool }) {
  const { store, readModels, pool } = deps;

  /** The post a reply belongs to (null when the reply is not live); a post is its own. */
  const postOf = async (targetType: BookmarkTarget, targetId: string): Promise<string | null> => {
    if (targetType === 'post') return (await forumPostExists(pool, targetId)) ? targetId : null;
    const reply = await forumReplyJson(pool, targetId);
    return reply === null ? null : (JSON.parse(reply) as { postId: string }).postId;
  };

  const run = async (userId: string, targetType: BookmarkTarget, targetId: string, command: BookmarkCommand, context: CommandContext) => {
    const stream = bookmarkStream(userId, targetType, targetId);
    let reached: boolean;
    try {
      reached = await readModels.waitFor((await handleCommand(store, stream, bookmarkDecider, command, context)).position);
    } catch (error) {
      // The same member saving the same item from two tabs at once: the other request decided it; once more sees that.
      if (!(error instanceof ConflictError)) throw error;
      reached = await readModels.waitFor((await handleCommand(store, stream, bookmarkDecider, command, context)).position);
    }
    // The read model late (the live runner paused): the state is what the command made it, stored; the read model
    // would answer the old one, and the client would take a stored save for a failed one.
    const saved = reached ? await isBookmarked(pool, userId, targetType, targetId) : command.type === 'save';
    return { targetType, targetId, saved };
  };

  return {
    async save(userId: string, targetType: BookmarkTarget, targetId: string, context: CommandContext): Promise<BookmarkState> {
      const postId = await postOf(targetType, targetId);
      if (postId === null) throw new NotFoundError(targetType === 'post' ? POST_NOT_FOUND_MESSAGE : REPLY_NOT_FOUND_MESSAGE);
      const command = { type: 'save' as const, item: { userId, targetType, targetId, postId }, now: new Date().toISOString() };
      return run(userId, targetType, targetId, command, context);
    },

    /** Removing needs no live item: the bookmark's own stream names its post. */
    async remove(userId: string, targetType: BookmarkTarget, targetId: string, context: CommandContext): Promise<BookmarkState> {
      return run(userId, targetType, targetId, { type: 'remove' }, context);
    },
  };
}

export type BookmarkService = ReturnType<typeof createBookmarkService>;
