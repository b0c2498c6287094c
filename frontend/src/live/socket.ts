import { io, type Socket } from 'socket.io-client';
import {
  DriftProjectionSchema,
  ModerationCountSchema,
  RebuildRunSchema,
  NotificationsUnreadSchema,
  type ClientToServerEvents,
  type DriftProjection,
  type ForumChange,
  type ForumPresence,
  type ForumResync,
  type NotificationsUnread,
  type RebuildRun,
  type ServerToClientEvents,
} from '@mello/contracts';

export type ForumSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ListResync = Extract<ForumResync, { scope: 'list' }>;
export type PostResync = Extract<ForumResync, { scope: 'post' }>;

/**
 * `resyncOnJoin`: the screen already shows cached data from an earlier visit (changes made while it was not
 * watched were missed), so the current state is asked for right after joining the room.
 */
type ListWatcher = { onResync?: (answer: ListResync) => void; resyncOnJoin?: boolean };
type PostWatcher = { onPresence?: (presence: ForumPresence) => void; onResync?: (answer: PostResync) => void; resyncOnJoin?: boolean };

/**
 * One Socket.IO connection for the whole tab, opened the first time a forum screen needs it (other pages never
 * load or open it). It is on the page's own origin, so the session cookie signs it in. Screens say which rooms
 * they watch; the connection keeps those rooms across reconnects and, when the server could not restore the
 * session's missed messages, asks for a resync so the screens can replace what they show.
 */
let socket: ForumSocket | null = null;
let connectedBefore = false;
const listWatchers = new Set<ListWatcher>();
const postWatchers = new Map<string, Set<PostWatcher>>();
const changeListeners = new Set<(change: ForumChange) => void>();
/** Per post, which join is the latest: the answer to an earlier one (left and joined again since) is stale. */
const postJoins = new Map<string, number>();
/**
 * Leaving a post room waits a moment: a screen that unmounts and mounts again at once (React's StrictMode, a quick
 * back-and-forth) stays in the room instead of leaving and re-joining, which would make the server count it out.
 */
const LEAVE_DELAY_MS = 250;
const leaving = new Map<string, number>();
const statusListeners = new Set<(connected: boolean) => void>();
const unreadListeners = new Set<(unread: NotificationsUnread) => void>();
/** The administrator's panel: the live moderation count (the server refuses anyone else's moderation:watch). */
const moderationWatchers = new Set<(open: number) => void>();

function joinModeration(connection: ForumSocket) {
  connection.emit('moderation:watch', (answer) => {
    if (answer.ok) moderationWatchers.forEach((watcher) => watcher(answer.value.open));
  });
}

/** Follow the moderation count (items awaiting review) while the returned function has not been called. */
export function watchModerationCount(onCount: (open: number) => void): () => void {
  moderationWatchers.add(onCount);
  const connection = forumSocket();
  if (connection.connected) joinModeration(connection);
  return () => {
    moderationWatchers.delete(onCount);
  };
}

/** The admin console (Drift tab): a rebuild's progress and the projections' statuses (the server refuses anyone else's drift:watch). */
type DriftWatcher = { onRun: (run: RebuildRun) => void; onProjections: (projections: DriftProjection[]) => void };
const driftWatchers = new Set<DriftWatcher>();

function joinDrift(connection: ForumSocket) {
  connection.emit('drift:watch', (answer) => {
    const rebuild = answer.ok ? answer.value.rebuild : null;
    if (rebuild) driftWatchers.forEach((watcher) => watcher.onRun(rebuild));
  });
}

/** Follow rebuilds and projection statuses while the returned function has not been called. */
export function watchDrift(watcher: DriftWatcher): () => void {
  driftWatchers.add(watcher);
  const connection = forumSocket();
  if (connection.connected) joinDrift(connection);
  return () => {
    driftWatchers.delete(watcher);
  };
}

