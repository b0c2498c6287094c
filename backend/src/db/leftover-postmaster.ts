import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A process that ran the embedded PostgreSQL and died without stopping it (kill -9, a crash, a lost terminal)
 * leaves the postmaster running on its data folder: PostgreSQL then refuses a second server there, and `npm start`
 * could not start again until someone stopped it by hand. Before starting, the data folder's pid file tells
 * whether such a server is still running; it is stopped cleanly, and only when it is certainly ours.
 */

/** What `postmaster.pid` says (PostgreSQL's miscadmin.h: line 1 the PID, line 2 the data folder, line 4 the port). */
export type PostmasterPidFile = { pid: number; dataDir: string; port: number | null };

export function parsePostmasterPid(text: string): PostmasterPidFile | null {
  const lines = text.split('\n');
  const pid = Number(lines[0]?.trim());
  const dataDir = lines[1]?.trim() ?? '';
  if (!Number.isInteger(pid) || pid <= 0 || !dataDir) return null;
  const port = Number(lines[3]?.trim());
  return { pid, dataDir, port: Number.isInteger(port) && port > 0 ? port : null };
}

const samePath = (a: string, b: string) => {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
};

/** Whether a command line is a PostgreSQL server (`postgres -D <dataDir> …`) on this data folder. */
export function isPostmasterOf(argv: readonly string[], dataDir: string): boolean {
  if (path.basename(argv[0] ?? '') !== 'postgres') return false;
  const flag = argv.indexOf('-D');
  return flag >= 0 && argv[flag + 1] !== undefined && samePath(argv[flag + 1]!, dataDir);
}

/** argv of a running process (Linux /proc), or null when there is no such process. */
function commandLineOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/** The parent's PID from /proc/<pid>/stat (field 4, after the parenthesised command name). */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The message of a start refused because another live process starts (start-lock.ts) or runs the server on the folder. */
export const inUseMessage = (dataDir: string, pid: number) =>
  `The embedded PostgreSQL in ${dataDir} is in use by process ${pid} (another npm start?); stop that first`;

/** Whether a live process runs Node (`npm start`, a CLI): what a start lock's PID must still be to hold it. */
export const isNodeProcess = (pid: number) => /^node/.test(path.basename(commandLineOf(pid)?.[0] ?? ''));

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function exitedWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    // A zombie (our own child, not yet reaped) counts as gone.
    if (!isAlive(pid) || commandLineOf(pid)?.length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/** Where the process that started the server notes its PID, beside the data folder (which `postgres` owns). */
export const ownerFileOf = (dataDir: string) => `${path.resolve(dataDir)}.owner`;

/** Called once the server runs: a later start can tell a server whose starter died from one still in use. */
export function recordOwner(dataDir: string): void {
  writeFileSync(ownerFileOf(dataDir), `${process.pid}\n`);
}

/** The live process (not this one) that started the postmaster `pid` on the folder and still runs it, or null. */
function ownerOf(dataDir: string, pid: number): number | null {
  const owner = existsSync(ownerFileOf(dataDir)) ? Number(readFileSync(ownerFileOf(dataDir), 'utf8').trim()) : null;
  return owner !== null && owner !== process.pid && parentOf(pid) === owner ? owner : null;
}

/**
 * The embedded PostgreSQL another live process (`npm start`, say) runs on this data folder, with the port it
 * listens on (from its pid file), or null when there is none: nothing runs there, the pid file is stale, or the
 * server was left behind by a process that ended (which a start stops, clearLeftoverPostmaster). What the CLIs
 * connect to instead of starting a second server on the folder, which PostgreSQL would refuse.
 */
export function postmasterInUse(dataDir: string): { pid: number; port: number; owner: number } | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const found = parsePostmasterPid(readFileSync(pidFile, 'utf8'));
  if (!found || found.port === null || !isAlive(found.pid) || !samePath(found.dataDir, dataDir)) return null;
  const argv = commandLineOf(found.pid);
  if (argv === null || !isPostmasterOf(argv, dataDir)) return null;
  const owner = ownerOf(dataDir, found.pid);
  return owner === null ? null : { pid: found.pid, port: found.port, owner };
}

/**
 * Makes the data folder free for a new server. A pid file whose PID is dead, or is some other process (PIDs are
 * reused after a reboot or a long time), is stale and removed. A postgres on this very folder whose starter is
 * gone is stopped: SIGINT (fast shutdown: sessions end, a checkpoint is written, nothing committed is lost), then
 * SIGQUIT (immediate shutdown; WAL recovery on next start) if it has not exited in time, then SIGKILL. One whose
 * starter still runs (another `npm start` on the same folder) is left alone and reported.
 */
export async function clearLeftoverPostmaster(
  dataDir: string,
  log: (message: string) => void = () => undefined,
  waits: { fastMs?: number; immediateMs?: number } = {},
): Promise<'none' | 'stale' | 'stopped'> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 'none';
  const found = parsePostmasterPid(readFileSync(pidFile, 'utf8'));
  const argv = found && isAlive(found.pid) ? commandLineOf(found.pid) : null;
  const ours = found !== null && argv !== null && samePath(found.dataDir, dataDir) && isPostmasterOf(argv, dataDir);
  if (!ours) {
    if (found && argv === null && isAlive(found.pid)) {
      // Alive but unreadable (no /proc): it cannot be told apart from a foreign process, so nothing is touched.
      throw new Error(`${pidFile} names process ${found.pid}, which could not be checked; stop it or remove the file`);
    }
    log(`Removing a stale ${pidFile} (process ${found?.pid ?? '?'} is not a PostgreSQL server on this folder)`);
    rmSync(pidFile, { force: true });
    return 'stale';
  }

  const owner = ownerOf(dataDir, found.pid);
  if (owner !== null) {
    throw new Error(inUseMessage(dataDir, owner));
  }
  log(`Stopping the embedded PostgreSQL left running in ${dataDir} (pid ${found.pid}, port ${found.port ?? '?'}) by a process that ended`);
  const steps: Array<[NodeJS.Signals, number]> = [
    ['SIGINT', waits.fastMs ?? 60_000],
    ['SIGQUIT', waits.immediateMs ?? 10_000],
    ['SIGKILL', 5000],
  ];
  for (const [signal, ms] of steps) {
    try {
      process.kill(found.pid, signal);
    } catch {
      break; // gone meanwhile
    }
    if (await exitedWithin(found.pid, ms)) break;
    log(`PostgreSQL (pid ${found.pid}) did not stop after ${signal} within ${ms} ms`);
  }
  if (isAlive(found.pid) && commandLineOf(found.pid)?.length) throw new Error(`Could not stop the PostgreSQL left running in ${dataDir} (pid ${found.pid})`);
  // After SIGKILL the file stays behind; PostgreSQL would remove it itself, but not while the PID is reused.
  rmSync(pidFile, { force: true });
  return 'stopped';
}
