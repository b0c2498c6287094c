import { neutralPublicName } from '../auth/public-name';
import { EventName, eventNames } from './registry';

/** The forum events that carry the name of the author of a post or reply. */
const AUTHOR_NAMED: ReadonlySet<EventName> = eventNames(
  EventName.ForumPostCreated,
  EventName.ForumPostDeleted,
  EventName.ForumReplyPosted,
  EventName.ForumReplyDeleted,
);

const isRecord = (data: unknown): data is Record<string, unknown> => data !== null && typeof data === 'object' && !Array.isArray(data);

/**
 * Events written before members had public names carry the author's e-mail address as `authorName`. The log is
 * append-only, so they are corrected where they are read: an `authorName` with '@' becomes the neutral public
 * name of its `authorId` (the same function the users-table migration gave that account), so neither the live
 * read models, a rebuild, search, nor the history ever shows the address again.
 */
function withPublicAuthorName(type: EventName, data: Record<string, unknown>): Record<string, unknown> {
  if (!AUTHOR_NAMED.has(type)) return data;
  const { authorName, authorId } = data;
  if (typeof authorName !== 'string' || !authorName.includes('@')) return data;
  return { ...data, authorName: neutralPublicName(typeof authorId === 'string' ? authorId : '') };
}

/** ForumPostCreated events written before posts could name an entry have no `entryId`: they are about none. */
function withEntryId(type: EventName, data: Record<string, unknown>): Record<string, unknown> {
  if (type !== EventName.ForumPostCreated || 'entryId' in data) return data;
  return { ...data, entryId: null };
}

/**
 * Posts and replies written before @mentions were resolved mention no one; an edit written before edits resolved
 * them left the post's mentions as they were (null).
 */
function withMentions(type: EventName, data: Record<string, unknown>): Record<string, unknown> {
  if ('mentions' in data) return data;
  if (type === EventName.ForumPostCreated || type === EventName.ForumReplyPosted) return { ...data, mentions: [] };
  if (type === EventName.ForumPostEdited) return { ...data, mentions: null };
  return data;
}

/**
 * Older shapes of an event's data become the current one, before it is parsed. Only decodeEvent (decode.ts)
 * calls this: every reader of the log sees events through it. Anything that needs no change is returned as the
 * same object.
 */
export function upcastEventData(type: EventName, data: unknown): unknown {
  if (!isRecord(data)) return data;
  return withMentions(type, withEntryId(type, withPublicAuthorName(type, data)));
}
