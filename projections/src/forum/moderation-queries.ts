import { HIDDEN_POST_TITLE, ModerationItemSchema, type ModerationItem } from '@mello/contracts';
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';

const table = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

/**
 * Who reads forum content: the administrator sees hidden posts and replies (marked `hidden: true`); everyone else
 * gets them without their text (the post's title becomes HIDDEN_POST_TITLE, content and tags empty) and marked
 * hidden, so the client shows its notice instead. The default is the reader who is not the administrator: a query
 * that is not told otherwise (the page meta, the live messages, a resync) never carries hidden text.
 */
export type ForumReader = { admin: boolean };
export const PUBLIC_READER: ForumReader = { admin: false };
/** The reader a signed-in user (or nobody) is: HTTP routes and live sockets alike. */
export const forumReaderOf = (user: { isAdmin: boolean } | null | undefined): ForumReader => ({ admin: user?.isAdmin === true });

/** Whether the item whose id is `id` (a column or value) is hidden now. */
export const isHiddenSql = (id: FragmentSqlToken) =>
  sql.fragment`EXISTS (SELECT 1 FROM ${table('forum_moderation')} hidden_check WHERE hidden_check.target_id = ${id} AND hidden_check.hidden IS NOT NULL)`;

/** Whether a post or reply is hidden now (hidden by flags or by the administrator). */
export async function isHiddenItem(db: CommonQueryMethods, targetId: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 WHERE ${isHiddenSql(sql.fragment`${targetId}::uuid`)}`);
}

/** For the forum list and search: leaves hidden posts out unless the reader is the administrator (`id` is the post row's). */
export const visiblePostsFilter = (reader: ForumReader): FragmentSqlToken[] =>
  reader.admin ? [] : [sql.fragment`id NOT IN (SELECT target_id FROM ${table('forum_moderation')} WHERE hidden IS NOT NULL)`];

/** A post's document as `reader` may see it; `row` names the forum_posts row (its `doc` and `id`). */
export function postDocFor(reader: ForumReader, row: FragmentSqlToken): FragmentSqlToken {
  const doc = sql.fragment`${row}.doc`;
  const hidden = isHiddenSql(sql.fragment`${row}.id`);
  if (reader.admin) return sql.fragment`(CASE WHEN ${hidden} THEN ${doc} || '{"hidden":true}'::jsonb ELSE ${doc} END)`;
  return sql.fragment`(CASE WHEN ${hidden}
    THEN ${doc} || jsonb_build_object('title', ${HIDDEN_POST_TITLE}::text, 'content', '', 'tags', '[]'::jsonb, 'hidden', true)
    ELSE ${doc} END)`;
}

/** A reply's document as `reader` may see it; `row` names the forum_replies row. */
export function replyDocFor(reader: ForumReader, row: FragmentSqlToken): FragmentSqlToken {
  const doc = sql.fragment`${row}.doc`;
  const hidden = isHiddenSql(sql.fragment`${row}.id`);
  if (reader.admin) return sql.fragment`(CASE WHEN ${hidden} THEN ${doc} || '{"hidden":true}'::jsonb ELSE ${doc} END)`;
  return sql.fragment`(CASE WHEN ${hidden} THEN ${doc} || jsonb_build_object('content', '', 'hidden', true) ELSE ${doc} END)`;
}

const countRow = z.object({ open: z.number() });

/** Items awaiting the administrator's review: flagged this round and not hidden by the administrator. */
export async function openModerationCount(db: CommonQueryMethods): Promise<number> {
  const row = await db.one(sql.type(countRow)`
    SELECT count(*)::int AS open FROM ${table('forum_moderation')} m
     WHERE m.hidden IS DISTINCT FROM 'admin' AND EXISTS (SELECT 1 FROM ${table('forum_flags')} f WHERE f.target_id = m.target_id)`);
  return row.open;
}

const itemsRow = z.object({ body: z.string() });

/**
 * The moderation queue: every flagged or hidden item with its flags (oldest flag first), those awaiting review first,
 * then by the latest flag, newest first. With the content as written: only the administrator reads this.
 */
export async function moderationItems(db: CommonQueryMethods, targetId?: string): Promise<ModerationItem[]> {
  const only = targetId === undefined ? sql.fragment`TRUE` : sql.fragment`m.target_id = ${targetId}`;
  const row = await db.one(sql.type(itemsRow)`
    SELECT coalesce(json_agg(item ORDER BY (item->>'open')::boolean DESC, item->>'lastFlaggedAt' DESC NULLS LAST, item->>'targetId'), '[]')::text AS body
      FROM (
        SELECT jsonb_build_object(
                 'targetType', m.target_type,
                 'targetId', m.target_id,
                 'postId', m.post_id,
                 'postTitle', coalesce(p.doc->>'title', ''),
                 'content', coalesce(CASE WHEN m.target_type = 'post' THEN p.doc->>'content' ELSE r.doc->>'content' END, ''),
                 'authorName', coalesce(CASE WHEN m.target_type = 'post' THEN p.doc->>'authorName' ELSE r.doc->>'authorName' END, ''),
                 'hidden', m.hidden,
                 'open', m.hidden IS DISTINCT FROM 'admin' AND flags.list <> '[]'::jsonb,
                 'flags', flags.list,
                 'lastFlaggedAt', (SELECT max(f.flagged_at) FROM ${table('forum_flags')} f WHERE f.target_id = m.target_id)
               ) AS item
          FROM ${table('forum_moderation')} m
          JOIN ${table('forum_posts')} p ON p.id = m.post_id
          LEFT JOIN ${table('forum_replies')} r ON r.id = m.target_id
          CROSS JOIN LATERAL (
            SELECT coalesce(jsonb_agg(jsonb_build_object('userId', f.user_id, 'userName', f.user_name, 'reason', f.reason, 'text', f.text,
                                                         'flaggedAt', to_char(f.flagged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                                      ORDER BY f.flagged_at, f.user_id), '[]'::jsonb) AS list
              FROM ${table('forum_flags')} f WHERE f.target_id = m.target_id) flags
         WHERE ${only} AND (m.target_type = 'post' OR r.id IS NOT NULL)
      ) items`);
  return z.array(ModerationItemSchema).parse(JSON.parse(row.body));
}
