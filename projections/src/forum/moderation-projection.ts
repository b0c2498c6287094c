import { EventName, MODERATION_EVENTS, type EventName as Name } from '@mello/contracts';
import { sql, type DatabaseTransactionConnection } from 'slonik';
import type { ProjectedEvent, Projection } from '../events';

type Tx = DatabaseTransactionConnection;

/**
 * The moderation read model's tables (part of readModelDdl): one row per item that is flagged (awaiting review) or
 * hidden, and the flags of its current round. An item leaves both when it is restored, its flags are dismissed or
 * it is deleted. The forum's own tables are not touched: the forum queries ask `forum_moderation` whether an item
 * is hidden (moderation-queries.ts), so neither projection depends on the other's order.
 */
export function moderationDdl(s: string): string {
  return `
    CREATE TABLE ${s}.forum_moderation (
      target_id        uuid PRIMARY KEY,
      target_type      text NOT NULL,
      post_id          uuid NOT NULL,
      hidden           text,
      last_flagged_at  timestamptz,
      updated_position text NOT NULL
    );
    CREATE INDEX forum_moderation_by_post ON ${s}.forum_moderation (post_id);
    CREATE TABLE ${s}.forum_flags (
      target_id  uuid NOT NULL,
      user_id    text NOT NULL,
      user_name  text NOT NULL,
      reason     text NOT NULL,
      text       text NOT NULL,
      flagged_at timestamptz NOT NULL,
      PRIMARY KEY (target_id, user_id)
    );
`;
}

const FOLLOWED: ReadonlySet<Name> = new Set([...MODERATION_EVENTS, EventName.ForumPostDeleted, EventName.ForumReplyDeleted]);

export const moderationProjection: Projection = {
  name: 'forum-moderation',
  eventTypes: FOLLOWED,
  async apply(tx, schema, events) {
    for (const event of events) await applyModerationEvent(tx, schema, event);
  },
};

async function applyModerationEvent(tx: Tx, schema: string, event: ProjectedEvent): Promise<void> {
  const items = sql.identifier([schema, 'forum_moderation']);
  const flags = sql.identifier([schema, 'forum_flags']);
  const forget = async (where: ReturnType<typeof sql.fragment>) => {
    await tx.query(sql.unsafe`DELETE FROM ${flags} WHERE target_id IN (SELECT target_id FROM ${items} WHERE ${where})`);
    await tx.query(sql.unsafe`DELETE FROM ${items} WHERE ${where}`);
  };
  switch (event.type) {
    case EventName.ForumContentFlagged: {
      const d = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${items} (target_id, target_type, post_id, hidden, last_flagged_at, updated_position)
        VALUES (${d.targetId}, ${d.targetType}, ${d.postId}, NULL, ${d.flaggedAt}, ${event.position})
        ON CONFLICT (target_id) DO UPDATE SET last_flagged_at = excluded.last_flagged_at, updated_position = excluded.updated_position`);
      await tx.query(sql.unsafe`
        INSERT INTO ${flags} (target_id, user_id, user_name, reason, text, flagged_at)
        VALUES (${d.targetId}, ${d.userId}, ${d.userName}, ${d.reason}, ${d.text}, ${d.flaggedAt})
        ON CONFLICT DO NOTHING`);
      return;
    }
    case EventName.ForumContentHidden: {
      const d = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${items} (target_id, target_type, post_id, hidden, last_flagged_at, updated_position)
        VALUES (${d.targetId}, ${d.targetType}, ${d.postId}, ${d.by}, NULL, ${event.position})
        ON CONFLICT (target_id) DO UPDATE SET hidden = excluded.hidden, updated_position = excluded.updated_position`);
      return;
    }
    case EventName.ForumContentRestored:
    case EventName.ForumFlagsDismissed:
      await forget(sql.fragment`target_id = ${event.data.targetId}`);
      return;
    case EventName.ForumPostDeleted:
      // The post and its replies went with it.
      await forget(sql.fragment`post_id = ${event.data.postId}`);
      return;
    case EventName.ForumReplyDeleted:
      await forget(sql.fragment`target_id = ${event.data.replyId}`);
      return;
    default:
      return;
  }
}
