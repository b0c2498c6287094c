import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerUnroutedMethods } from '../http/unrouted-methods';
import { drainHttpServer } from '../observability/http-drain';
import type { ShutdownSteps } from './shutdown-steps';

/**
 * An HTTP server for `handler`, listening on `port` (0: any free one) and `host`; at shutdown it stops taking
 * connections and lets the requests in flight finish (bounded). `url` is its loopback address. CONNECT and methods
 * Node's parser does not know are answered 405 before the handler (unrouted-methods.ts).
 */
export async function serveHttp(
  handler: http.RequestListener,
  listen: { port: number; host: string },
  shutdown: ShutdownSteps,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  answerUnroutedMethods(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  shutdown.add(() => drainHttpServer(server));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
