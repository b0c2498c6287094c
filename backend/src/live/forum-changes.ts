import { EventName, MODERATION_EVENTS, type ForumChange, type ForumPost, type ForumReply } from '@mello/contracts';
import { LIVE_SCHEMA, PUBLIC_READER, openModerationCount, postDocFor, replyDocFor, type ProjectedEvent } from '@mello/projections';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/** A change and the rooms it goes to: list changes reach the forum list, post changes the post's page. */
export type RoutedChange = { change: ForumChange; toList: boolean; postId: string | null };

/** What one committed stretch of the log means for live sockets: the forum changes, and the moderation count when it may have moved. */
export type ForumMessages = { changes: RoutedChange[]; moderationOpen: number | null };

/** Events after which the number of items awaiting review may differ: moderation, and deletions (a deleted item leaves the queue). */
const COUNT_CHANGERS = new Set<string>([...MODERATION_EVENTS, EventName.ForumPostDeleted, EventName.ForumReplyDeleted]);

/** The events the live layer turns into messages: everything the forum's read models follow. */
export const isForumEvent = (event: ProjectedEvent): boolean => event.type.startsWith('Forum');

const docRow = z.object({ kind: z.enum(['post', 'reply']), id: z.string(), body: z.string() });

/**
 * Turns a committed stretch of forum events into the messages clients need, with the state as the read model
 * holds it when read (so a like count is the count, not a +1 a client could double-apply). Several likes of one
 * target become one message; something deleted later in the same stretch is not announced as changed. Every
 * document is read in one query, as the public sees it (a hidden post or reply without its text:
 * moderation-queries.ts), so nothing private reaches a room. `db` is the live runner's transaction when the
 * batch publishes them (forum-publisher.ts), or a pool when a follower catches up from the log.
 */
export async function forumMessagesFor(db: CommonQueryMethods, events: readonly ProjectedEvent[], position: string): Promise<ForumMessages> {
  const postIds = new Set<string>();
  const replyIds = new Set<string>();
  for (const event of events) {
    switch (event.type) {
      case EventName.ForumPostCreated:
      case EventName.ForumPostEdited:
      case EventName.ForumPostLiked:
      case EventName.ForumReplyDeleted:
        postIds.add(event.data.postId);
        break;
      case EventName.ForumReplyPosted:
        postIds.add(event.data.postId);
        replyIds.add(event.data.replyId);
        break;
      case EventName.ForumReplyLiked:
        replyIds.add(event.data.replyId);
        break;
      default:
        break;
    }
  }
  const docs = await readDocs(db, [...postIds], [...replyIds]);
  const post = (postId: string) => (docs.get(`post:${postId}`) as ForumPost | undefined) ?? null;
  const reply = (replyId: string) => (docs.get(`reply:${replyId}`) as ForumReply | undefined) ?? null;

  const changes: RoutedChange[] = [];
  const announcedLikes = new Set<string>();
  for (const event of events) {
    switch (event.type) {
      case EventName.ForumPostCreated:
      case EventName.ForumPostEdited: {
        const { postId } = event.data;
        const current = post(postId);
        if (!current) break;
        const kind = event.type === EventName.ForumPostCreated ? 'post-created' : 'post-updated';
        changes.push({ change: { kind, post: current, position }, toList: true, postId });
        break;
      }
      case EventName.ForumPostDeleted: {
        const { postId } = event.data;
        changes.push({ change: { kind: 'post-deleted', postId, position }, toList: true, postId });
        break;
      }
      case EventName.ForumReplyPosted: {
        const { replyId, postId } = event.data;
        const created = reply(replyId);
        const parent = post(postId);
        if (!created || !parent) break;
        changes.push({
          change: { kind: 'reply-created', reply: created, repliesCount: parent.repliesCount, lastReplyAt: parent.lastReplyAt, position },
          toList: true,
          postId,
        });
        break;
      }
      case EventName.ForumReplyDeleted: {
        const { replyId, postId } = event.data;
        const parent = post(postId);
        if (!parent) break;
        changes.push({ change: { kind: 'reply-deleted', replyId, postId, repliesCount: parent.repliesCount, position }, toList: true, postId });
        break;
      }
      case EventName.ForumPostLiked: {
        const { postId } = event.data;
        if (announcedLikes.has(postId)) break;
        announcedLikes.add(postId);
        const current = post(postId);
        if (current) changes.push({ change: { kind: 'post-likes', postId, likes: current.likes, position }, toList: true, postId });
        break;
      }
      case EventName.ForumReplyLiked: {
        const { replyId, postId } = event.data;
        if (announcedLikes.has(replyId)) break;
        announcedLikes.add(replyId);
        const current = reply(replyId);
        if (current) changes.push({ change: { kind: 'reply-likes', replyId, postId, likes: current.likes, position }, toList: false, postId });
        break;
      }
      case EventName.ForumContentHidden:
      case EventName.ForumContentRestored: {
        const { targetType, targetId, postId } = event.data;
        const hidden = event.type === EventName.ForumContentHidden;
        changes.push({ change: { kind: 'moderated', targetType, targetId, postId, hidden, position }, toList: true, postId });
        break;
      }
      default:
        break;
    }
  }
  const moderationOpen = events.some((event) => COUNT_CHANGERS.has(event.type)) ? await openModerationCount(db) : null;
  return { changes, moderationOpen };
}

/** The public documents of these posts and replies, keyed `post:<id>` / `reply:<id>`, in one query. */
async function readDocs(db: CommonQueryMethods, postIds: string[], replyIds: string[]): Promise<Map<string, unknown>> {
  if (postIds.length === 0 && replyIds.length === 0) return new Map();
  const rows = await db.any(sql.type(docRow)`
    SELECT 'post' AS kind, p.id::text AS id, ${postDocFor(PUBLIC_READER, sql.fragment`p`)}::text AS body
      FROM ${sql.identifier([LIVE_SCHEMA, 'forum_posts'])} p WHERE p.id = ANY(${sql.array(postIds, 'uuid')})
    UNION ALL
    SELECT 'reply', r.id::text, ${replyDocFor(PUBLIC_READER, sql.fragment`r`)}::text
      FROM ${sql.identifier([LIVE_SCHEMA, 'forum_replies'])} r WHERE r.id = ANY(${sql.array(replyIds, 'uuid')})`);
  return new Map(rows.map((row) => [`${row.kind}:${row.id}`, JSON.parse(row.body) as unknown]));
}
