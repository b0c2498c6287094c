import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';

export type AuditFilter = {
  kind: string | null;
  /** An actor's user id or e-mail. */
  user: string | null;
  /** ISO instants: from inclusive, to exclusive. */
  from: string | null;
  to: string | null;
  before: string | null;
  limit: number;
};

const jsonText = z.object({ body: z.string() });
const t = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

/**
 * A page of the site-wide history, newest first, as JSON text of AuditEntry[] (one more than `limit` when a next
 * page exists). Whether each item still exists is looked up in its read model, so deleted items stay listed.
 */
export async function auditEntriesJson(db: CommonQueryMethods, filter: AuditFilter): Promise<string> {
  const conditions = [
    ...(filter.kind ? [sql.fragment`kind = ${filter.kind}`] : []),
    ...(filter.user ? [sql.fragment`(actor_user_id = ${filter.user} OR actor_email = ${filter.user.toLowerCase()})`] : []),
    ...(filter.from ? [sql.fragment`occurred_at >= ${filter.from}::timestamptz`] : []),
    ...(filter.to ? [sql.fragment`occurred_at < ${filter.to}::timestamptz`] : []),
    ...(filter.before ? [sql.fragment`position < ${filter.before}`] : []),
  ];
  const where = conditions.length ? sql.join(conditions, sql.fragment` AND `) : sql.fragment`TRUE`;
  return (
    await db.one(sql.type(jsonText)`
      SELECT coalesce(json_agg(json_build_object(
               'position', position, 'type', type, 'action', action, 'kind', kind, 'itemId', item_id, 'label', label,
               'at', to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'actor', json_build_object('userId', actor_user_id, 'email', actor_email, 'system', actor_user_id IS NULL),
               'contentAuthor', content_author,
               'exists', CASE kind
                 WHEN 'year' THEN EXISTS (SELECT 1 FROM ${t('years')} x WHERE x.id = a.item_id)
                 WHEN 'video' THEN EXISTS (SELECT 1 FROM ${t('videos')} x WHERE x.id = a.item_id)
                 WHEN 'article' THEN EXISTS (SELECT 1 FROM ${t('articles')} x WHERE x.id = a.item_id)
                 WHEN 'entry' THEN EXISTS (SELECT 1 FROM ${t('entries')} x WHERE x.id = a.item_id)
                 WHEN 'artist' THEN EXISTS (SELECT 1 FROM ${t('artists')} x WHERE x.id = a.item_id)
                 WHEN 'source' THEN EXISTS (SELECT 1 FROM ${t('sources')} x WHERE x.id = a.item_id)
                 WHEN 'rebuild' THEN true
                 WHEN 'forum-post' THEN EXISTS (SELECT 1 FROM ${t('forum_posts')} x WHERE x.id = a.item_id)
                 ELSE EXISTS (SELECT 1 FROM ${t('forum_replies')} x WHERE x.id = a.item_id) END)
             ORDER BY position DESC), '[]')::text AS body
        FROM (SELECT * FROM ${t('audit_events')} WHERE ${where} ORDER BY position DESC LIMIT ${filter.limit + 1}) a`)
  ).body;
}

const checkpointRow = z.object({
  projection: z.string(),
  position: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  updated_at: z.string(),
});

/** Each projection's checkpoint and last error, for the maintainers' status view. */
export async function projectionCheckpoints(db: CommonQueryMethods) {
  return db.any(sql.type(checkpointRow)`
    SELECT projection, position, last_error,
           to_char(last_error_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_error_at,
           to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
      FROM ${t('checkpoints')} ORDER BY projection`);
}
