import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restartablePort } from '../../test/free-port';
import { isRunning, postmasterPidOf } from '../../test/start-process';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';

/**
 * The embedded PostgreSQL killed under its process (kill -9 of the postmaster, the OOM killer): it is started
 * again on the same port and data, so what was committed is there and the process's pools reconnect; and a
 * shutdown after such a death finishes.
 */
const folders: string[] = [];
let server: EmbeddedDatabase | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function startServer() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'mello-embedded-restart-'));
  folders.push(root);
  // PostgreSQL runs as the unprivileged `postgres` user when the tests run as root.
  await chmod(root, 0o777);
  // The supervisor's lines are kept so a start again that fails says why in the test's output.
  server = await startEmbeddedPostgres({ dataDir: path.join(root, 'postgres'), preferredPort: restartablePort(0), log: (line) => console.log(line) });
  return { server, postmaster: () => postmasterPidOf(root)! };
}

const query = async (uri: string, text: string) => {
  const client = new pg.Client({ connectionString: uri, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

describe('the embedded PostgreSQL, killed', () => {
  it('is started again on the same port with every committed row', { timeout: 120_000 }, async () => {
    const { server, postmaster } = await startServer();
    await query(server.adminUri, `CREATE TABLE kept (n integer); INSERT INTO kept VALUES (1958), (1974)`);
    const killed = postmaster();

    process.kill(killed, 'SIGKILL');

    await vi.waitFor(async () => expect(await query(server.adminUri, 'SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1958 }, { n: 1974 }]), {
      timeout: 60_000,
      interval: 250,
    });
    expect(postmaster()).not.toBe(killed);
    expect(isRunning(postmaster())).toBe(true);
  });

  it('lets a shutdown finish after it died, and is not started again after it', { timeout: 120_000 }, async () => {
    const started = await startServer();
    process.kill(started.postmaster(), 'SIGKILL');
    await vi.waitFor(() => expect(isRunning(started.postmaster())).toBe(false));

    // A shutdown in the middle of the start-again: stop() ends it (before, it waited for ever for an exit that had happened).
    await started.server.stop();
    server = null;
    // Longer than the first wait before starting it again (1 s): nothing may start it after the stop.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await expect(query(started.server.adminUri, 'SELECT 1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
