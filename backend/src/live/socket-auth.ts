import type { IncomingMessage } from 'node:http';
import { LIVE_SERVER_ERROR_MESSAGE, type AuthUser } from '@mello/contracts';
import { isTransientDatabaseError } from '@mello/projections';
import Keygrip from 'keygrip';
import type { DatabasePool } from 'slonik';
import type { Socket } from 'socket.io';
import { createPostgresSessionStore } from '../auth/session-store';
import { findUserById, toAuthUser } from '../auth/users';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/error-middleware';

export const SESSION_COOKIE = 'mello.sid';

/**
 * Refuses a handshake a browser makes on behalf of another site: an Origin header, when present, must be the
 * configured public origin or the origin the request was addressed to (the same rule as the CSRF check).
 */
export function originAllowed(publicOrigin: string) {
  const allowed = new URL(publicOrigin).origin;
  return (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => {
    const origin = req.headers.origin;
    if (!origin) return callback(null, true);
    let given: URL;
    try {
      given = new URL(origin);
    } catch {
      return callback('Ogiltigt ursprung', false);
    }
    const sameHost = given.host === req.headers.host;
    callback(given.origin === allowed || sameHost ? null : 'Anslutningen kom från en annan webbplats och nekades', given.origin === allowed || sameHost);
  };
}

/**
 * Reads the same signed session cookie koa-session sets, loads the session row and its user: `user` is the
 * signed-in member (with the session's id), or null for a visitor (who may watch, but not type or act). A forged
 * or expired cookie is simply a visitor.
 */
export async function userFromHandshake(
  req: IncomingMessage,
  deps: { pool: DatabasePool; sessionSecret: string; adminEmail: string },
): Promise<{ user: AuthUser; sid: string } | null> {
  const sid = signedCookie(req.headers.cookie ?? '', SESSION_COOKIE, new Keygrip([deps.sessionSecret]));
  if (!sid) return null;
  const session = await createPostgresSessionStore(deps.pool).get(sid);
  const userId = session?.userId;
  if (typeof userId !== 'string') return null;
  if (typeof session?._expire === 'number' && session._expire < Date.now()) return null;
  const row = await findUserById(deps.pool, userId);
  return row ? { user: toAuthUser(row, deps.adminEmail), sid } : null;
}

/** A cookie's value when its `.sig` companion carries a valid signature (the scheme of the `cookies` package). */
export function signedCookie(header: string, name: string, keys: Keygrip): string | null {
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const value = jar.get(name);
  const signature = jar.get(`${name}.sig`);
  if (!value || !signature) return null;
  return keys.verify(`${name}=${value}`, signature) ? value : null;
}

export type SocketData = { user: AuthUser | null; typingIn: string | null };

/**
 * The session each member's socket signed in with, kept in this process only: `socket.data` travels to the
 * other processes in their fetchSockets answers (presence), and the id is what the cookie carries.
 */
const sessionIds = new WeakMap<Socket, string>();
export const sessionIdOf = (socket: Socket): string | null => sessionIds.get(socket) ?? null;

/** What the API processes tell each other through the adapter (`io.serverSideEmit`). */
export type LiveServerSideEvents = {
  /** A session ended on the sending process; its sockets, wherever they are, must sign in again (socket-sessions.ts). */
  'session:ended': (room: string) => void;
};

/**
 * The handshake's answer when the session cannot be read: Socket.IO sends the error's message to the client
 * (connect_error), so it is the API's own Swedish message, never the driver's text (hosts, ports, SQL). A database
 * that is away is told as HTTP tells it (503's message); anything else is logged here and answered in general.
 */
function handshakeFailure(error: unknown, log: (message: string, detail?: Record<string, unknown>) => void): Error {
  if (isTransientDatabaseError(error)) return new Error(DATABASE_UNAVAILABLE_MESSAGE);
  log('live: reading the session of a handshake failed', { error: String(error) });
  return new Error(LIVE_SERVER_ERROR_MESSAGE);
}

export function sessionMiddleware(deps: {
  pool: DatabasePool;
  sessionSecret: string;
  adminEmail: string;
  log: (message: string, detail?: Record<string, unknown>) => void;
}) {
  return (socket: Socket, next: (error?: Error) => void) => {
    userFromHandshake(socket.request, deps).then(
      (member) => {
        socket.data = { user: member?.user ?? null, typingIn: null } satisfies SocketData;
        if (member) sessionIds.set(socket, member.sid);
        next();
      },
      (error: unknown) => next(handshakeFailure(error, deps.log)),
    );
  };
}
