import {
  FORUM_LIST_ROOM,
  forumPostRoom,
  type ClientToServerEvents,
  type ForumPost,
  type ForumPresence,
  type ForumReply,
  type ForumResync,
  type ServerToClientEvents,
} from '@mello/contracts';
import { LIVE_SCHEMA, forumPostJson, forumRepliesJson } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import type { Server, Socket } from 'socket.io';
import { isUuid } from '../http/validation';
import type { SearchEngine } from '../search/search-engine';
import type { RoutedChange } from './forum-changes';
import type { SocketData } from './socket-auth';

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A typing indicator that is not refreshed goes away by itself (a closed laptop does not type forever). */
const TYPING_TIMEOUT_MS = 8000;
const PRESENCE_INTERVAL_MS = 250;

/**
 * The forum's live layer: rooms for the list and each post, presence ("N läser nu", "X skriver ett svar…")
 * counted across every server process through the adapter, a resync for clients that missed messages, and the
 * delivery of the changes this process's follower finds to the sockets connected here.
 */
export function attachForumLive(io: LiveServer, deps: { pool: DatabasePool; search: SearchEngine; log: (message: string) => void }) {
  const typingTimers = new WeakMap<LiveSocket, NodeJS.Timeout>();

  const presenceOf = async (postId: string): Promise<ForumPresence> => {
    const sockets = await io.in(forumPostRoom(postId)).fetchSockets();
    const typing = [...new Set(sockets.filter((s) => s.data.typingIn === postId && s.data.user).map((s) => s.data.user!.publicName))];
    return { postId, readers: sockets.length, typing };
  };
  // Presence is announced at most every PRESENCE_INTERVAL_MS per post: when a thousand readers arrive, each
  // arrival would otherwise count the whole room and message everybody in it.
  const presenceTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;
  const announcePresence = async (postId: string) => {
    if (closing || presenceTimers.has(postId)) return;
    presenceTimers.set(
      postId,
      setTimeout(() => {
        presenceTimers.delete(postId);
        if (closing) return;
        safely(async () => io.to(forumPostRoom(postId)).emit('forum:presence', await presenceOf(postId)));
      }, PRESENCE_INTERVAL_MS),
    );
  };
  const stopTyping = (socket: LiveSocket) => {
    clearTimeout(typingTimers.get(socket));
    const postId = socket.data.typingIn;
    socket.data.typingIn = null;
    return postId;
  };
  const safely = (work: () => Promise<unknown>) => void work().catch((error: unknown) => deps.log(`live: ${(error as Error).message}`));

  io.on('connection', (socket: LiveSocket) => {
    socket.on('forum:watch-list', (ack) => {
      void socket.join(FORUM_LIST_ROOM);
      ack?.({ ok: true, value: null });
    });
    socket.on('forum:unwatch-list', () => void socket.leave(FORUM_LIST_ROOM));

    socket.on('forum:watch-post', (postId, ack) => {
      if (typeof postId !== 'string' || !isUuid(postId)) return ack?.({ ok: false, error: 'Inlägg hittades inte' });
      void socket.join(forumPostRoom(postId));
      safely(async () => {
        ack?.({ ok: true, value: await presenceOf(postId) });
        await announcePresence(postId);
      });
    });

    socket.on('forum:unwatch-post', (postId) => {
      if (typeof postId !== 'string' || !isUuid(postId)) return;
      if (socket.data.typingIn === postId) stopTyping(socket);
      void socket.leave(forumPostRoom(postId));
      safely(() => announcePresence(postId));
    });

    socket.on('forum:typing', (postId, typing) => {
      // Only a signed-in reader of this post can type a reply.
      if (!socket.data.user || typeof postId !== 'string' || !socket.rooms.has(forumPostRoom(postId))) return;
      const before = socket.data.typingIn;
      if (typing === true) {
        clearTimeout(typingTimers.get(socket));
        socket.data.typingIn = postId;
        typingTimers.set(
          socket,
          setTimeout(() => {
            if (stopTyping(socket) === postId) safely(() => announcePresence(postId));
          }, TYPING_TIMEOUT_MS),
        );
      } else if (before === postId) {
        stopTyping(socket);
      }
      if (before !== socket.data.typingIn) safely(() => announcePresence(postId));
    });

    socket.on('forum:resync', (request, ack) => {
      if (typeof ack !== 'function') return;
      safely(async () => {
        try {
          ack({ ok: true, value: await resync(request) });
        } catch (error) {
          ack({ ok: false, error: (error as Error).message });
        }
      });
    });

    socket.on('disconnecting', () => {
      stopTyping(socket);
      const posts = [...socket.rooms].filter((room) => room.startsWith('forum:post:')).map((room) => room.slice('forum:post:'.length));
      // After the socket has left its rooms, the others learn it is gone.
      setImmediate(() => posts.forEach((postId) => safely(() => announcePresence(postId))));
    });
  });

  const forumPosition = async () =>
    deps.pool.maybeOneFirst(sql.unsafe`SELECT position FROM ${sql.identifier([LIVE_SCHEMA, 'checkpoints'])} WHERE projection = 'forum'`) as Promise<string | null>;

  async function resync(request: Parameters<ClientToServerEvents['forum:resync']>[0]): Promise<ForumResync> {
    const position = await forumPosition();
    if (request?.scope === 'post' && typeof request.postId === 'string' && isUuid(request.postId)) {
      const post = await forumPostJson(deps.pool, request.postId);
      const replies = post === null ? [] : (JSON.parse(await forumRepliesJson(deps.pool, request.postId)) as ForumReply[]);
      return { scope: 'post', post: post === null ? null : (JSON.parse(post) as ForumPost), replies, position };
    }
    if (request?.scope === 'list') {
      const posts = JSON.parse(await deps.search.searchForum({ q: '', category: null, limit: 50 })) as ForumPost[];
      return { scope: 'list', posts, position };
    }
    throw new Error('Okänd begäran');
  }

  return {
    /** Stops presence updates: sockets disconnecting at shutdown must not reach the adapter after its pool ends. */
    close() {
      closing = true;
      for (const timer of presenceTimers.values()) clearTimeout(timer);
      presenceTimers.clear();
    },
    /**
     * Sends changes to the sockets of this process only (`io.local`): every API process follows the read models
     * itself (forum-follower.ts), so broadcasting through the adapter would deliver each change once per process.
     */
    emitLocal(changes: readonly RoutedChange[]) {
      for (const { change, toList, postId } of changes) {
        const rooms = [...(toList ? [FORUM_LIST_ROOM] : []), ...(postId ? [forumPostRoom(postId)] : [])];
        io.local.to(rooms).emit('forum:change', change);
      }
    },
  };
}
