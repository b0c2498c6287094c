import { FORUM_CATEGORIES, FORUM_STATUSES, type ArtistThread, type EntryHunt } from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';
import { PUBLIC_READER, postDocFor, replyDocFor, visiblePostsFilter, type ForumReader } from './moderation-queries';

const jsonText = z.object({ body: z.string() });
const table = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

/** A post as `reader` may see it (a hidden one without its text unless the reader is the admin: moderation-queries.ts). */
export async function forumPostJson(db: CommonQueryMethods, postId: string, reader: ForumReader = PUBLIC_READER): Promise<string | null> {
  const row = await db.maybeOne(
    sql.type(jsonText)`SELECT ${postDocFor(reader, sql.fragment`p`)}::text AS body FROM ${table('forum_posts')} p WHERE id = ${postId}`,
  );
  return row?.body ?? null;
}

const withRevision = z.object({ body: z.string(), revision: z.number() });

/** The post with its stream revision (the ETag of GET /api/forum/posts/:id), from the same row. */
export async function forumPostWithRevision(
  db: CommonQueryMethods,
  postId: string,
  reader: ForumReader = PUBLIC_READER,
): Promise<{ body: string; revision: number } | null> {
  return db.maybeOne(
    sql.type(withRevision)`SELECT ${postDocFor(reader, sql.fragment`p`)}::text AS body, revision FROM ${table('forum_posts')} p WHERE id = ${postId}`,
  );
}

/** Whether a post is live: a deleted post's row is gone from the read model. */
export async function forumPostExists(db: CommonQueryMethods, postId: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM ${table('forum_posts')} WHERE id = ${postId}`);
}

/** Oldest first: a conversation reads top to bottom. */
export async function forumRepliesJson(db: CommonQueryMethods, postId: string, reader: ForumReader = PUBLIC_READER): Promise<string> {
  return (
    await db.one(sql.type(jsonText)`
      SELECT coalesce(json_agg(${replyDocFor(reader, sql.fragment`r`)} ORDER BY created_position), '[]')::text AS body
        FROM ${table('forum_replies')} r WHERE post_id = ${postId}`)
  ).body;
}

export async function forumReplyJson(db: CommonQueryMethods, replyId: string, reader: ForumReader = PUBLIC_READER): Promise<string | null> {
  const row = await db.maybeOne(
    sql.type(jsonText)`SELECT ${replyDocFor(reader, sql.fragment`r`)}::text AS body FROM ${table('forum_replies')} r WHERE id = ${replyId}`,
  );
  return row?.body ?? null;
}

/** The ids among `targetIds` that this user has liked: the client shows them as liked. */
export async function likedTargetIds(db: CommonQueryMethods, userId: string, postId: string): Promise<string[]> {
  const rows = await db.anyFirst(sql.type(z.object({ target_id: z.string() }))`
    SELECT target_id::text FROM ${table('user_likes')} WHERE user_id = ${userId} AND post_id = ${postId}`);
  return [...rows];
}

/**
 * The entry's hunts and the artist's threads are public pages, the same for every reader (and cached so): a hidden
 * post is left out of them, as from the forum's list for everyone but the administrator, who finds it in moderation.
 */
const visibleToAll = sql.fragment`AND ${sql.join(visiblePostsFilter(PUBLIC_READER), sql.fragment` AND `)}`;

const huntRow = z.object({ id: z.string(), title: z.string(), authorName: z.string(), createdAt: z.string(), repliesCount: z.number() });

/**
 * An entry's open hunts: its lost-media posts not marked solved, newest first. One query on the partial index
 * forum_posts_by_entry (only posts that name an entry are in it).
 */
export async function openHuntsForEntry(db: CommonQueryMethods, entryId: string): Promise<EntryHunt[]> {
  const rows = await db.any(sql.type(huntRow)`
    SELECT id::text AS id, doc->>'title' AS title, doc->>'authorName' AS "authorName", doc->>'createdAt' AS "createdAt",
           (doc->>'repliesCount')::int AS "repliesCount"
      FROM ${table('forum_posts')}
     WHERE entry_id = ${entryId} AND category = 'lost-media' AND doc->>'status' <> 'solved' ${visibleToAll}
     ORDER BY created_at DESC, id`);
  return rows.map((row) => ({ ...row }));
}

const threadRow = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  status: z.enum(FORUM_STATUSES),
  createdAt: z.string(),
  repliesCount: z.number(),
  entryId: z.string(),
});

/** The newest posts (any category, open or solved) that name one of these entries; on forum_posts_by_entry. */
export async function threadsForEntries(db: CommonQueryMethods, entryIds: readonly string[], limit: number): Promise<ArtistThread[]> {
  if (entryIds.length === 0) return [];
  const rows = await db.any(sql.type(threadRow)`
    SELECT id::text AS id, doc->>'title' AS title, category, doc->>'status' AS status, doc->>'createdAt' AS "createdAt",
           (doc->>'repliesCount')::int AS "repliesCount", entry_id::text AS "entryId"
      FROM ${table('forum_posts')}
     WHERE entry_id = ANY(${sql.array([...entryIds], 'uuid')}) ${visibleToAll}
     ORDER BY created_at DESC, id
     LIMIT ${limit}`);
  return rows.map((row) => ({ ...row }));
}
