import type http from 'node:http';

export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Graceful HTTP shutdown: stop accepting connections, close the idle keep-alive ones, let requests in flight
 * finish (their connections are closed as soon as they fall idle), and after `timeoutMs` close whatever is left.
 * Resolves when the server has closed. WebSocket connections do not end here: the Socket.IO server closes them.
 */
export function drainHttpServer(server: http.Server, timeoutMs = DRAIN_TIMEOUT_MS): Promise<void> {
  return new Promise<void>((resolve) => {
    // Node closes idle connections once when closing; a connection whose request finishes later needs another pass.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // The callback waits for the last connection even if the server had stopped listening already (Socket.IO's close).
    server.close(() => {
      clearInterval(idle);
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
