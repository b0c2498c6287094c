import { EventName, FORUM_EVENTS, plainMarkdown, type EventOf } from '@mello/contracts';
import { sql, type DatabaseTransactionConnection, type SerializableValue } from 'slonik';
import type { ProjectedEvent, Projection } from '../events';
import { mergeGinPendingLists } from '../search/gin-pending-list';

type Tx = DatabaseTransactionConnection;

/** What search matches in a post: the title ranks as its "names"; everything else is body text (the content as read, without markdown syntax). */
export const forumSearchTexts = (post: { title: string; content: string; tags: string[]; authorName: string; category: string }) => ({
  names_text: post.title,
  body_text: [post.title, plainMarkdown(post.content), post.tags.join(' '), post.authorName, post.category].join(' \n '),
});

/**
 * A new post's document, as its row in forum_posts holds it (and GET /api/forum/posts/:id answers it) until anything
 * else happens to it: the one definition, also used by the service when the read model is late (forum-service.ts).
 */
export const forumPostCreatedDoc = (d: EventOf<'ForumPostCreated'>['data']) => ({
  id: d.postId,
  title: d.title,
  content: d.content,
  authorId: d.authorId,
  authorName: d.authorName,
  category: d.category,
  priority: d.priority,
  year: d.year,
  reward: d.reward,
  status: d.status,
  tags: d.tags,
  entryId: d.entryId,
  mentions: d.mentions,
  likes: 0,
  views: 0,
  repliesCount: 0,
  lastReplyAt: null,
  createdAt: d.createdAt,
  updatedAt: d.createdAt,
});

/** The fields of a post's document an edit replaces (the rest, e.g. its counts, stay as they were). */
export const forumPostEditedFields = (d: EventOf<'ForumPostEdited'>['data']) => ({
  title: d.title,
  content: d.content,
  category: d.category,
  priority: d.priority,
  year: d.year,
  reward: d.reward,
  tags: d.tags,
  status: d.status,
  updatedAt: d.updatedAt,
  ...(d.mentions === null ? {} : { mentions: d.mentions }),
});

/** A new reply's document, as its row in forum_replies holds it until anything else happens to it. */
export const forumReplyPostedDoc = (d: EventOf<'ForumReplyPosted'>['data']) => ({
  id: d.replyId,
  postId: d.postId,
  content: d.content,
  authorId: d.authorId,
  authorName: d.authorName,
  mentions: d.mentions,
  likes: 0,
  createdAt: d.createdAt,
  updatedAt: d.createdAt,
});

/**
 * The forum's read models: posts (the API document with its counts, plus the search columns), replies, and
 * who liked what. Counts are kept by the projection (likes, repliesCount, lastReplyAt, views) so a list never
 * counts rows. Events are applied one by one in log order: forum batches are small and each event touches one or
 * two rows; an event about something already deleted changes nothing.
 */
export const forumProjection: Projection = {
  name: 'forum',
  eventTypes: FORUM_EVENTS,
  async apply(tx, schema, events) {
    for (const event of events) await applyForumEvent(tx, schema, event);
    // Most forum events rewrite a post's row (counts in its doc), which adds its search keys to the GIN indexes again.
    if (events.length > 0) await mergeGinPendingLists(tx, schema, 'forum_posts');
  },
};

