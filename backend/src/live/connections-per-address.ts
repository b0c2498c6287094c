import { LIVE_TOO_MANY_CONNECTIONS_MESSAGE } from '@mello/contracts';
import type { Socket } from 'socket.io';
import { clientAddress, type TrustProxy } from '../http/trust-proxy';

/**
 * Socket.IO middleware: at most `limit` live connections open at once from one client address (by the same rule as
 * HTTP's ctx.ip: forwarded addresses only from trusted proxies, trust-proxy.ts). Each socket holds memory and counts
 * as a reader of the posts it watches: without a bound one address could open thousands, to fill the server's
 * memory or make "N läser nu" say anything. A handshake over the limit is refused with a Swedish connect_error.
 * Counted in this process (a browser tab holds one connection, to one process); the last middleware, so every
 * socket it counts connects and its disconnect gives the place back.
 */
export function connectionsPerAddress(limit: number, trust: TrustProxy) {
  const open = new Map<string, number>();
  return (socket: Socket, next: (error?: Error) => void) => {
    const forwardedFor = socket.request.headers['x-forwarded-for'];
    const address = clientAddress(trust, socket.request.socket.remoteAddress ?? '', Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor);
    const count = open.get(address) ?? 0;
    if (count >= limit) return next(new Error(LIVE_TOO_MANY_CONNECTIONS_MESSAGE));
    open.set(address, count + 1);
    socket.once('disconnect', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    next();
  };
}
