import {
  EventName,
  POST_NOT_FOUND_MESSAGE,
  PUBLIC_POST_FIELDS,
  type EventOf,
  type ForumPostCreateInput,
  type ForumPostEditInput,
  type ForumStatus,
  type Mention,
} from '@mello/contracts';
import type { Decider } from '../shared/command-handler';
import { ConflictError, ForbiddenError, NotFoundError, assertNever } from '../shared/errors';

export const forumPostStream = (postId: string) => `forum-post-${postId}`;

/** Who acts on forum content: the author may change their own, the administrator anything. */
export type ForumActor = { userId: string; name: string; isAdmin: boolean };

type PostEvent = EventOf<'ForumPostCreated' | 'ForumPostEdited' | 'ForumPostDeleted'>;
export type PostFields = Omit<EventOf<'ForumPostCreated'>['data'], 'postId'>;

export type PostState = { status: 'none' } | { status: 'active'; postId: string; post: PostFields } | { status: 'deleted'; postId: string; post: PostFields };

export type PostCommand =
  /** `mentions`: the members its @names name, resolved by the service (mention-lookup.ts). */
  | { type: 'create'; postId: string; input: ForumPostCreateInput; mentions: Mention[]; by: ForumActor; now: string }
  /** `mentions`: those of the new text (null when the input has no text), resolved by the service like a new post's. */
  | { type: 'edit'; input: ForumPostEditInput; mentions: Mention[] | null; by: ForumActor; now: string }
  | { type: 'delete'; by: ForumActor };

const EDITABLE = PUBLIC_POST_FIELDS;

export const NOT_YOUR_POST_EDIT = 'Du kan bara redigera dina egna inlägg';
export const NOT_YOUR_POST_DELETE = 'Du kan bara radera dina egna inlägg';

function activePost(state: PostState): Extract<PostState, { status: 'active' }> {
  if (state.status !== 'active') throw new NotFoundError(POST_NOT_FOUND_MESSAGE);
  return state;
}

const mayChange = (post: PostFields, by: ForumActor) => by.isAdmin || by.userId === post.authorId;

export const postDecider: Decider<PostState, PostCommand, PostEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case EventName.ForumPostCreated: {
        const { postId, ...post } = event.data;
        return { status: 'active', postId, post };
      }
      case EventName.ForumPostEdited: {
        if (state.status !== 'active') return state;
        const { postId: _id, changed: _changed, updatedAt: _at, mentions, ...fields } = event.data;
        return { ...state, post: { ...state.post, ...fields, mentions: mentions ?? state.post.mentions } };
      }
      case EventName.ForumPostDeleted:
        return state.status === 'active' ? { status: 'deleted', postId: state.postId, post: state.post } : state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'create': {
        if (state.status !== 'none') throw new ConflictError('Inlägget finns redan');
        const status: ForumStatus = 'active';
        return [
          {
            type: EventName.ForumPostCreated,
            data: {
              postId: command.postId,
              ...command.input,
              status,
              authorId: command.by.userId,
              authorName: command.by.name,
              createdAt: command.now,
              mentions: command.mentions,
            },
          },
        ];
      }
      case 'edit': {
        const { postId, post } = activePost(state);
        if (!mayChange(post, command.by)) throw new ForbiddenError(NOT_YOUR_POST_EDIT);
        const next = { ...post };
        for (const key of EDITABLE) {
          if (command.input[key] !== undefined) (next as Record<string, unknown>)[key] = command.input[key];
        }
        const changed = EDITABLE.filter((key) => JSON.stringify(next[key]) !== JSON.stringify(post[key]));
        // Saving an unchanged form is not an event.
        if (changed.length === 0) return [];
        const { title, content, category, priority, year, reward, tags, status } = next;
        return [
          {
            type: EventName.ForumPostEdited,
            data: { postId, title, content, category, priority, year, reward, tags, status, changed, updatedAt: command.now, mentions: command.mentions },
          },
        ];
      }
      case 'delete': {
        const { postId, post } = activePost(state);
        if (!mayChange(post, command.by)) throw new ForbiddenError(NOT_YOUR_POST_DELETE);
        return [
          {
            type: EventName.ForumPostDeleted,
            data: { postId, title: post.title, authorId: post.authorId, authorName: post.authorName, deletedBy: command.by.userId },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
