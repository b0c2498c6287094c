import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearLeftoverPostmaster, isPostmasterOf, parsePostmasterPid } from './leftover-postmaster';

const pidFileText = (pid: number, dataDir: string) => `${pid}\n${dataDir}\n1764000000\n54329\n\n127.0.0.1\n  1234567\nready   \n`;

describe('parsePostmasterPid', () => {
  it('reads the PID, the data folder and the port', () => {
    expect(parsePostmasterPid(pidFileText(4242, '/srv/data/postgres'))).toEqual({ pid: 4242, dataDir: '/srv/data/postgres', port: 54329 });
  });

  it('gives null for a file that is empty or half-written', () => {
    expect(parsePostmasterPid('')).toBeNull();
    expect(parsePostmasterPid('4242\n')).toBeNull();
    expect(parsePostmasterPid('abc\n/srv/data\n')).toBeNull();
  });
});

describe('isPostmasterOf', () => {
  it('is a postgres binary started with -D on this very folder', () => {
    expect(isPostmasterOf(['/opt/pg/bin/postgres', '-D', '/srv/data/postgres', '-p', '54329'], '/srv/data/postgres')).toBe(true);
    expect(isPostmasterOf(['/opt/pg/bin/postgres', '-D', '/srv/data/postgres/', '-p', '54329'], '/srv/data/postgres')).toBe(true);
  });

  it('is not another program, nor a postgres of another folder', () => {
    expect(isPostmasterOf(['/usr/bin/sleep', '100'], '/srv/data/postgres')).toBe(false);
    expect(isPostmasterOf(['/opt/pg/bin/postgres', '-D', '/srv/other/postgres'], '/srv/data/postgres')).toBe(false);
    expect(isPostmasterOf(['/opt/pg/bin/postgres'], '/srv/data/postgres')).toBe(false);
    expect(isPostmasterOf(['/usr/bin/vim', '-D', '/srv/data/postgres'], '/srv/data/postgres')).toBe(false);
  });
});

describe('clearLeftoverPostmaster on a stale pid file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('does nothing without a pid file', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mello-pidfile-'));
    expect(await clearLeftoverPostmaster(dir)).toBe('none');
  });

  it('removes a file whose PID is dead', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mello-pidfile-'));
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, 'postmaster.pid'), pidFileText(gone.pid!, dir));
    expect(await clearLeftoverPostmaster(dir)).toBe('stale');
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
  });

  it('removes a file whose PID is now another process, and leaves that process alone', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mello-pidfile-'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'postmaster.pid'), pidFileText(other.pid!, dir));
      expect(await clearLeftoverPostmaster(dir)).toBe('stale');
      expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      other.kill('SIGKILL');
    }
  });
});