function forumSocket(): ForumSocket {
  if (socket) return socket;
  const created: ForumSocket = io({ path: '/socket.io', withCredentials: true });
  created.on('connect', () => {
    const reconnected = connectedBefore && !created.recovered;
    connectedBefore = true;
    // A screen that already shows data (the server's HTML, a fetch) before this first connection missed what
    // changed in between: it asked to resync on joining, and is answered here, where it joins.
    const wantsResync = (watchers: Iterable<{ resyncOnJoin?: boolean }>) => reconnected || [...watchers].some((watcher) => watcher.resyncOnJoin === true);
    if (listWatchers.size > 0) joinList(created, wantsResync(listWatchers));
    for (const [postId, watchers] of postWatchers) joinPost(created, postId, wantsResync(watchers));
    if (moderationWatchers.size > 0) joinModeration(created);
    if (driftWatchers.size > 0) joinDrift(created);
    statusListeners.forEach((listener) => listener(true));
  });
  created.on('disconnect', () => statusListeners.forEach((listener) => listener(false)));
  created.on('forum:change', (change) => {
    changeListeners.forEach((listener) => listener(change));
  });
  // Checked against their contracts: a malformed message is ignored, never thrown out of the handler.
  created.on('notifications:unread', (message: unknown) => {
    const parsed = NotificationsUnreadSchema.safeParse(message);
    if (parsed.success) unreadListeners.forEach((listener) => listener(parsed.data));
  });
  created.on('moderation:count', (message: unknown) => {
    const parsed = ModerationCountSchema.safeParse(message);
    if (parsed.success) moderationWatchers.forEach((watcher) => watcher(parsed.data.open));
  });
  created.on('drift:run', (message: unknown) => {
    const parsed = RebuildRunSchema.safeParse(message);
    if (parsed.success) driftWatchers.forEach((watcher) => watcher.onRun(parsed.data));
  });
  created.on('drift:projections', (message: unknown) => {
    const parsed = DriftProjectionSchema.array().safeParse(message);
    if (parsed.success) driftWatchers.forEach((watcher) => watcher.onProjections(parsed.data));
  });
  created.on('forum:presence', (presence) => postWatchers.get(presence.postId)?.forEach((watcher) => watcher.onPresence?.(presence)));
  socket = created;
  return created;
}

function joinList(connection: ForumSocket, resync: boolean) {
  connection.emit('forum:watch-list');
  if (!resync) return;
  connection.emit('forum:resync', { scope: 'list' }, (answer) => {
    if (!answer.ok || answer.value.scope !== 'list') return;
    const value = answer.value;
    listWatchers.forEach((watcher) => watcher.onResync?.(value));
  });
}

function joinPost(connection: ForumSocket, postId: string, resync: boolean) {
  const join = (postJoins.get(postId) ?? 0) + 1;
  postJoins.set(postId, join);
  connection.emit('forum:watch-post', postId, (answer) => {
    if (answer.ok && postJoins.get(postId) === join) postWatchers.get(postId)?.forEach((watcher) => watcher.onPresence?.(answer.value));
  });
  if (!resync) return;
  connection.emit('forum:resync', { scope: 'post', postId }, (answer) => {
    if (!answer.ok || answer.value.scope !== 'post') return;
    const value = answer.value;
    postWatchers.get(postId)?.forEach((watcher) => watcher.onResync?.(value));
  });
}

/** Watch the forum list room while the returned function has not been called. */
export function watchForumList(watcher: ListWatcher = {}): () => void {
  const connection = forumSocket();
  listWatchers.add(watcher);
  if (listWatchers.size === 1 && connection.connected) joinList(connection, watcher.resyncOnJoin === true);
  return () => {
    listWatchers.delete(watcher);
    if (listWatchers.size === 0 && connection.connected) connection.emit('forum:unwatch-list');
  };
}

/** Watch one post's room (its changes and who is reading or typing) while the returned function has not been called. */
export function watchForumPost(postId: string, watcher: PostWatcher = {}): () => void {
  const connection = forumSocket();
  window.clearTimeout(leaving.get(postId));
  leaving.delete(postId);
  const watchers = postWatchers.get(postId) ?? new Set<PostWatcher>();
  const first = watchers.size === 0;
  watchers.add(watcher);
  postWatchers.set(postId, watchers);
  if (first && connection.connected) joinPost(connection, postId, watcher.resyncOnJoin === true);
  return () => {
    watchers.delete(watcher);
    if (watchers.size > 0) return;
    postWatchers.delete(postId);
    leaving.set(
      postId,
      window.setTimeout(() => {
        leaving.delete(postId);
        if (!postWatchers.has(postId) && connection.connected) connection.emit('forum:unwatch-post', postId);
      }, LEAVE_DELAY_MS),
    );
  };
}

export function onForumChange(listener: (change: ForumChange) => void): () => void {
  forumSocket();
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Whether the live connection is up; called at once with the current state. */
export function onLiveStatus(listener: (connected: boolean) => void): () => void {
  const connection = forumSocket();
  statusListeners.add(listener);
  listener(connection.connected);
  return () => statusListeners.delete(listener);
}

/** A signed-in reader starts or stops typing a reply (the server ignores visitors). */
export function sendTyping(postId: string, typing: boolean): void {
  if (socket?.connected) socket.emit('forum:typing', postId, typing);
}

/**
 * The signed-in member's unread notification count, sent by the server to that member's sockets only. The bell
 * opens the connection on every page for a signed-in member (a visitor's pages still never open it).
 */
export function onNotificationsUnread(listener: (unread: NotificationsUnread) => void): () => void {
  forumSocket();
  unreadListeners.add(listener);
  return () => unreadListeners.delete(listener);
}
