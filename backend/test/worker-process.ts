import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEST_SETTINGS } from './harness';

/** The projections worker as a process of its own (`npm run worker`'s entry point) on a test database. */
export type SpawnedWorker = { url: string; process: ChildProcess; dataDir: string; exited: Promise<number | null> };

export async function spawnWorker(databaseUri: string, env: Record<string, string> = {}, startTimeoutMs = 60_000): Promise<SpawnedWorker> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mello-worker-'));
  // node --import tsx rather than the tsx CLI: one process, so the exit code is the worker's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/cli/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUri,
      WORKER_PORT: '0',
      DATA_DIR: dataDir,
      ...TEST_SETTINGS,
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const probes = /probes on (http:\/\/localhost:\d+)/.exec(output);
      if (probes) {
        clearTimeout(timer);
        resolve(probes[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the worker exited with ${code}:\n${output}`)));
  });
  return { url, process: child, dataDir, exited };
}

/** Stops a spawned worker (SIGTERM, then SIGKILL after 10 s) and removes its data folder. */
export async function stopWorker(worker: SpawnedWorker | undefined): Promise<void> {
  if (!worker) return;
  if (worker.process.exitCode === null) {
    worker.process.kill('SIGTERM');
    await Promise.race([worker.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    worker.process.kill('SIGKILL');
  }
  await rm(worker.dataDir, { recursive: true, force: true });
}
