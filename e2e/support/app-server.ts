import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../backend/test/free-port';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const E2E_ADMIN = { email: 'admin@e2e.melloarkivet.se', password: 'e2e-admin-password-1' };

export type AppServer = { url: string; output: () => string; stop: () => Promise<void> };

const exited = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** The embedded PostgreSQL's postmaster, from its pid file: killed last, whatever happened to the server. */
function killPostgres(dataDir: string) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown: the data folder is thrown away anyway
  } catch {
    // already gone
  }
}

/**
 * `npm start` as a user runs it (it builds the client when stale, starts its own embedded PostgreSQL and imports
 * the archive), on a free port with a throwaway data folder. Answers once the API serves the years.
 */
export async function startAppServer(options: { timeoutMs?: number } = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mello-e2e-'));
  // As root the embedded PostgreSQL runs as the `postgres` user, which must reach its folder inside this one.
  chmodSync(dataDir, 0o755);
  let output = '';
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['backend/src/cli/start.ts'], {
    cwd: REPO_ROOT,
    detached: true, // its own process group, so the teardown can end tsx, node and anything they started
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Its own build of the client, so a rebuild of frontend/dist by another process cannot pull files away
      // from under the browsers (start.ts builds it, as `npm start` does).
      CLIENT_DIR: path.join(dataDir, 'client'),
      // Every browser of the run signs up from 127.0.0.1: the per-address limits would count them all together.
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid!, 'SIGTERM'); // start.ts closes the HTTP server and stops PostgreSQL
      } catch {
        // already gone
      }
      if (!(await exited(child, 15_000))) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    killPostgres(dataDir);
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Even when the test run itself is torn down abruptly.
  process.once('exit', () => {
    if (!stopped) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      killPostgres(dataDir);
    }
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('npm start did not answer in time');
      const ready = await fetch(`${url}/api/years`)
        .then((reply) => reply.ok)
        .catch(() => false);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
  return { url, output: () => output, stop };
}
