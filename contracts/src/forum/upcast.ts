import { neutralPublicName } from '../auth/public-name';

/** The forum events that carry the name of the author of a post or reply. */
const AUTHOR_NAMED = new Set(['ForumPostCreated', 'ForumPostDeleted', 'ForumReplyPosted', 'ForumReplyDeleted']);

/**
 * Events written before members had public names carry the author's e-mail address as `authorName`. The log is
 * append-only, so they are corrected where they are read: an `authorName` with '@' becomes the neutral public
 * name of its `authorId` (the same function the users-table migration gave that account), so neither the live
 * read models, a rebuild, search, nor the history ever shows the address again. Any other event is returned as is.
 */
export function upcastEventData(type: string, data: unknown): unknown {
  if (!AUTHOR_NAMED.has(type) || data === null || typeof data !== 'object') return data;
  const { authorName, authorId } = data as { authorName?: unknown; authorId?: unknown };
  if (typeof authorName !== 'string' || !authorName.includes('@')) return data;
  return { ...data, authorName: neutralPublicName(typeof authorId === 'string' ? authorId : '') };
}
