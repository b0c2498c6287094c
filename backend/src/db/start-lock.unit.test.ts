import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLockOf, withStartLock } from './start-lock';

/** The start lock on real files: held while a start runs, refused with the holder's PID, stale ones taken over. */
let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'mello-start-lock-'));
  dataDir = path.join(root, 'postgres');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const exited = async (command: string, args: string[] = []) => {
  const child = spawn(command, args);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
};

describe('withStartLock', () => {
  it('holds the lock while the start runs and leaves no file behind, after success or failure', async () => {
    expect(await withStartLock(dataDir, async () => existsSync(startLockOf(dataDir)))).toBe(true);
    await expect(withStartLock(dataDir, () => Promise.reject(new Error('start failed')))).rejects.toThrow('start failed');
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a second start while the first runs, naming the first process, and lets one through after it', async () => {
    let release!: () => void;
    const first = withStartLock(dataDir, () => new Promise<void>((resolve) => (release = resolve)));
    await expect(withStartLock(dataDir, async () => 'second')).rejects.toThrow(`in use by process ${process.pid} (another npm start?)`);
    release();
    await first;
    expect(await withStartLock(dataDir, async () => 'after')).toBe('after');
  });

  it('takes over a lock whose process died while starting (kill -9)', async () => {
    writeFileSync(startLockOf(dataDir), `${await exited('node', ['-e', '0'])}\n`);
    expect(await withStartLock(dataDir, async () => 'started')).toBe('started');
    expect(existsSync(startLockOf(dataDir))).toBe(false);
  });

  it('takes over a lock whose PID is now another program, and leaves that program alone', async () => {
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(startLockOf(dataDir), `${other.pid}\n`);
      expect(await withStartLock(dataDir, async () => 'started')).toBe('started');
      expect(other.exitCode).toBeNull();
    } finally {
      other.kill('SIGKILL');
    }
  });
});
