import { NOTIFICATION_EXCERPT_LENGTH, excerptLine, plainMarkdown, type NotificationKind, type WatchLevel } from '@mello/contracts';

/**
 * Who is notified of what: pure rules, applied by the notifications projection (notifications-projection.ts) and
 * tested given/when/then (notification-rules.unit.test.ts).
 */
export type Recipient = { userId: string; kind: Exclude<NotificationKind, 'like'> };
export type Watch = { userId: string; watch: WatchLevel };

/**
 * A reply notifies the members it mentions, the post's author and everyone watching the post (the author watches
 * their own post, a member the posts they replied to, unless they muted it): once each, a mention first, then
 * "reply to your post", then "reply to a post you watch". Never the one who replied, never a member who muted the
 * post.
 */
export function replyRecipients(input: { actorId: string; postAuthorId: string; watches: readonly Watch[]; mentioned: readonly string[] }): Recipient[] {
  const muted = new Set(input.watches.filter((w) => w.watch === 'muted').map((w) => w.userId));
  const out = new Map<string, Recipient>();
  const add = (userId: string, kind: Recipient['kind']) => {
    if (userId === input.actorId || muted.has(userId) || out.has(userId)) return;
    out.set(userId, { userId, kind });
  };
  for (const userId of input.mentioned) add(userId, 'mention');
  for (const w of input.watches) if (w.watch === 'watching') add(w.userId, w.userId === input.postAuthorId ? 'reply' : 'watched-reply');
  return [...out.values()];
}

/** A new post notifies the members it mentions (not its author). */
export const postRecipients = (input: { actorId: string; mentioned: readonly string[] }): Recipient[] =>
  [...new Set(input.mentioned)].filter((userId) => userId !== input.actorId).map((userId) => ({ userId, kind: 'mention' }));

/** A like notifies the liked item's author, unless they liked it themselves or muted the post. */
export const likeRecipient = (input: { likerId: string; authorId: string; authorMuted: boolean }): string | null =>
  input.likerId === input.authorId || input.authorMuted ? null : input.authorId;

/** The beginning of a post's or reply's text as a reader sees it (plain, not markdown), on one line, for the notification list. */
export const excerptOf = (text: string): string => excerptLine(plainMarkdown(text), NOTIFICATION_EXCERPT_LENGTH);
