import type { ForumPost, ForumReply } from './forum';

/** Socket.IO rooms: the forum list, and one per open post. */
export const FORUM_LIST_ROOM = 'forum:list';
export const forumPostRoom = (postId: string) => `forum:post:${postId}`;

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
  | ({ kind: 'reply-likes'; replyId: string; postId: string; likes: number } & Positioned);

/** Who is on a post page right now: readers counted across every server process, and who is typing a reply. */
export type ForumPresence = { postId: string; readers: number; typing: string[] };

/** What a client gets back when it asks to catch up: the current state, and the position it reflects. */
export type ForumResync =
  | { scope: 'post'; post: ForumPost | null; replies: ForumReply[]; position: string | null }
  | { scope: 'list'; posts: ForumPost[]; position: string | null };

export interface ServerToClientEvents {
  'forum:change': (change: ForumChange) => void;
  'forum:presence': (presence: ForumPresence) => void;
}

export type Ack<T> = (answer: { ok: true; value: T } | { ok: false; error: string }) => void;

export interface ClientToServerEvents {
  'forum:watch-list': (ack?: Ack<null>) => void;
  'forum:unwatch-list': () => void;
  'forum:watch-post': (postId: string, ack?: Ack<ForumPresence>) => void;
  'forum:unwatch-post': (postId: string) => void;
  /** A signed-in reader starts (true) or stops (false) typing a reply. */
  'forum:typing': (postId: string, typing: boolean) => void;
  'forum:resync': (request: { scope: 'list' } | { scope: 'post'; postId: string }, ack: Ack<ForumResync>) => void;
}
