import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../test/free-port';
import { isRunning, postmasterPidOf, spawnStart, startProcessFolder } from '../../test/start-process';

/**
 * SIGTERM (a supervisor, docker stop) or Ctrl-C while `npm start` is still starting: its embedded PostgreSQL is
 * up, the read models and the archive import are still to come. The process must stop what it started, the
 * embedded PostgreSQL included, and exit 0; and the next `npm start` on the folder serves.
 */
const { dataDir, started, cleanup } = startProcessFolder('mello-stop-starting-');
afterAll(cleanup);
const importing = startProcessFolder('mello-stop-importing-');
afterAll(importing.cleanup);

describe('npm start told to stop while starting', () => {
  it('stops its embedded PostgreSQL and exits 0, and starts again on the folder', { timeout: 240_000 }, async () => {
    // The archive import (first start) makes the start-up last seconds after PostgreSQL is up.
    const first = spawnStart({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'info', IMPORT_ARCHIVE: 'true' } });
    started.push(first);
    await vi.waitFor(() => expect(first.output()).toContain('Embedded PostgreSQL on'), { timeout: 120_000, interval: 20 });
    const postmaster = postmasterPidOf(dataDir);
    expect(postmaster).not.toBeNull();

    process.kill(first.pid, 'SIGTERM');
    expect(await first.exitStatus()).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('Stopped before serving');
    expect(first.output()).not.toContain('Serving on');
    expect(isRunning(postmaster!)).toBe(false);

    const second = spawnStart({ port: await freePort(), dataDir, env: { IMPORT_ARCHIVE: 'true' } });
    started.push(second);
    await second.serving();
  });

  it('stops the archive import between two commands, and the next start finishes it', { timeout: 240_000 }, async () => {
    const first = spawnStart({ port: await freePort(), dataDir: importing.dataDir, env: { LOG_LEVEL: 'info', IMPORT_ARCHIVE: 'true' } });
    importing.started.push(first);
    await vi.waitFor(() => expect(first.output()).toContain('Importing the archive'), { timeout: 120_000, interval: 20 });
    process.kill(first.pid, 'SIGTERM');
    expect(await first.exitStatus()).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('Stopped before serving');
    // Stopped inside the import: it did not run to its end first.
    expect(first.output()).not.toContain('Imported the archive');

    const second = spawnStart({ port: await freePort(), dataDir: importing.dataDir, env: { LOG_LEVEL: 'info', IMPORT_ARCHIVE: 'true' } });
    importing.started.push(second);
    await second.serving();
    expect(second.output()).toContain('Imported the archive');
    const years = (await (await fetch(`${second.url}/api/years`)).json()) as Array<{ year: number }>;
    expect(years).toHaveLength(65);
    expect(new Set(years.map((row) => row.year)).size).toBe(65);
  });
});
