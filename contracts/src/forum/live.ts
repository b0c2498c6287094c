import { z } from 'zod';
import { lowerCaseId } from '../fields';
import type { NotificationsUnread } from '../notifications/notifications';
import { POST_NOT_FOUND_MESSAGE, type ForumPost, type ForumReply } from './forum';
import type { ModerationCount, ModerationTargetType } from './moderation';
import type { DriftProjection, RebuildRun } from '../admin/drift';

/** Socket.IO rooms: the forum list, and one per open post. */
export const FORUM_LIST_ROOM = 'forum:list';
export const FORUM_POST_ROOM_PREFIX = 'forum:post:';
export const forumPostRoom = (postId: string) => `${FORUM_POST_ROOM_PREFIX}${postId}`;

/**
 * Every change message carries the log position it reflects, so a client can tell what it has seen and ask for a
 * resync from there after a reconnect. Messages are sent after the read model committed the change.
 */
type Positioned = { position: string };

export type ForumChange =
  | ({ kind: 'post-created'; post: ForumPost } & Positioned)
  | ({ kind: 'post-updated'; post: ForumPost } & Positioned)
  | ({ kind: 'post-deleted'; postId: string } & Positioned)
  | ({ kind: 'reply-created'; reply: ForumReply; repliesCount: number; lastReplyAt: string | null } & Positioned)
  | ({ kind: 'reply-deleted'; replyId: string; postId: string; repliesCount: number } & Positioned)
  | ({ kind: 'post-likes'; postId: string; likes: number } & Positioned)
  | ({ kind: 'reply-likes'; replyId: string; postId: string; likes: number } & Positioned)
  /** A post or reply was hidden or shown again (moderation): ids only, never its text; clients refetch over HTTP. */
  | ({ kind: 'moderated'; targetType: ModerationTargetType; targetId: string; postId: string; hidden: boolean } & Positioned);

/** Who is on a post page right now: readers counted across every server process, and who is typing a reply. */
export type ForumPresence = { postId: string; readers: number; typing: string[] };

/** What a client gets back when it asks to catch up: the current state, and the position it reflects. */
export type ForumResync =
  { scope: 'post'; post: ForumPost | null; replies: ForumReply[]; position: string | null } | { scope: 'list'; posts: ForumPost[]; position: string | null };

export interface ServerToClientEvents {
  'forum:change': (change: ForumChange) => void;
  'forum:presence': (presence: ForumPresence) => void;
  /** Only to the member's own sockets (a room the server joins from the session): their unread notifications. */
  'notifications:unread': (unread: NotificationsUnread) => void;
  /** To the administrator's sockets that sent moderation:watch only: items awaiting review now. */
  'moderation:count': (count: ModerationCount) => void;
  /** To the administrators' sockets that sent drift:watch only: a rebuild's progress or end, from whichever process runs it. */
  'drift:run': (run: RebuildRun) => void;
  /** To the same sockets: every projection's status, after it may have changed (at most about once a second). */
  'drift:projections': (projections: DriftProjection[]) => void;
}

export type Ack<T> = (answer: { ok: true; value: T } | { ok: false; error: string }) => void;

/**
 * How many posts one connection may watch at once. A tab watches the post it shows (and, for a moment after
 * navigating, the one it left), so a real client stays far below this; the cap bounds what one socket can cost
 * the server (rooms held, presence counted and announced per room).
 */
export const FORUM_WATCHED_POSTS_MAX = 50;
export const FORUM_WATCHED_POSTS_MAX_MESSAGE = `Du kan följa högst ${FORUM_WATCHED_POSTS_MAX} inlägg samtidigt`;
export const TYPING_SIGNED_OUT_MESSAGE = 'Logga in för att svara';
export const TYPING_NOT_WATCHING_MESSAGE = 'Öppna inlägget för att svara på det';
export const LIVE_UNKNOWN_EVENT_MESSAGE = 'Okänd händelse';
export const LIVE_SERVER_ERROR_MESSAGE = 'Något gick fel på servern';
/** A handshake refused because its address already holds as many live connections as one may (connect_error). */
export const LIVE_TOO_MANY_CONNECTIONS_MESSAGE = 'För många samtidiga liveanslutningar från din adress. Stäng några flikar och försök igen.';
export const LIVE_TOO_MANY_PENDING_MESSAGE = 'För många förfrågningar på en gång. Vänta på svaren och försök igen.';

