import { EventName, POST_NOT_FOUND_MESSAGE, REPLY_NOT_FOUND_MESSAGE, type EventOf, type Mention } from '@mello/contracts';
import type { Decider } from '../shared/command-handler';
import { ConflictError, ForbiddenError, NotFoundError, assertNever } from '../shared/errors';
import type { ForumActor } from './post';

export const forumReplyStream = (replyId: string) => `forum-reply-${replyId}`;

type ReplyEvent = EventOf<'ForumReplyPosted' | 'ForumReplyDeleted'>;
type ReplyData = EventOf<'ForumReplyPosted'>['data'];

export type ReplyState = { status: 'none' } | { status: 'active'; reply: ReplyData } | { status: 'deleted'; reply: ReplyData };

export type ReplyCommand =
  /** `postIsLive` is the post stream's state when the reply was decided (a reply needs a post to answer). */
  | { type: 'post'; replyId: string; postId: string; postIsLive: boolean; content: string; mentions: Mention[]; by: ForumActor; now: string }
  | { type: 'delete'; postIsLive: boolean; by: ForumActor };

export const NOT_YOUR_REPLY = 'Du kan bara radera dina egna svar';

export const replyDecider: Decider<ReplyState, ReplyCommand, ReplyEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case EventName.ForumReplyPosted:
        return { status: 'active', reply: event.data };
      case EventName.ForumReplyDeleted:
        return state.status === 'active' ? { status: 'deleted', reply: state.reply } : state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'post':
        if (!command.postIsLive) throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
        if (state.status !== 'none') throw new ConflictError('Svaret finns redan');
        return [
          {
            type: EventName.ForumReplyPosted,
            data: {
              replyId: command.replyId,
              postId: command.postId,
              content: command.content,
              authorId: command.by.userId,
              authorName: command.by.name,
              createdAt: command.now,
              mentions: command.mentions,
            },
          },
        ];
      case 'delete': {
        // A reply of a deleted post went with it.
        if (state.status !== 'active' || !command.postIsLive) throw new NotFoundError(REPLY_NOT_FOUND_MESSAGE);
        const { reply } = state;
        if (!command.by.isAdmin && command.by.userId !== reply.authorId) throw new ForbiddenError(NOT_YOUR_REPLY);
        return [
          {
            type: EventName.ForumReplyDeleted,
            data: {
              replyId: reply.replyId,
              postId: reply.postId,
              content: reply.content,
              authorId: reply.authorId,
              authorName: reply.authorName,
              deletedBy: command.by.userId,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
