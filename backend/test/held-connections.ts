import net from 'node:net';

/**
 * A TCP proxy in front of a PostgreSQL URI that can hold new connections: accepted, but not connected through
 * until `release()`. It makes "a connection still being set up" last as long as a test needs.
 */
export async function heldConnectionsProxy(uri: string) {
  const target = new URL(uri);
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  let holding = true;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const connect = () => {
      const upstream = net.connect(Number(target.port), target.hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    };
    if (holding) held.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(uri);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    uri: proxied.toString(),
    /** How many connections wait to be let through. */
    heldCount: () => held.length,
    /** Lets the held connections through, and every later one. */
    release: () => {
      holding = false;
      for (const connect of held.splice(0)) connect();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
