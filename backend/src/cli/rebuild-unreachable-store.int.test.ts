import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../app/paths';
import { freePort } from '../../test/free-port';
import { isRunning, postmasterPidOf } from '../../test/start-process';

/**
 * `npm run rebuild` on the embedded default with EVENTSTORE_URL naming a KurrentDB that does not answer: it exits 1
 * saying so in one line, and stops the embedded PostgreSQL it started (it used to stay running, orphaned).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mello-rebuild-'));
// As root the embedded PostgreSQL runs as the `postgres` user, which must reach its folder inside this one.
chmodSync(dataDir, 0o755);

afterAll(async () => {
  const postmaster = postmasterPidOf(dataDir);
  if (postmaster !== null && isRunning(postmaster)) process.kill(postmaster, 'SIGQUIT');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run rebuild with the event store unreachable', () => {
  it('exits 1 naming KurrentDB, and leaves no PostgreSQL running', { timeout: 180_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/cli/rebuild.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, EVENTSTORE_URL: `kurrentdb://127.0.0.1:${await freePort()}?tls=false` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(code, stderr).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Rebuild of every read model failed: Could not reach KurrentDB at kurrentdb:\/\/127\.0\.0\.1:\d+\?tls=false: /),
    ]);
    const postmaster = postmasterPidOf(dataDir);
    expect(postmaster === null || !isRunning(postmaster)).toBe(true);
  });
});