/** A request's arguments (the acknowledgement, a function, is not one of them): too many or too few is refused. */
const args = <T extends [] | [z.ZodTypeAny, ...z.ZodTypeAny[]]>(items: T) =>
  z.tuple(items, {
    errorMap: (issue, ctx) => {
      if (issue.code === 'too_big' || issue.code === 'too_small') {
        const given = Array.isArray(ctx.data) ? ctx.data.length : 0;
        return { message: `Fel antal argument: väntade ${items.length}, fick ${given}` };
      }
      return { message: ctx.defaultError };
    },
  });
const postId = z
  .string({ required_error: 'Inläggets id saknas', invalid_type_error: 'Inläggets id måste vara text' })
  // A malformed id names no post, as on the HTTP API (404 there).
  .uuid(POST_NOT_FOUND_MESSAGE)
  // A room name is plain text and the server sends each change to the room of the id's lower-case text: lowered,
  // one post is one room whatever case a client sends (lowerCaseId says why).
  .transform(lowerCaseId);
const resyncRequest = z.discriminatedUnion('scope', [z.object({ scope: z.literal('list') }), z.object({ scope: z.literal('post'), postId })], {
  errorMap: () => ({ message: "Begäran måste vara { scope: 'list' } eller { scope: 'post', postId }" }),
});

/**
 * What each message a client sends carries, validated by the server like an HTTP body. Every message may end with
 * an acknowledgement; the server answers it with `{ ok: true, value }` (the value of `ForumLiveAnswers`) or
 * `{ ok: false, error }` in Swedish, and never acts on a message that does not match.
 */
export const forumLiveRequests = {
  'forum:watch-list': args([]),
  'forum:unwatch-list': args([]),
  'forum:watch-post': args([postId]),
  'forum:unwatch-post': args([postId]),
  /** A signed-in reader starts (true) or stops (false) typing a reply. */
  'forum:typing': args([postId, z.boolean({ required_error: 'Ange true eller false', invalid_type_error: 'Ange true eller false' })]),
  'forum:resync': args([resyncRequest]),
  /** The administrator's panel asks for the live moderation count (refused for anyone else). */
  'moderation:watch': args([]),
  /** The admin console (Drift tab) asks for rebuild progress and projection statuses (refused for anyone else). */
  'drift:watch': args([]),
} satisfies { [E in keyof ForumLiveAnswers]: z.ZodTypeAny };

/** What an acknowledged request answers when it succeeds. */
export interface ForumLiveAnswers {
  'forum:watch-list': null;
  'forum:unwatch-list': null;
  /** Who reads and types there now. */
  'forum:watch-post': ForumPresence;
  'forum:unwatch-post': null;
  'forum:typing': null;
  'forum:resync': ForumResync;
  /** The count now; later counts arrive as moderation:count. */
  'moderation:watch': ModerationCount;
  /** The rebuild running now, if any; its progress and the statuses arrive as drift:run and drift:projections. */
  'drift:watch': { rebuild: RebuildRun | null };
}

export type ForumLiveEvent = keyof ForumLiveAnswers;
/** Every event the server listens for: tests send each of them every wrong shape. */
export const FORUM_LIVE_EVENTS = Object.keys(forumLiveRequests) as ForumLiveEvent[];
export type ForumLiveArgs<E extends ForumLiveEvent> = z.input<(typeof forumLiveRequests)[E]>;
/** The arguments a handler gets: validated, with the schemas' defaults and trims applied. */
export type ForumLiveValidArgs<E extends ForumLiveEvent> = z.output<(typeof forumLiveRequests)[E]>;
export type ForumResyncRequest = z.input<typeof resyncRequest>;

export type ClientToServerEvents = {
  [E in ForumLiveEvent]: (...args: [...ForumLiveArgs<E>, ack?: Ack<ForumLiveAnswers[E]>]) => void;
};

/** A request's arguments as validated, or the Swedish message the acknowledgement answers. */
export function parseForumLiveArgs<E extends ForumLiveEvent>(
  event: E,
  given: readonly unknown[],
): { ok: true; args: ForumLiveValidArgs<E> } | { ok: false; error: string } {
  const result = (forumLiveRequests[event] as z.ZodTypeAny).safeParse(given);
  if (result.success) return { ok: true, args: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'Ogiltig begäran' };
}
