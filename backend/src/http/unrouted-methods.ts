import type http from 'node:http';
import type { Duplex } from 'node:stream';

/** Every method some address of this server takes: what Allow says where no address is known. */
export const SERVER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const methodNotTakenMessage = (method: string) => `Metoden ${method} stöds inte av servern`;

/** A method token as RFC 9110 spells it, short enough to echo back. */
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}(?= )/;

/**
 * The answers to a request Node's parser refuses, by its error code: Node's own status lines (what it writes when
 * nobody listens for `clientError`), with the JSON `{ error }` every other refusal of this server has.
 */
const PARSER_REFUSALS: Record<string, { status: string; error: string }> = {
  HPE_HEADER_OVERFLOW: { status: '431 Request Header Fields Too Large', error: 'Förfrågans rubrikfält är för stora' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: '413 Payload Too Large', error: 'Förfrågan är för stor' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: '408 Request Timeout', error: 'Förfrågan kom inte fram i tid' },
};
const MALFORMED_REQUEST = { status: '400 Bad Request', error: 'Förfrågan är felaktigt formaterad' };

type ParserError = Error & { code?: string; rawPacket?: Buffer };
type SocketWithResponse = Duplex & { _httpMessage?: { headersSent?: boolean } };

/** A whole HTTP/1.1 answer with a JSON `{ error }` body, closing the connection (the parser cannot go on). */
function jsonAnswer(status: string, error: string, headers: string[] = []): string {
  const body = JSON.stringify({ error });
  return [
    `HTTP/1.1 ${status}`,
    ...headers,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

function methodNotAllowed(method: string | null): string {
  return jsonAnswer('405 Method Not Allowed', method ? methodNotTakenMessage(method) : 'Metoden stöds inte av servern', [
    `Allow: ${SERVER_METHODS.join(', ')}`,
  ]);
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
 * Other parse errors (headers over Node's 16 kB, a malformed request line) get Node's own status with a JSON body.
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
    const refusal = PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED_REQUEST;
    socket.end(jsonAnswer(refusal.status, refusal.error), () => socket.destroy());
  });
}
