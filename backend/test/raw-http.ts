import net from 'node:net';

export type RawReply = { status: number; headers: Record<string, string>; text: string; json: unknown };

/**
 * One HTTP/1.1 request written by hand on a fresh connection, read until the server closes it. For what fetch and
 * http.request will not send as given: TRACE, CONNECT, a made-up method, a path with `%2e%2e` or `//` left
 * unnormalised, arbitrary bytes with any Content-Encoding. Header names come back lower-cased; a body that is
 * not JSON leaves `json` undefined.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawReply> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = { Host: url.host, Connection: 'close', ...options.headers };
  if (body) headers['Content-Length'] = String(body.length);
  const head = [`${method} ${path} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(`${head}\r\n\r\n`);
      if (body) socket.write(body);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no HTTP answer to ${method} ${path}: ${JSON.stringify(all.toString('latin1'))}`));
      const [statusLine = '', ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
      const replyHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        replyHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const text = all.subarray(end + 4).toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: the text is there
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: replyHeaders, text, json });
    });
  });
}
