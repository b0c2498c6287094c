import { randomUUID } from 'node:crypto';
import { EventName } from '@mello/contracts';
import { LIVE_SCHEMA, notificationsProjection, unreadCountsChangedBetween, type ProjectedEvent } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import type { EventStore } from '../../src/event-store/port';
import { forumReplyStream } from '../../src/forum/reply';

class RolledBack extends Error {}

/**
 * The database steps of one reply's notification path, each timed alone on the app's pool once the rounds are
 * over (nothing else runs then):
 * - `apply`: the notifications projection applying a reply to the watched post (a copy of a measured reply's
 *   event under a fresh reply id: one notification per watcher), in a transaction rolled back afterwards;
 * - `counts`: the live follower's query of the unread counts that changed over one reply's log range
 *   (unreadCountsChangedBetween, what notifications-live.ts runs after each announced commit).
 */
export async function timeNotificationSteps(
  deps: { pool: DatabasePool; store: EventStore },
  reply: { replyId: string; from: string; to: string },
  reps: number,
): Promise<{ apply: number[]; counts: number[]; rows: { notified: number; counted: number } }> {
  const [posted] = await deps.store.readStream(forumReplyStream(reply.replyId));
  if (!posted || posted.type !== EventName.ForumReplyPosted) throw new Error(`no ${EventName.ForumReplyPosted} event for ${reply.replyId}`);
  const apply: number[] = [];
  const counts: number[] = [];
  let notified = 0;
  let counted = 0;
  for (let i = 0; i < reps; i += 1) {
    const event = { ...posted, id: randomUUID(), data: { ...posted.data, replyId: randomUUID() } } as unknown as ProjectedEvent;
    await deps.pool
      .transaction(async (tx) => {
        const t0 = performance.now();
        await notificationsProjection.apply(tx, LIVE_SCHEMA, [event]);
        apply.push(performance.now() - t0);
        const replyId = (event.data as { replyId: string }).replyId;
        notified = Number(await tx.oneFirst(sql.unsafe`SELECT count(*) FROM ${sql.identifier([LIVE_SCHEMA, 'notifications'])} WHERE reply_id = ${replyId}`));
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    const t0 = performance.now();
    const changed = await unreadCountsChangedBetween(deps.pool, reply.from, reply.to);
    counts.push(performance.now() - t0);
    counted = changed.length;
  }
  return { apply, counts, rows: { notified, counted } };
}
