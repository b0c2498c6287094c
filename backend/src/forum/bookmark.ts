import { EventName, type BookmarkTarget, type EventOf } from '@mello/contracts';
import type { Decider } from '../shared/command-handler';
import { assertNever } from '../shared/errors';

/** One stream per member and item: saving is decided against that item's own bookmark history. */
export const bookmarkStream = (userId: string, targetType: BookmarkTarget, targetId: string) => `forum-bookmark-${userId}-${targetType}-${targetId}`;

type BookmarkEvent = EventOf<'ForumBookmarkAdded' | 'ForumBookmarkRemoved'>;
export type BookmarkItem = { userId: string; targetType: BookmarkTarget; targetId: string; postId: string };
/** Saved or not; a saved item remembers its post, so removing it needs no read of the (perhaps deleted) item. */
export type BookmarkState = { saved: false } | { saved: true; item: BookmarkItem };
export type BookmarkCommand = { type: 'save'; item: BookmarkItem; now: string } | { type: 'remove' };

/**
 * Saving what is saved, or removing what is not, decides nothing: a double click, a retry or a second tab changes
 * nothing and is not an error. (Whether the item exists is checked before saving, against the read model.)
 */
export const bookmarkDecider: Decider<BookmarkState, BookmarkCommand, BookmarkEvent> = {
  initialState: () => ({ saved: false }),
  evolve(_state, event) {
    switch (event.type) {
      case EventName.ForumBookmarkAdded: {
        const { savedAt: _savedAt, ...item } = event.data;
        return { saved: true, item };
      }
      case EventName.ForumBookmarkRemoved:
        return { saved: false };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'save':
        return state.saved ? [] : [{ type: EventName.ForumBookmarkAdded, data: { ...command.item, savedAt: command.now } }];
      case 'remove':
        return state.saved ? [{ type: EventName.ForumBookmarkRemoved, data: { ...state.item } }] : [];
      default:
        return assertNever(command);
    }
  },
};
