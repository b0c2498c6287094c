import { LIVE_SCHEMA, forumProjection, isTransientDatabaseError, type BatchPublisher } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { forumMessagesFor, isForumEvent, type ForumMessages, type RoutedChange } from './forum-changes';

/** The channel on which the live runner publishes each batch's forum messages (forum-follower.ts listens). */
export const FORUM_CHANGES_CHANNEL = 'forum_changes';

/** NOTIFY refuses a payload of 8000 bytes or more; a batch whose messages would not fit is published without them. */
export const FORUM_CHANGES_MAX_BYTES = 7900;

/**
 * One batch of the live runner as the forum follower hears it: the forum checkpoint before and after it, and its
 * messages, or null when they are not in the payload (too large, or they could not be built): a follower then
 * reads that stretch from the log and the read model, as it does after an outage.
 */
export type PublishedForumBatch = { from: string | null; to: string; messages: ForumMessages | null };

/**
 * The live runner's publisher (RunnerOptions.publish): in the transaction of every batch that moves the forum
 * checkpoint, the messages its forum events mean for sockets, built once from the read model as the batch leaves
 * it, and sent with NOTIFY. PostgreSQL delivers them on commit, in commit order, to every API process (each
 * follower sends them to its own sockets), so no process reads the log or the read model again. A batch without
 * forum events is published too, empty: the chain of from/to positions is how a follower knows it missed nothing.
 * Only the live schema publishes; a rebuild's batches never reach sockets.
 */
export function forumPublisher(log: (message: string, detail?: Record<string, unknown>) => void): BatchPublisher {
  return async (tx, batch) => {
    if (batch.schema !== LIVE_SCHEMA || !batch.advanced.includes(forumProjection.name)) return;
    const from = batch.before.get(forumProjection.name) ?? null;
    const events = batch.events.filter((event) => (from === null || event.position > from) && isForumEvent(event));
    let messages: ForumMessages | null = { changes: [], moderationOpen: null };
    if (events.length > 0) {
      try {
        // In a savepoint: a message that cannot be built must not cost the batch its commit.
        messages = await tx.transaction((savepoint) => forumMessagesFor(savepoint, events, batch.position));
      } catch (error) {
        if (isTransientDatabaseError(error)) throw error;
        log('live publisher: building the forum messages failed; followers read them instead', { error: String((error as Error)?.message ?? error) });
        messages = null;
      }
    }
    let payload = JSON.stringify({ from, to: batch.position, messages } satisfies PublishedForumBatch);
    if (Buffer.byteLength(payload) > FORUM_CHANGES_MAX_BYTES)
      payload = JSON.stringify({ from, to: batch.position, messages: null } satisfies PublishedForumBatch);
    await tx.query(sql.unsafe`SELECT pg_notify(${FORUM_CHANGES_CHANNEL}, ${payload})`);
  };
}

const publishedBatch = z.object({
  from: z.string().nullable(),
  to: z.string(),
  messages: z
    .object({ changes: z.array(z.custom<RoutedChange>((value) => typeof value === 'object' && value !== null)), moderationOpen: z.number().nullable() })
    .nullable(),
});

/** A payload read back; null when it is not one (the follower then catches up from the log). */
export function parsePublishedBatch(payload: string): PublishedForumBatch | null {
  try {
    const parsed = publishedBatch.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
