import { EventName, NOTIFICATION_EVENTS } from '@mello/contracts';
import { sql, type DatabaseTransactionConnection, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { ProjectedEvent, Projection } from '../events';
import { excerptOf, likeRecipient, postRecipients, replyRecipients, type Recipient, type Watch } from './notification-rules';

type Tx = DatabaseTransactionConnection;

/**
 * The notifications read model: who watches which post, and each member's notifications, derived from the forum's
 * events (replies, mentions, likes), the members' watch choices and what they marked read. Every write is
 * idempotent (a notification's key is its member and what it is about), so applying an event twice changes
 * nothing twice, and each member's unread count moves with exactly the rows written. Names are not stored: the queries read the actors' public names (notifications-queries.ts).
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  eventTypes: NOTIFICATION_EVENTS,
  async apply(tx, schema, events) {
    for (const event of events) await applyNotificationEvent(tx, schema, event);
  },
};

const watchRow = z.object({ userId: z.string(), watch: z.enum(['watching', 'muted']) });
const targetRow = z.object({ postId: z.string(), authorId: z.string() });

async function applyNotificationEvent(tx: Tx, schema: string, event: ProjectedEvent): Promise<void> {
  const t = (name: string) => sql.identifier([schema, name]);
  const watchesOf = (postId: string) =>
    tx.any(sql.type(watchRow)`SELECT user_id AS "userId", watch FROM ${t('forum_watches')} WHERE post_id = ${postId}`) as Promise<readonly Watch[]>;
  const autoWatch = (postId: string, userId: string) =>
    tx.query(sql.unsafe`INSERT INTO ${t('forum_watches')} (post_id, user_id, watch) VALUES (${postId}, ${userId}, 'watching') ON CONFLICT DO NOTHING`);
  /**
   * Adds `rows` (user_id, unread to add) to the members' unread counts, as changed at this event. Only members
   * whose notifications this event wrote appear: the live layer tells exactly them (unreadCountsChangedBetween).
   */
  const addToCounts = (rows: FragmentSqlToken) => sql.fragment`
      INSERT INTO ${t('notification_counts')} AS c (user_id, unread, updated_position)
      SELECT r.user_id, r.unread, ${event.position} FROM (${rows}) AS r(user_id, unread)
      ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread, updated_position = EXCLUDED.updated_position`;
  /** Marks notifications read (`marked`: an UPDATE … RETURNING user_id) and lowers their member's count. */
  const markRead = (userId: string, marked: FragmentSqlToken) =>
    tx.query(sql.unsafe`
      WITH marked AS (${marked})
      UPDATE ${t('notification_counts')} SET unread = unread - (SELECT count(*)::int FROM marked), updated_position = ${event.position}
       WHERE user_id = ${userId} AND EXISTS (SELECT 1 FROM marked)`);
  /**
   * Deletes notifications (`deleted`: a DELETE … RETURNING user_id, read) and lowers the counts of the unread ones,
   * marked as changed at this event so the live layer tells those members their lower count (a deleted post or reply).
   */
  const deleteNotifications = (deleted: FragmentSqlToken) =>
    tx.query(sql.unsafe`
      WITH gone AS (${deleted})
      UPDATE ${t('notification_counts')} c SET unread = c.unread - g.unread, updated_position = ${event.position}
        FROM (SELECT user_id, count(*)::int AS unread FROM gone WHERE NOT read GROUP BY user_id) g
       WHERE c.user_id = g.user_id`);
  const notify = async (
    recipients: Recipient[],
    about: { key: string; postId: string; replyId: string | null; actorId: string; excerpt: string; at: string },
  ) => {
    if (recipients.length === 0) return;
    await tx.query(sql.unsafe`
      WITH added AS (
        INSERT INTO ${t('notifications')} (id, user_id, group_key, kind, post_id, reply_id, actor_ids, excerpt, updated_at, updated_position)
        SELECT md5(r.user_id || '|' || ${about.key})::uuid, r.user_id, ${about.key}, r.kind, ${about.postId}, ${about.replyId},
               ARRAY[${about.actorId}]::text[], ${about.excerpt}, ${about.at}, ${event.position}
          FROM unnest(${sql.array(
            recipients.map((r) => r.userId),
            'text',
          )}::text[], ${sql.array(
            recipients.map((r) => r.kind),
            'text',
          )}::text[]) AS r(user_id, kind)
        ON CONFLICT (user_id, group_key) DO NOTHING
        RETURNING user_id)
      ${addToCounts(sql.fragment`SELECT user_id, count(*)::int FROM added GROUP BY user_id`)}`);
  };
  const like = async (target: { id: string; replyId: string | null }, likerId: string, at: string) => {
    const found = await tx.maybeOne(
      sql.type(targetRow)`SELECT post_id::text AS "postId", author_id AS "authorId" FROM ${t('notification_targets')} WHERE id = ${target.id}`,
    );
    if (found === null) return;
    const muted = (await watchesOf(found.postId)).some((w) => w.userId === found.authorId && w.watch === 'muted');
    const userId = likeRecipient({ likerId, authorId: found.authorId, authorMuted: muted });
    if (userId === null) return;
    const key = `like:${target.id}`;
    // A new liker joins the group (newest first) and makes it unread again (one more unread unless it was unread
    // already); a like already counted changes nothing.
    await tx.query(sql.unsafe`
      WITH was AS (SELECT read FROM ${t('notifications')} WHERE user_id = ${userId} AND group_key = ${key}),
      liked AS (
        INSERT INTO ${t('notifications')} AS n (id, user_id, group_key, kind, post_id, reply_id, actor_ids, excerpt, updated_at, updated_position)
        VALUES (md5(${userId} || '|' || ${key})::uuid, ${userId}, ${key}, 'like', ${found.postId}, ${target.replyId}, ARRAY[${likerId}]::text[], '', ${at}, ${event.position})
        ON CONFLICT (user_id, group_key) DO UPDATE
          SET actor_ids = array_prepend(${likerId}::text, n.actor_ids), read = false,
              updated_at = EXCLUDED.updated_at, updated_position = EXCLUDED.updated_position
          WHERE NOT (${likerId}::text = ANY(n.actor_ids))
        RETURNING user_id)
      ${addToCounts(sql.fragment`SELECT user_id, CASE WHEN coalesce((SELECT read FROM was), true) THEN 1 ELSE 0 END FROM liked`)}`);
  };

  switch (event.type) {
    case EventName.ForumPostCreated: {
      const d = event.data;
      await tx.query(sql.unsafe`INSERT INTO ${t('notification_posts')} (id, title) VALUES (${d.postId}, ${d.title}) ON CONFLICT DO NOTHING`);
      await tx.query(
        sql.unsafe`INSERT INTO ${t('notification_targets')} (id, post_id, author_id) VALUES (${d.postId}, ${d.postId}, ${d.authorId}) ON CONFLICT DO NOTHING`,
      );
      await autoWatch(d.postId, d.authorId);
      const recipients = postRecipients({ actorId: d.authorId, mentioned: d.mentions.map((m) => m.userId) });
      await notify(recipients, {
        key: `post:${d.postId}`,
        postId: d.postId,
        replyId: null,
        actorId: d.authorId,
        excerpt: excerptOf(d.content),
        at: d.createdAt,
      });
      return;
    }
    case EventName.ForumPostEdited: {
      const d = event.data;
      await tx.query(sql.unsafe`UPDATE ${t('notification_posts')} SET title = ${d.title} WHERE id = ${d.postId}`);
      if (d.mentions === null || d.mentions.length === 0) return;
      const post = await tx.maybeOne(
        sql.type(targetRow)`SELECT post_id::text AS "postId", author_id AS "authorId" FROM ${t('notification_targets')} WHERE id = ${d.postId}`,
      );
      if (post === null) return;
      // The edited text's mentions notify as the new post's did, under the same key: a member the post named
      // before (told then, or at an earlier edit) already has it, so a mention kept, or removed and named
      // again, tells no one twice.
      await notify(postRecipients({ actorId: post.authorId, mentioned: d.mentions.map((m) => m.userId) }), {
        key: `post:${d.postId}`,
        postId: d.postId,
        replyId: null,
        actorId: post.authorId,
        excerpt: excerptOf(d.content),
        at: d.updatedAt,
      });
      return;
    }
    case EventName.ForumPostDeleted: {
      const postId = event.data.postId;
      await deleteNotifications(sql.fragment`DELETE FROM ${t('notifications')} WHERE post_id = ${postId} RETURNING user_id, read`);
      for (const table of ['notification_targets', 'forum_watches']) {
        await tx.query(sql.unsafe`DELETE FROM ${t(table)} WHERE post_id = ${postId}`);
      }
      await tx.query(sql.unsafe`DELETE FROM ${t('notification_posts')} WHERE id = ${postId}`);
      return;
    }
    case EventName.ForumReplyPosted: {
      const d = event.data;
      const post = await tx.maybeOne(
        sql.type(targetRow)`SELECT post_id::text AS "postId", author_id AS "authorId" FROM ${t('notification_targets')} WHERE id = ${d.postId}`,
      );
      // A reply that raced with its post's deletion is not shown, and notifies no one.
      if (post === null) return;
      const inserted = await tx.maybeOneFirst(sql.unsafe`
        INSERT INTO ${t('notification_targets')} (id, post_id, author_id) VALUES (${d.replyId}, ${d.postId}, ${d.authorId})
        ON CONFLICT DO NOTHING RETURNING id`);
      if (inserted === null) return;
      const recipients = replyRecipients({
        actorId: d.authorId,
        postAuthorId: post.authorId,
        watches: await watchesOf(d.postId),
        mentioned: d.mentions.map((m) => m.userId),
      });
      await notify(recipients, {
        key: `reply:${d.replyId}`,
        postId: d.postId,
        replyId: d.replyId,
        actorId: d.authorId,
        excerpt: excerptOf(d.content),
        at: d.createdAt,
      });
      await autoWatch(d.postId, d.authorId);
      return;
    }
    case EventName.ForumReplyDeleted:
      await deleteNotifications(sql.fragment`DELETE FROM ${t('notifications')} WHERE reply_id = ${event.data.replyId} RETURNING user_id, read`);
      await tx.query(sql.unsafe`DELETE FROM ${t('notification_targets')} WHERE id = ${event.data.replyId}`);
      return;
    case EventName.ForumPostLiked:
      await like({ id: event.data.postId, replyId: null }, event.data.userId, event.data.likedAt);
      return;
    case EventName.ForumReplyLiked:
      await like({ id: event.data.replyId, replyId: event.data.replyId }, event.data.userId, event.data.likedAt);
      return;
    case EventName.ForumPostWatchChanged: {
      const d = event.data;
      // Only a live post is watched (the command checks it; a post deleted since leaves nothing to watch).
      await tx.query(sql.unsafe`
        INSERT INTO ${t('forum_watches')} (post_id, user_id, watch)
        SELECT ${d.postId}, ${d.userId}, ${d.watch} WHERE EXISTS (SELECT 1 FROM ${t('notification_posts')} WHERE id = ${d.postId})
        ON CONFLICT (post_id, user_id) DO UPDATE SET watch = EXCLUDED.watch`);
      return;
    }
    case EventName.NotificationsMarkedRead: {
      const d = event.data;
      await markRead(
        d.userId,
        sql.fragment`
          UPDATE ${t('notifications')} SET read = true, updated_position = ${event.position}
           WHERE user_id = ${d.userId} AND NOT read AND id::text = ANY(${sql.array(d.notificationIds, 'text')}) RETURNING user_id`,
      );
      return;
    }
    case EventName.AllNotificationsMarkedRead: {
      const d = event.data;
      await markRead(
        d.userId,
        sql.fragment`
          UPDATE ${t('notifications')} SET read = true, updated_position = ${event.position}
           WHERE user_id = ${d.userId} AND NOT read AND updated_position <= ${d.upTo} RETURNING user_id`,
      );
      return;
    }
    default:
      return;
  }
}
