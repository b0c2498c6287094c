import {
  FORUM_LIST_ROOM,
  FORUM_POST_ROOM_PREFIX,
  FORUM_WATCHED_POSTS_MAX,
  FORUM_WATCHED_POSTS_MAX_MESSAGE,
  LIVE_UNKNOWN_EVENT_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  TYPING_NOT_WATCHING_MESSAGE,
  TYPING_SIGNED_OUT_MESSAGE,
  forumPostRoom,
  type ClientToServerEvents,
  type ForumPost,
  type ForumPresence,
  type ForumReply,
  type ForumResync,
  type ForumResyncRequest,
  type ServerToClientEvents,
} from '@mello/contracts';
import { LIVE_SCHEMA, forumPostExists, forumPostJson, forumReaderOf, forumRepliesJson, type ForumReader } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import type { Server, Socket } from 'socket.io';
import type { SearchEngine } from '../search/search-engine';
import type { RoutedChange } from './forum-changes';
import type { DriftLive } from './drift-live';
import type { ModerationLive } from './moderation-live';
import { LiveRefusal, serveLiveRequests, type LiveHandlers } from './live-requests';
import { repeatLog } from './repeat-log';
import type { LiveServerSideEvents, SocketData } from './socket-auth';

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, LiveServerSideEvents, SocketData>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, LiveServerSideEvents, SocketData>;

/** A typing indicator that is not refreshed goes away by itself (a closed laptop does not type forever). */
const TYPING_TIMEOUT_MS = 8000;
const PRESENCE_INTERVAL_MS = 250;

/**
 * The forum's live layer: rooms for the list and each post, presence ("N läser nu", "X skriver ett svar…")
 * counted across every server process through the adapter, a resync for clients that missed messages, and the
 * delivery of the changes this process's follower finds to the sockets connected here.
 */
export function attachForumLive(
  io: LiveServer,
  deps: { pool: DatabasePool; search: SearchEngine; log: (message: string) => void; moderation?: ModerationLive; drift?: DriftLive },
) {
  const typingTimers = new WeakMap<LiveSocket, NodeJS.Timeout>();
  const report = repeatLog((message) => deps.log(`live: ${message}`));
  const safely = (work: () => Promise<unknown>) => void work().catch((error: unknown) => report('presence', error));

  const presenceOf = async (postId: string): Promise<ForumPresence> => {
    const sockets = await io.in(forumPostRoom(postId)).fetchSockets();
    const typing = [...new Set(sockets.filter((s) => s.data.typingIn === postId && s.data.user).map((s) => s.data.user!.publicName))];
    return { postId, readers: sockets.length, typing };
  };
  // Presence is announced at most every PRESENCE_INTERVAL_MS per post: when a thousand readers arrive, each
  // arrival would otherwise count the whole room and message everybody in it.
  const presenceTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;
  const announcePresence = (postId: string) => {
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
  const watchedPosts = (socket: LiveSocket) => [...socket.rooms].filter((room) => room.startsWith(FORUM_POST_ROOM_PREFIX)).length;

  const handlersFor = (socket: LiveSocket): LiveHandlers => ({
    'forum:watch-list': async () => {
      await socket.join(FORUM_LIST_ROOM);
      return null;
    },
    'forum:unwatch-list': async () => {
      await socket.leave(FORUM_LIST_ROOM);
      return null;
    },
    'forum:watch-post': async (postId) => {
      const room = forumPostRoom(postId);
      if (!socket.rooms.has(room)) {
        if (watchedPosts(socket) >= FORUM_WATCHED_POSTS_MAX) throw new LiveRefusal(FORUM_WATCHED_POSTS_MAX_MESSAGE);
        // Only a live post has a room: a client cannot make the server hold rooms for ids that name nothing.
        if (!(await forumPostExists(deps.pool, postId))) throw new LiveRefusal(POST_NOT_FOUND_MESSAGE);
        await socket.join(room);
      }
      const presence = await presenceOf(postId);
      announcePresence(postId);
      return presence;
    },
    'forum:unwatch-post': async (postId) => {
      const room = forumPostRoom(postId);
      if (!socket.rooms.has(room)) return null;
      if (socket.data.typingIn === postId) stopTyping(socket);
      await socket.leave(room);
      announcePresence(postId);
      return null;
    },
    'forum:typing': (postId, typing) => {
      // Only a signed-in reader of this post can type a reply.
      if (!socket.data.user) throw new LiveRefusal(TYPING_SIGNED_OUT_MESSAGE);
      if (!socket.rooms.has(forumPostRoom(postId))) throw new LiveRefusal(TYPING_NOT_WATCHING_MESSAGE);
      const before = socket.data.typingIn;
      if (typing) {
        clearTimeout(typingTimers.get(socket));
        socket.data.typingIn = postId;
        typingTimers.set(
          socket,
          setTimeout(() => {
            if (stopTyping(socket) === postId) announcePresence(postId);
          }, TYPING_TIMEOUT_MS),
        );
      } else if (before === postId) {
        stopTyping(socket);
      }
      if (before !== socket.data.typingIn) announcePresence(postId);
      return null;
    },
    'forum:resync': (request) => resync(request, forumReaderOf(socket.data.user)),
    'moderation:watch': () => (deps.moderation ? deps.moderation.watch(socket) : Promise.reject(new LiveRefusal(LIVE_UNKNOWN_EVENT_MESSAGE))),
    'drift:watch': () => (deps.drift ? deps.drift.watch(socket) : Promise.reject(new LiveRefusal(LIVE_UNKNOWN_EVENT_MESSAGE))),
  });

  io.on('connection', (socket: LiveSocket) => {
    serveLiveRequests(socket, handlersFor(socket), report);

    // Socket.IO's own event (reserved: a client cannot send it, live-hostile.int.test.ts), with no client arguments.
    // Nothing here should throw; if it ever does, it is reported rather than ending the process.
    socket.on('disconnecting', () => {
      try {
        stopTyping(socket);
        const posts = [...socket.rooms].filter((room) => room.startsWith(FORUM_POST_ROOM_PREFIX)).map((room) => room.slice(FORUM_POST_ROOM_PREFIX.length));
        // After the socket has left its rooms, the others learn it is gone.
        setImmediate(() => posts.forEach((postId) => announcePresence(postId)));
      } catch (error) {
        report('disconnecting', error);
      }
    });
  });

  const forumPosition = async () =>
    deps.pool.maybeOneFirst(sql.unsafe`SELECT position FROM ${sql.identifier([LIVE_SCHEMA, 'checkpoints'])} WHERE projection = 'forum'`) as Promise<
      string | null
    >;

  /**
   * The post or the newest posts as the socket's reader gets them over HTTP (the administrator: hidden posts and
   * their text): the answer replaces the client's cache, so a public view would take the administrator's away.
   */
  async function resync(request: ForumResyncRequest, reader: ForumReader): Promise<ForumResync> {
    const position = await forumPosition();
    if (request.scope === 'post') {
      const post = await forumPostJson(deps.pool, request.postId, reader);
      const replies = post === null ? [] : (JSON.parse(await forumRepliesJson(deps.pool, request.postId, reader)) as ForumReply[]);
      return { scope: 'post', post: post === null ? null : (JSON.parse(post) as ForumPost), replies, position };
    }
    const posts = JSON.parse(await deps.search.searchForum({ q: '', category: null, limit: 50, admin: reader.admin })) as ForumPost[];
    return { scope: 'list', posts, position };
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