async function applyForumEvent(tx: Tx, schema: string, event: ProjectedEvent): Promise<void> {
  const posts = sql.identifier([schema, 'forum_posts']);
  const replies = sql.identifier([schema, 'forum_replies']);
  const likes = sql.identifier([schema, 'user_likes']);
  switch (event.type) {
    case EventName.ForumPostCreated: {
      const d = event.data;
      const doc = forumPostCreatedDoc(d);
      const texts = forumSearchTexts(d);
      await tx.query(sql.unsafe`
        INSERT INTO ${posts} (id, created_position, created_at, activity_at, category, entry_id, doc, names_text, body_text, revision)
        VALUES (${d.postId}, ${event.position}, ${d.createdAt}, ${d.createdAt}, ${d.category}, ${d.entryId}, ${sql.jsonb(doc as SerializableValue)}, ${texts.names_text}, ${texts.body_text}, ${event.streamRevision})
        ON CONFLICT (id) DO NOTHING`);
      return;
    }
    case EventName.ForumPostEdited: {
      const d = event.data;
      const fields = forumPostEditedFields(d);
      const author = await tx.maybeOneFirst(sql.unsafe`SELECT doc->>'authorName' FROM ${posts} WHERE id = ${d.postId}`);
      if (author === null) return;
      const texts = forumSearchTexts({ ...d, authorName: String(author) });
      await tx.query(sql.unsafe`
        UPDATE ${posts}
           SET doc = doc || ${sql.jsonb(fields as SerializableValue)}, category = ${d.category},
               names_text = ${texts.names_text}, body_text = ${texts.body_text}, revision = ${event.streamRevision}
         WHERE id = ${d.postId}`);
      return;
    }
    case EventName.ForumPostDeleted: {
      const d = event.data;
      await tx.query(sql.unsafe`DELETE FROM ${likes} WHERE post_id = ${d.postId}`);
      await tx.query(sql.unsafe`DELETE FROM ${replies} WHERE post_id = ${d.postId}`);
      await tx.query(sql.unsafe`DELETE FROM ${posts} WHERE id = ${d.postId}`);
      return;
    }
    case EventName.ForumReplyPosted: {
      const d = event.data;
      const doc = forumReplyPostedDoc(d);
      // A reply that raced with its post's deletion has no post to belong to, and is not shown.
      const inserted = await tx.maybeOneFirst(sql.unsafe`
        INSERT INTO ${replies} (id, post_id, created_position, doc)
        SELECT ${d.replyId}, ${d.postId}, ${event.position}, ${sql.jsonb(doc as SerializableValue)}
         WHERE EXISTS (SELECT 1 FROM ${posts} WHERE id = ${d.postId})
        ON CONFLICT (id) DO NOTHING
        RETURNING id`);
      if (inserted === null) return;
      await tx.query(sql.unsafe`
        UPDATE ${posts}
           SET doc = doc || jsonb_build_object('repliesCount', (doc->>'repliesCount')::int + 1, 'lastReplyAt', ${d.createdAt}::text),
               activity_at = greatest(activity_at, ${d.createdAt}::timestamptz)
         WHERE id = ${d.postId}`);
      return;
    }
    case EventName.ForumReplyDeleted: {
      const d = event.data;
      const deleted = await tx.maybeOneFirst(sql.unsafe`DELETE FROM ${replies} WHERE id = ${d.replyId} RETURNING id`);
      if (deleted === null) return;
      await tx.query(sql.unsafe`DELETE FROM ${likes} WHERE target_type = 'reply' AND target_id = ${d.replyId}`);
      // Activity falls back to the last reply left, or the post's creation (forumActivityAt in contracts).
      await tx.query(sql.unsafe`
        UPDATE ${posts} p
           SET doc = p.doc || jsonb_build_object('repliesCount', greatest((p.doc->>'repliesCount')::int - 1, 0), 'lastReplyAt', last.at),
               activity_at = greatest(p.created_at, last.at::timestamptz)
          FROM (SELECT max(r.doc->>'createdAt') AS at FROM ${replies} r WHERE r.post_id = ${d.postId}) last
         WHERE p.id = ${d.postId}`);
      return;
    }
    case EventName.ForumPostLiked: {
      const d = event.data;
      await like(tx, { posts, likes, table: posts }, { type: 'post', targetId: d.postId, postId: d.postId, userId: d.userId, at: d.likedAt });
      return;
    }
    case EventName.ForumReplyLiked: {
      const d = event.data;
      await like(tx, { posts, likes, table: replies }, { type: 'reply', targetId: d.replyId, postId: d.postId, userId: d.userId, at: d.likedAt });
      return;
    }
    case EventName.ForumPostViewsCounted: {
      const d = event.data;
      await tx.query(sql.unsafe`
        UPDATE ${posts} SET doc = doc || jsonb_build_object('views', (doc->>'views')::int + ${d.count}::int) WHERE id = ${d.postId}`);
      return;
    }
  }
}

type Identifier = ReturnType<typeof sql.identifier>;

/** One like per user and target (the primary key); only a like that was new moves the count. */
async function like(
  tx: Tx,
  tables: { posts: Identifier; likes: Identifier; table: Identifier },
  like: { type: 'post' | 'reply'; targetId: string; postId: string; userId: string; at: string },
) {
  const inserted = await tx.maybeOneFirst(sql.unsafe`
    INSERT INTO ${tables.likes} (user_id, target_type, target_id, post_id, created_at)
    SELECT ${like.userId}, ${like.type}, ${like.targetId}, ${like.postId}, ${like.at}
     WHERE EXISTS (SELECT 1 FROM ${tables.table} WHERE id = ${like.targetId})
    ON CONFLICT DO NOTHING
    RETURNING target_id`);
  if (inserted === null) return;
  await tx.query(sql.unsafe`
    UPDATE ${tables.table} SET doc = doc || jsonb_build_object('likes', (doc->>'likes')::int + 1) WHERE id = ${like.targetId}`);
}
