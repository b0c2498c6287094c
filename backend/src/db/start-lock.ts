import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inUseMessage, isNodeProcess } from './leftover-postmaster';

/** Beside the data folder, as the owner file is: held by the process starting a server on it, until it runs. */
export const startLockOf = (dataDir: string) => `${path.resolve(dataDir)}.starting`;

/**
 * Runs `start` (clearing a leftover server, starting one, recording its owner) while holding the folder's start lock.
 * Two `npm start` on one folder at the same moment both saw no server there: the second then failed somewhere in
 * PostgreSQL's start with a message that said nothing of the first. Now the second is refused at once, naming the
 * first. A lock left by a start that died (kill -9 while starting) names a process that is gone, or is no longer
 * Node (its PID reused), and is taken over.
 */
export async function withStartLock<T>(dataDir: string, start: () => Promise<T>): Promise<T> {
  const lock = startLockOf(dataDir);
  // Written whole under a name of its own, then linked into place: a lock never exists without its PID in it.
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        linkSync(mine, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = lockHolder(lock);
        if (holder !== null) throw new Error(inUseMessage(dataDir, holder), { cause: error });
        rmSync(lock, { force: true }); // stale: taken over on the next turn (or by whoever gets there first)
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  try {
    return await start();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** The live Node process the lock names, or null when it names none (gone, or its PID reused by another program). */
function lockHolder(lock: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8').trim());
  } catch {
    return null; // removed meanwhile: free
  }
  return Number.isInteger(pid) && pid > 0 && isNodeProcess(pid) ? pid : null;
}
