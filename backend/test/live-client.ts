import type { ClientToServerEvents, ForumChange, ForumPresence, ServerToClientEvents } from '@mello/contracts';
import { io, type Socket } from 'socket.io-client';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client connection, as a browser on `origin` holding `cookie` would open it. */
export async function connectLive(url: string, options: { cookie?: string; origin?: string; transport?: 'websocket' | 'polling' } = {}): Promise<LiveClient> {
  const socket: LiveClient = io(url, {
    transports: [options.transport ?? 'websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(options.cookie ? { cookie: options.cookie } : {}), origin: options.origin ?? url },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** Records every change message, and waits for one that matches. */
export function recordChanges(socket: LiveClient) {
  const seen: ForumChange[] = [];
  const waiters: Array<{ match: (change: ForumChange) => boolean; resolve: (change: ForumChange) => void }> = [];
  socket.on('forum:change', (change) => {
    seen.push(change);
    for (const waiter of [...waiters]) {
      if (waiter.match(change)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(change);
      }
    }
  });
  return {
    seen,
    next<K extends ForumChange['kind']>(kind: K, match: (change: Extract<ForumChange, { kind: K }>) => boolean = () => true, timeoutMs = 10_000) {
      const earlier = seen.find((change) => change.kind === kind && match(change as Extract<ForumChange, { kind: K }>));
      if (earlier) return Promise.resolve(earlier as Extract<ForumChange, { kind: K }>);
      return new Promise<Extract<ForumChange, { kind: K }>>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${kind} message within ${timeoutMs} ms; seen: ${JSON.stringify(seen.map((c) => c.kind))}`)),
          timeoutMs,
        );
        waiters.push({
          match: (change) => change.kind === kind && match(change as Extract<ForumChange, { kind: K }>),
          resolve: (change) => {
            clearTimeout(timer);
            resolve(change as Extract<ForumChange, { kind: K }>);
          },
        });
      });
    },
  };
}

export function watchPost(socket: LiveClient, postId: string): Promise<ForumPresence> {
  return new Promise((resolve, reject) =>
    socket.emit('forum:watch-post', postId, (answer) => (answer.ok ? resolve(answer.value) : reject(new Error(answer.error)))),
  );
}

export function watchList(socket: LiveClient): Promise<void> {
  return new Promise((resolve, reject) => socket.emit('forum:watch-list', (answer) => (answer.ok ? resolve() : reject(new Error(answer.error)))));
}

/** Waits for a presence message that satisfies `match`. */
export function nextPresence(socket: LiveClient, match: (presence: ForumPresence) => boolean, timeoutMs = 10_000): Promise<ForumPresence> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('forum:presence', listener);
      reject(new Error('no matching presence message'));
    }, timeoutMs);
    const listener = (presence: ForumPresence) => {
      if (!match(presence)) return;
      clearTimeout(timer);
      socket.off('forum:presence', listener);
      resolve(presence);
    };
    socket.on('forum:presence', listener);
  });
}
