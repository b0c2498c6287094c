/**
 * The tables of the notifications read model (notifications-projection.ts), part of the read-model schema
 * (schema.ts): who watches or muted which post, the author and title of every live post and reply (what a like or
 * reply is about), the notifications and each member's unread count. Positions are compared as text in the "C" collation: the log's positions
 * are fixed-width, so that is log order (backend/src/event-store/port.ts).
 */
export function notificationsDdl(s: string): string {
  return `
    CREATE TABLE ${s}.forum_watches (
      post_id uuid NOT NULL,
      user_id text NOT NULL,
      watch   text NOT NULL,
      PRIMARY KEY (post_id, user_id)
    );

    CREATE TABLE ${s}.notification_targets (
      id        uuid PRIMARY KEY,
      post_id   uuid NOT NULL,
      author_id text NOT NULL
    );
    CREATE INDEX notification_targets_by_post ON ${s}.notification_targets (post_id);

    CREATE TABLE ${s}.notification_posts (id uuid PRIMARY KEY, title text NOT NULL);

    -- One row per member and what it is about (group_key): a reply, a post, or a liked item (the like group).
    CREATE TABLE ${s}.notifications (
      id               uuid PRIMARY KEY,
      user_id          text NOT NULL,
      group_key        text NOT NULL,
      kind             text NOT NULL,
      post_id          uuid NOT NULL,
      reply_id         uuid,
      actor_ids        text[] NOT NULL,
      excerpt          text NOT NULL,
      read             boolean NOT NULL DEFAULT false,
      updated_at       timestamptz NOT NULL,
      updated_position text COLLATE "C" NOT NULL,
      UNIQUE (user_id, group_key)
    );
    CREATE INDEX notifications_by_user ON ${s}.notifications (user_id, updated_at DESC);
    CREATE INDEX notifications_unread ON ${s}.notifications (user_id) WHERE NOT read;
    CREATE INDEX notifications_by_position ON ${s}.notifications (updated_position);
    CREATE INDEX notifications_by_post ON ${s}.notifications (post_id);

    -- Each member's unread count, kept by every write to their notifications, so the bell and the live layer read
    -- one row instead of counting a member's notifications; updated_position is the member's latest change to
    -- what they were notified of (a deletion adjusts the count only, as it leaves no notification behind).
    CREATE TABLE ${s}.notification_counts (
      user_id          text PRIMARY KEY,
      unread           integer NOT NULL,
      updated_position text COLLATE "C" NOT NULL
    );
    CREATE INDEX notification_counts_by_position ON ${s}.notification_counts (updated_position);
  `;
}
