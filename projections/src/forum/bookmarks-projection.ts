import { EventName, eventNames } from '@mello/contracts';
import { sql } from 'slonik';
import type { Projection } from '../events';

/** The read model of members' bookmarks (schema.ts calls it): one row per member and saved item. */
export const bookmarksDdl = (s: string) => `
    -- Members' bookmarks (bookmarks-projection.ts): private to the member, newest first.
    CREATE TABLE ${s}.forum_bookmarks (
      user_id     text NOT NULL,
      target_type text NOT NULL,
      target_id   uuid NOT NULL,
      post_id     uuid NOT NULL,
      saved_at    timestamptz NOT NULL,
      PRIMARY KEY (user_id, target_type, target_id)
    );
    CREATE INDEX forum_bookmarks_newest ON ${s}.forum_bookmarks (user_id, saved_at DESC);
    CREATE INDEX forum_bookmarks_by_post ON ${s}.forum_bookmarks (post_id);
`;

/**
 * Bookmarks: a save inserts the row (a second one changes nothing), a removal deletes it, and a deleted post or
 * reply takes its bookmarks with it (a post's deletion takes its replies' too), so the list never names a gone item.
 */
export const bookmarksProjection: Projection = {
  name: 'forum_bookmarks',
  eventTypes: eventNames(EventName.ForumBookmarkAdded, EventName.ForumBookmarkRemoved, EventName.ForumPostDeleted, EventName.ForumReplyDeleted),
  async apply(tx, schema, events) {
    const bookmarks = sql.identifier([schema, 'forum_bookmarks']);
    for (const event of events) {
      switch (event.type) {
        case EventName.ForumBookmarkAdded: {
          const d = event.data;
          await tx.query(sql.unsafe`
            INSERT INTO ${bookmarks} (user_id, target_type, target_id, post_id, saved_at)
            VALUES (${d.userId}, ${d.targetType}, ${d.targetId}, ${d.postId}, ${d.savedAt})
            ON CONFLICT DO NOTHING`);
          break;
        }
        case EventName.ForumBookmarkRemoved: {
          const d = event.data;
          await tx.query(sql.unsafe`
            DELETE FROM ${bookmarks} WHERE user_id = ${d.userId} AND target_type = ${d.targetType} AND target_id = ${d.targetId}`);
          break;
        }
        case EventName.ForumPostDeleted:
          await tx.query(sql.unsafe`DELETE FROM ${bookmarks} WHERE post_id = ${event.data.postId}`);
          break;
        case EventName.ForumReplyDeleted:
          await tx.query(sql.unsafe`DELETE FROM ${bookmarks} WHERE target_type = 'reply' AND target_id = ${event.data.replyId}`);
          break;
      }
    }
  },
};
