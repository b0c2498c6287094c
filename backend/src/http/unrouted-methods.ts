import type http from 'node:http';
import type { Duplex } from 'node:stream';

/** Every method some address of this server takes: what Allow says where no address is known. */
export const SERVER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const methodNotTakenMessage = (method: string) => `Metoden ${method} stöds inte av servern`;

/** A method token as RFC 9110 spells it, short enough to echo back. */
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}(?= )/;

/** Node's own answers to a request its parser refuses (what it writes when nobody listens for `clientError`). */
const PARSER_REFUSALS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

type ParserError = Error & { code?: string; rawPacket?: Buffer };
type SocketWithResponse = Duplex & { _httpMessage?: { headersSent?: boolean } };

function methodNotAllowed(method: string | null): string {
  const body = JSON.stringify({ error: method ? methodNotTakenMessage(method) : 'Metoden stöds inte av servern' });
  return [
    'HTTP/1.1 405 Method Not Allowed',
    `Allow: ${SERVER_METHODS.join(', ')}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Writes `answer` unless a response is already under way on the socket (that would corrupt it), then closes. */
function answerAndClose(socket: SocketWithResponse, answer: string) {
  if (socket.writable && !socket._httpMessage?.headersSent) socket.end(answer, () => socket.destroy());
  else socket.destroy();
}

/**
 * The methods Koa never sees, answered like every other method no address takes: 405 with Allow and a JSON
 * `{ error }` (error-middleware.ts answers the rest). CONNECT is handed to a `connect` listener, and without one
 * Node drops the connection; a method Node's parser does not know (`FOO`) is a parse error, which Node answers
 * with a bare 400. Neither names an address the routers could look up, so Allow lists the server's methods.
 * Other parse errors get Node's own answer.
 */
export function answerUnroutedMethods(server: http.Server): void {
  server.on('connect', (request: http.IncomingMessage, socket: Duplex) => {
    answerAndClose(socket, methodNotAllowed(request.method ?? null));
  });
  server.on('clientError', (error: ParserError, socket: SocketWithResponse) => {
    if (error.code === 'HPE_INVALID_METHOD') {
      answerAndClose(socket, methodNotAllowed(METHOD_TOKEN.exec(error.rawPacket?.toString('latin1') ?? '')?.[0] ?? null));
      return;
    }
    if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy(error);
      return;
    }
    socket.end(`HTTP/1.1 ${PARSER_REFUSALS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`, () => socket.destroy());
  });
}
