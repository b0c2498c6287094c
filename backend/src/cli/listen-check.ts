import net from 'node:net';

/**
 * Why the server could not listen on `port` at `host`, found before the start does anything else: the port taken
 * (EADDRINUSE) or not ours to take (EACCES) was otherwise noticed only when the server began to listen, after the
 * embedded PostgreSQL, the client build and a first start's archive import (20 s and more). Null when it can
 * listen there (port 0, any free port, always can). The probe listens and closes at once.
 */
export function listenProblem(port: number, host: string): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(`port ${port} is in use (another server listens there): stop it, or set PORT to a free port`);
      else if (error.code === 'EACCES') resolve(`port ${port} may not be opened by this user: set PORT to one above 1023`);
      else resolve(`cannot listen on ${host}:${port} (${error.code ?? error.message}): check HOST and PORT`);
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}
