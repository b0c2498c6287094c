import net from 'node:net';

/** A local port nothing listens on right now: taken from the OS, then released. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * A preferred port for an embedded PostgreSQL that a test kills and expects started again on the same port:
 * below Linux's ephemeral range (32768–60999), since an outgoing connection anywhere on the machine (another test
 * file's pool) may take a port in that range as its source port while the server is down, and then the start
 * again fails with "address in use" for as long as that connection lives. `block` (0–9) keeps the test files
 * that do this apart; within a block the port is random so runs side by side seldom meet.
 */
export const restartablePort = (block: number) => 20_000 + block * 1000 + Math.floor(Math.random() * 1000);
