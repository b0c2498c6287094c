import type http from 'node:http';
import { inject } from 'light-my-request';
import { isApiPath } from '@mello/contracts';

/** Marks a request the server's own render makes (never set by anything a client sends: it is not a header). */
const RENDER_REQUEST = Symbol('server render request');

export const isRenderRequest = (req: http.IncomingMessage): boolean => (req as unknown as Record<symbol, unknown>)[RENDER_REQUEST] === true;

/**
 * The API as the server's render calls it: a GET goes through the whole HTTP app in this process (the same
 * routes, contracts, caches and answers as a browser's call) without a socket. Always as a visitor: public HTML
 * is the same for everyone. The route of a forum post counts no view for it (isRenderRequest): the page request
 * that caused the render does (static-client.ts).
 */
export function inProcessApi(handler: http.RequestListener): (path: string, init: RequestInit) => Promise<Response> {
  const marked: http.RequestListener = (req, res) => {
    (req as unknown as Record<symbol, unknown>)[RENDER_REQUEST] = true;
    return handler(req, res);
  };
  return async (path, init) => {
    // Only the API's own reads: never a probe (/metrics) or any other address of the app, whatever a page asks for.
    if ((init.method ?? 'GET') !== 'GET' || !isApiPath(new URL(path, 'http://render.invalid').pathname)) {
      throw new Error(`The server render only reads the API (${init.method ?? 'GET'} ${path})`);
    }
    const answer = await inject(marked, { method: 'GET', url: path, headers: { accept: 'application/json' }, remoteAddress: '127.0.0.1' });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload, { status: answer.statusCode, headers });
  };
}
