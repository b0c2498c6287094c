import {
  ALREADY_HIDDEN_MESSAGE,
  EventName,
  FLAG_HIDE_THRESHOLD,
  MODERATION_ONLY_ADMIN_MESSAGE,
  NOTHING_TO_DISMISS_MESSAGE,
  NOT_HIDDEN_MESSAGE,
  OWN_POST_FLAG_MESSAGE,
  OWN_REPLY_FLAG_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  REPLY_NOT_FOUND_MESSAGE,
  type EventOf,
  type FlagInput,
  type ModerationTargetType,
} from '@mello/contracts';
import type { Decider } from '../../shared/command-handler';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, assertNever } from '../../shared/errors';
import type { ForumActor } from '../post';

/** One stream per moderated item: its flags, and the administrator's decisions about it. */
export const moderationStream = (targetType: ModerationTargetType, targetId: string) => `forum-moderation-${targetType}-${targetId}`;

export const DISMISS_HIDDEN_MESSAGE = 'Innehållet är dolt: återställ det i stället för att avfärda rapporterna';

export type ModerationEvent = EventOf<'ForumContentFlagged' | 'ForumContentHidden' | 'ForumContentRestored' | 'ForumFlagsDismissed'>;

/**
 * `flaggers`: who flagged it since the last review (a review — restore or dismiss — starts a new round, in which
 * the same members may flag it again). `hidden`: 'flags' when the threshold hid it, 'admin' when the administrator did.
 */
export type ModerationState = { flaggers: readonly string[]; hidden: 'flags' | 'admin' | null };

/**
 * The flagged item as the forum's own streams hold it when the command is decided: whether it is live (a reply
 * also needs its post live), whose it is, the post it belongs to, and its title or excerpt for the history.
 */
export type ModerationTarget = { targetType: ModerationTargetType; targetId: string; live: boolean; authorId: string; postId: string; label: string };

export type ModerationCommand =
  | { type: 'flag'; target: ModerationTarget; by: ForumActor; input: FlagInput; now: string }
  | { type: 'hide' | 'restore' | 'dismiss'; target: ModerationTarget; by: ForumActor; now: string };

const notFound = (target: ModerationTarget) => new NotFoundError(target.targetType === 'post' ? POST_NOT_FOUND_MESSAGE : REPLY_NOT_FOUND_MESSAGE);
const ids = ({ targetType, targetId, postId, label }: ModerationTarget) => ({ targetType, targetId, postId, label });

export const moderationDecider: Decider<ModerationState, ModerationCommand, ModerationEvent> = {
  initialState: () => ({ flaggers: [], hidden: null }),

  evolve(state, event) {
    switch (event.type) {
      case EventName.ForumContentFlagged:
        return state.flaggers.includes(event.data.userId) ? state : { ...state, flaggers: [...state.flaggers, event.data.userId] };
      case EventName.ForumContentHidden:
        return { ...state, hidden: event.data.by };
      case EventName.ForumContentRestored:
        return { flaggers: [], hidden: null };
      case EventName.ForumFlagsDismissed:
        return { ...state, flaggers: [] };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    const { target } = command;
    if (!target.live) throw notFound(target);
    if (command.type === 'flag') {
      if (target.authorId === command.by.userId) throw new ValidationError(target.targetType === 'post' ? OWN_POST_FLAG_MESSAGE : OWN_REPLY_FLAG_MESSAGE);
      // A second flag by the same member (this round) counts once: nothing to record.
      if (state.flaggers.includes(command.by.userId)) return [];
      const flagged: ModerationEvent = {
        type: EventName.ForumContentFlagged,
        data: {
          ...ids(target),
          userId: command.by.userId,
          userName: command.by.name,
          reason: command.input.reason,
          text: command.input.text,
          flaggedAt: command.now,
        },
      };
      const flagCount = state.flaggers.length + 1;
      if (state.hidden !== null || flagCount < FLAG_HIDE_THRESHOLD) return [flagged];
      return [flagged, { type: EventName.ForumContentHidden, data: { ...ids(target), by: 'flags', flagCount, hiddenAt: command.now } }];
    }
    if (!command.by.isAdmin) throw new ForbiddenError(MODERATION_ONLY_ADMIN_MESSAGE);
    switch (command.type) {
      case 'hide':
        if (state.hidden === 'admin') throw new ConflictError(ALREADY_HIDDEN_MESSAGE);
        return [{ type: EventName.ForumContentHidden, data: { ...ids(target), by: 'admin', flagCount: state.flaggers.length, hiddenAt: command.now } }];
      case 'restore':
        if (state.hidden === null) throw new ConflictError(NOT_HIDDEN_MESSAGE);
        return [{ type: EventName.ForumContentRestored, data: { ...ids(target), restoredAt: command.now } }];
      case 'dismiss':
        if (state.hidden !== null) throw new ConflictError(DISMISS_HIDDEN_MESSAGE);
        if (state.flaggers.length === 0) throw new ConflictError(NOTHING_TO_DISMISS_MESSAGE);
        return [{ type: EventName.ForumFlagsDismissed, data: { ...ids(target), flagCount: state.flaggers.length, dismissedAt: command.now } }];
      default:
        return assertNever(command);
    }
  },
};
