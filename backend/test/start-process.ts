import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/app/paths';

/**
 * `npm start`'s entry (backend/src/cli/start.ts) as a real process of its own, on a data folder the test owns.
 * One node process (tsx as a loader, not tsx's CLI, which would put a second process in front of it), so that
 * kill -9 of `pid` is kill -9 of the server itself, as a crash would be.
 */
export type StartProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves once GET /api/years answers 200; rejects when the process exits first or after `timeoutMs`. */
  serving: (timeoutMs?: number) => Promise<void>;
  exited: () => boolean;
  /** Resolves with how the process ended, once it has. */
  exitStatus: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function spawnStart(options: { port: number; dataDir: string; env?: Record<string, string> }): StartProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/cli/start.ts'], {
    cwd: REPO_ROOT,
    detached: true, // its own process group: the cleanup can end it and whatever it started
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`,
      CLIENT_BUILD: 'skip',
      CLIENT_DIR: path.join(options.dataDir, 'client'),
      IMPORT_ARCHIVE: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${options.port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const serving = async (timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exited()) throw new Error(`npm start exited (${child.exitCode ?? child.signalCode})\n--- output ---\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not serve within ${timeoutMs} ms\n--- output ---\n${output}`);
      const ok = await fetch(`${url}/api/years`).then(
        (reply) => reply.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url, pid: child.pid!, child, output: () => output, serving, exited, exitStatus: () => ended };
}

/** The PID in the embedded PostgreSQL's pid file under a DATA_DIR, or null. */
export function postmasterPidOf(dataDir: string): number | null {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether a process runs (a zombie, ended but not yet reaped by its new parent, does not). */
export const isRunning = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

/** Ends a started process's group and the data folder's PostgreSQL, whatever state they are in. */
export async function killEverything(processes: StartProcess[], dataDir: string): Promise<void> {
  for (const started of processes) {
    try {
      process.kill(-started.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const postmaster = postmasterPidOf(dataDir);
  if (postmaster === null) return;
  try {
    process.kill(postmaster, 'SIGQUIT'); // immediate shutdown: the data folder is thrown away
  } catch {
    return;
  }
  for (let i = 0; i < 50 && isRunning(postmaster); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * A data folder for `npm start` processes, made now, and `cleanup` (for afterAll): ends every process in `started`
 * and the folder's PostgreSQL, then removes it. As root the embedded PostgreSQL runs as the `postgres` user, which
 * must reach its folder inside this one.
 */
export function startProcessFolder(prefix: string): { dataDir: string; started: StartProcess[]; cleanup: () => Promise<void> } {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dataDir, 0o755);
  const started: StartProcess[] = [];
  return {
    dataDir,
    started,
    cleanup: async () => {
      await killEverything(started, dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
