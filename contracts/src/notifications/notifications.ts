import { z } from 'zod';

/**
 * Notifications (docs/forum.md, "Notifications and watching"): a read model of the log, one per event and member.
 * - `reply`: someone replied to your post;
 * - `mention`: someone named you (@Namn) in a post or reply;
 * - `watched-reply`: someone replied to a post you watch;
 * - `like`: members liked your post or reply (one notification per liked item, grouped: "Anna och 3 till …").
 * When several reasons apply to one event, the member gets one notification, of the first kind in this order:
 * mention, reply, watched-reply.
 */
export const NOTIFICATION_KINDS = ['reply', 'mention', 'watched-reply', 'like'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  postId: z.string(),
  /** The reply it is about (a reply, a mention in a reply, a liked reply); null when it is about the post itself. */
  replyId: z.string().nullable(),
  postTitle: z.string(),
  /** Public display names of who did it, newest first (at most NOTIFICATION_ACTORS_SHOWN). */
  actors: z.array(z.string()),
  /** How many members did it (a like group grows). */
  actorCount: z.number().int(),
  /** The beginning of the reply or post it is about (empty for likes). */
  excerpt: z.string(),
  read: z.boolean(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_ACTORS_SHOWN = 3;
/** The list answers the newest ones; older ones stay in the read model. */
export const NOTIFICATIONS_LIST_LIMIT = 50;
export const NOTIFICATION_EXCERPT_LENGTH = 140;

export const NotificationListSchema = z.object({ unread: z.number().int(), items: z.array(NotificationSchema) });
export type NotificationList = z.infer<typeof NotificationListSchema>;
export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notisen hittades inte';

/** "Anna", "Anna och Bo", "Anna och 3 till". */
export function actorsText(actors: readonly string[], count: number): string {
  const first = actors[0] ?? 'Någon';
  if (count <= 1) return first;
  if (count === 2 && actors[1]) return `${first} och ${actors[1]}`;
  return `${first} och ${count - 1} till`;
}

/** What the notification says, in Swedish: "Anna och 3 till gillade ditt inlägg «Titel»". */
export function notificationText(n: Pick<Notification, 'kind' | 'actors' | 'actorCount' | 'postTitle' | 'replyId'>): string {
  const who = actorsText(n.actors, n.actorCount);
  const title = `«${n.postTitle}»`;
  switch (n.kind) {
    case 'reply':
      return `${who} svarade på ditt inlägg ${title}`;
    case 'mention':
      return `${who} nämnde dig i ${title}`;
    case 'watched-reply':
      return `${who} svarade i ${title}, som du bevakar`;
    case 'like':
      return `${who} gillade ${n.replyId ? 'ditt svar i' : 'ditt inlägg'} ${title}`;
  }
}

/** Where a notification leads: the post, at the reply when it is about one. */
export const notificationHref = (n: Pick<Notification, 'postId' | 'replyId'>): string =>
  `/forum/post/${encodeURIComponent(n.postId)}${n.replyId ? `#svar-${n.replyId}` : ''}`;

/** Watching a post: `watching` notifies of every reply; `muted` of nothing about the post; `none` is the default. */
export const WATCH_LEVELS = ['watching', 'muted'] as const;
export type WatchLevel = (typeof WATCH_LEVELS)[number];
export const PostWatchSchema = z.object({ watch: z.enum([...WATCH_LEVELS, 'none']) });
export type PostWatch = z.infer<typeof PostWatchSchema>;
export const PostWatchInputSchema = z.object({
  watch: z.enum(WATCH_LEVELS, { errorMap: () => ({ message: "Ange 'watching' eller 'muted'" }) }),
});
export type PostWatchInput = z.infer<typeof PostWatchInputSchema>;

/** The editors' autocomplete of public display names. */
export const MEMBER_NAMES_LIMIT = 8;
export const MemberNamesQuerySchema = z.object({
  prefix: z
    .string({ required_error: 'Ange början av ett namn', invalid_type_error: 'Måste vara text' })
    .trim()
    .min(1, 'Ange början av ett namn')
    .max(40, 'Får vara högst 40 tecken'),
});
export const MemberNamesSchema = z.object({ names: z.array(z.string()) });
export type MemberNames = z.infer<typeof MemberNamesSchema>;

/** The live message to a member's own sockets: their unread count now (receivers check it with this schema). */
export const NotificationsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationsUnread = z.infer<typeof NotificationsUnreadSchema>;
