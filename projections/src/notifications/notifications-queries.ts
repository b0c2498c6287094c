import {
  HIDDEN_POST_NOTICE,
  HIDDEN_POST_TITLE,
  HIDDEN_REPLY_NOTICE,
  NOTIFICATION_ACTORS_SHOWN,
  NOTIFICATIONS_LIST_LIMIT,
  type Notification,
  type PostWatch,
} from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { isHiddenSql } from '../forum/moderation-queries';
import { LIVE_SCHEMA } from '../schema';

const table = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

const notificationRow = z.object({
  id: z.string(),
  kind: z.enum(['reply', 'mention', 'watched-reply', 'like']),
  postId: z.string(),
  replyId: z.string().nullable(),
  postTitle: z.string(),
  actors: z.array(z.string()),
  actorCount: z.number(),
  excerpt: z.string(),
  read: z.boolean(),
  updatedAt: z.string(),
});

/**
 * A member's newest notifications. The actors' names are read from the accounts here (public names only, never
 * an e-mail address), so the read model holds ids and a rebuild needs nothing but the log. What moderation hides
 * is withheld here as on the forum's pages (moderation-queries.ts): the excerpt of a hidden reply, or of a hidden
 * post the notification is about, reads as the hidden notice, and a hidden post's title as HIDDEN_POST_TITLE; the
 * stored excerpt stays, so a restore shows it again.
 */
export async function notificationsOf(db: CommonQueryMethods, userId: string): Promise<Notification[]> {
  const rows = await db.any(sql.type(notificationRow)`
    SELECT n.id::text AS id, n.kind, n.post_id::text AS "postId", n.reply_id::text AS "replyId",
           CASE WHEN h.post THEN ${HIDDEN_POST_TITLE} ELSE coalesce(p.title, '') END AS "postTitle",
           array(SELECT coalesce(u.public_name, 'En medlem') FROM unnest(n.actor_ids[1:${NOTIFICATION_ACTORS_SHOWN}]) WITH ORDINALITY a(id, i)
                  LEFT JOIN public.users u ON u.id::text = a.id ORDER BY a.i) AS actors,
           cardinality(n.actor_ids) AS "actorCount",
           CASE WHEN n.reply_id IS NOT NULL THEN (CASE WHEN h.reply THEN ${HIDDEN_REPLY_NOTICE} ELSE n.excerpt END)
                WHEN h.post THEN ${HIDDEN_POST_NOTICE}
                ELSE n.excerpt END AS excerpt,
           n.read,
           to_char(n.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
      FROM ${table('notifications')} n LEFT JOIN ${table('notification_posts')} p ON p.id = n.post_id
           -- Each row's post and reply looked up once in the moderation table, for its title and its excerpt.
           CROSS JOIN LATERAL (SELECT ${isHiddenSql(sql.fragment`n.post_id`)} AS post,
                                      n.reply_id IS NOT NULL AND ${isHiddenSql(sql.fragment`n.reply_id`)} AS reply) h
     WHERE n.user_id = ${userId}
     ORDER BY n.updated_at DESC, n.id
     LIMIT ${NOTIFICATIONS_LIST_LIMIT}`);
  return rows.map((row) => ({ ...row }));
}

export async function unreadNotificationCount(db: CommonQueryMethods, userId: string): Promise<number> {
  const unread = await db.maybeOneFirst(sql.type(z.object({ unread: z.number() }))`
    SELECT unread FROM ${table('notification_counts')} WHERE user_id = ${userId}`);
  return unread ?? 0;
}

/** Whether this member has this notification unread, read, or not at all (another member's is "not at all"). */
export async function ownNotificationState(db: CommonQueryMethods, userId: string, id: string): Promise<'unread' | 'read' | null> {
  const read = await db.maybeOneFirst(sql.type(z.object({ read: z.boolean() }))`
    SELECT read FROM ${table('notifications')} WHERE id = ${id}::uuid AND user_id = ${userId}`);
  return read === null ? null : read ? 'read' : 'unread';
}

/** The log position of this member's newest unread notification (what "mark all read" reaches), or null. */
export async function newestUnreadPosition(db: CommonQueryMethods, userId: string): Promise<string | null> {
  return db.oneFirst(sql.type(z.object({ max: z.string().nullable() }))`
    SELECT max(updated_position) AS max FROM ${table('notifications')} WHERE user_id = ${userId} AND NOT read`);
}

export async function postWatchOf(db: CommonQueryMethods, userId: string, postId: string): Promise<PostWatch['watch']> {
  const watch = await db.maybeOneFirst(sql.type(z.object({ watch: z.enum(['watching', 'muted']) }))`
    SELECT watch FROM ${table('forum_watches')} WHERE post_id = ${postId}::uuid AND user_id = ${userId}`);
  return watch ?? 'none';
}

/**
 * The unread counts of every member whose notifications changed between two log positions (after `from`, up to
 * `to`): what the live layer tells each of them (backend/src/live/notifications-live.ts).
 */
export async function unreadCountsChangedBetween(db: CommonQueryMethods, from: string | null, to: string): Promise<Array<{ userId: string; unread: number }>> {
  // The kept counts (notification_counts), by the position of each member's latest change: one index range,
  // whatever the number of notifications each member has.
  const rows = await db.any(sql.type(z.object({ userId: z.string(), unread: z.number() }))`
    SELECT user_id AS "userId", unread FROM ${table('notification_counts')}
     WHERE updated_position > ${from ?? ''} AND updated_position <= ${to}`);
  return rows.map((row) => ({ ...row }));
}
