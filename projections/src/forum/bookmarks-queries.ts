import { BOOKMARK_EXCERPT_LENGTH, BOOKMARKS_LIST_MAX, firstCharacters, plainMarkdownLine, type Bookmark, type BookmarkTarget } from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { LIVE_SCHEMA } from '../schema';
import { PUBLIC_READER, postDocFor, replyDocFor, type ForumReader } from './moderation-queries';

const table = (name: string) => sql.identifier([LIVE_SCHEMA, name]);

const bookmarkRow = z.object({
  targetType: z.enum(['post', 'reply']),
  targetId: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  authorName: z.string(),
  content: z.string(),
  savedAt: z.string(),
});

/**
 * One member's saved items, newest first, with the post's title and the saved text (a post's or a reply's). The
 * joins leave out an item whose deletion the bookmarks projection has not applied yet. Hidden content (moderation)
 * is read as `reader` may see it: a saved post or reply that is hidden now keeps its place without its text.
 */
export async function memberBookmarks(db: CommonQueryMethods, userId: string, reader: ForumReader = PUBLIC_READER): Promise<Bookmark[]> {
  const post = postDocFor(reader, sql.fragment`p`);
  const reply = replyDocFor(reader, sql.fragment`r`);
  const rows = await db.any(sql.type(bookmarkRow)`
    SELECT b.target_type AS "targetType", b.target_id::text AS "targetId", b.post_id::text AS "postId",
           ${post}->>'title' AS "postTitle",
           coalesce(r.doc->>'authorName', p.doc->>'authorName') AS "authorName",
           CASE WHEN b.target_type = 'reply' THEN ${reply}->>'content' ELSE ${post}->>'content' END AS content,
           to_char(b.saved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "savedAt"
      FROM ${table('forum_bookmarks')} b
      JOIN ${table('forum_posts')} p ON p.id = b.post_id
      LEFT JOIN ${table('forum_replies')} r ON b.target_type = 'reply' AND r.id = b.target_id
     WHERE b.user_id = ${userId} AND (b.target_type = 'post' OR r.id IS NOT NULL)
     ORDER BY b.saved_at DESC, b.target_id
     LIMIT ${BOOKMARKS_LIST_MAX}`);
  return rows.map(({ content, ...row }) => ({ ...row, excerpt: firstCharacters(plainMarkdownLine(content), BOOKMARK_EXCERPT_LENGTH) }));
}

/** The ids among a post and its replies that this member has saved. */
export async function bookmarkedIdsInPost(db: CommonQueryMethods, userId: string, postId: string): Promise<string[]> {
  const rows = await db.anyFirst(sql.type(z.object({ target_id: z.string() }))`
    SELECT target_id::text FROM ${table('forum_bookmarks')} WHERE user_id = ${userId} AND post_id = ${postId}`);
  return [...rows];
}

/** Whether this member has saved the item now (the read model after the command settled). */
export async function isBookmarked(db: CommonQueryMethods, userId: string, targetType: BookmarkTarget, targetId: string): Promise<boolean> {
  return db.exists(sql.unsafe`
    SELECT 1 FROM ${table('forum_bookmarks')} WHERE user_id = ${userId} AND target_type = ${targetType} AND target_id = ${targetId}`);
}
