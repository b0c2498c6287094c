import {
  FORUM_LIVE_EVENTS,
  LIVE_SERVER_ERROR_MESSAGE,
  LIVE_TOO_MANY_PENDING_MESSAGE,
  LIVE_UNKNOWN_EVENT_MESSAGE,
  parseForumLiveArgs,
  type Ack,
  type ForumLiveAnswers,
  type ForumLiveEvent,
  type ForumLiveValidArgs,
} from '@mello/contracts';
import { isTransientDatabaseError } from '@mello/projections';
import type { Socket } from 'socket.io';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/error-middleware';

/** A request refused for a reason the client should hear (its Swedish message goes to the acknowledgement). */
export class LiveRefusal extends Error {}

/** One socket's handlers: each gets its request's validated arguments and returns what the acknowledgement answers. */
export type LiveHandlers = {
  [E in ForumLiveEvent]: (...args: ForumLiveValidArgs<E>) => ForumLiveAnswers[E] | Promise<ForumLiveAnswers[E]>;
};

/**
 * How many of one socket's valid messages may wait for their turn. A reconnecting tab resyncs everything it
 * watches at once (at most FORUM_WATCHED_POSTS_MAX posts plus the list), so a legitimate client stays far below;
 * without a bound, a flood of valid messages would grow the queue in memory for as long as it lasts.
 */
export const LIVE_MAX_PENDING_REQUESTS = 256;

const isLiveEvent = (event: unknown): event is ForumLiveEvent => (FORUM_LIVE_EVENTS as unknown[]).includes(event);

/**
 * The one place a socket's messages reach the forum's handlers. A message is validated against its contract
 * schema (a mismatch is answered `{ ok: false, error }` and changes nothing), and the handlers of one socket run
 * one at a time in the order its messages came (a watch that looks the post up and an unwatch right after it
 * cannot swap, and a flood of messages costs one database query at a time). Nothing thrown here leaves it: a
 * refusal is answered, and any other failure (the database away included) is reported, answered and closes this
 * socket only — an exception out of a Socket.IO listener would end the process.
 */
export function serveLiveRequests(socket: Socket, handlers: LiveHandlers, report: (event: string, error: unknown) => void): void {
  let queue = Promise.resolve();
  let pending = 0;

  const receive = (event: ForumLiveEvent | null, given: unknown[]) => {
    // Socket.IO passes the acknowledgement, when the client asked for one, as the last argument: JSON carries no
    // functions, so a function there can only be it.
    const last = given.at(-1);
    const ack = typeof last === 'function' ? (last as Ack<unknown>) : null;
    const answer: Ack<unknown> = (reply) => {
      try {
        ack?.(reply);
      } catch (error) {
        report(event ?? 'unknown event', error);
      }
    };
    if (event === null) return answer({ ok: false, error: LIVE_UNKNOWN_EVENT_MESSAGE });
    const parsed = parseForumLiveArgs(event, ack ? given.slice(0, -1) : given);
    if (!parsed.ok) return answer({ ok: false, error: parsed.error });
    if (pending >= LIVE_MAX_PENDING_REQUESTS) return answer({ ok: false, error: LIVE_TOO_MANY_PENDING_MESSAGE });
    const handler = handlers[event] as (...args: unknown[]) => unknown;
    pending += 1;
    queue = queue.then(async () => {
      pending -= 1;
      if (!socket.connected) return;
      try {
        answer({ ok: true, value: await handler(...parsed.args) });
      } catch (error) {
        if (error instanceof LiveRefusal) return answer({ ok: false, error: error.message });
        report(event, error);
        // The database away is told as HTTP's 503 tells it; the socket still closes, so that the client, once it is
        // back, reconnects and resyncs what it watches (a watch that failed joined nothing).
        answer({ ok: false, error: isTransientDatabaseError(error) ? DATABASE_UNAVAILABLE_MESSAGE : LIVE_SERVER_ERROR_MESSAGE });
        socket.disconnect(true);
      }
    });
  };

  // Validation works on parsed JSON and should not throw; if it ever does, the same rule holds.
  const guarded = (event: ForumLiveEvent | null, given: unknown[]) => {
    try {
      receive(event, given);
    } catch (error) {
      report(event ?? 'unknown event', error);
      socket.disconnect(true);
    }
  };
  for (const event of FORUM_LIVE_EVENTS) {
    socket.on(event, (...given: unknown[]) => guarded(event, given));
  }
  socket.onAny((event: unknown, ...given: unknown[]) => {
    if (!isLiveEvent(event)) guarded(null, given);
  });
}
