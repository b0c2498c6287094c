import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../src/app/paths';

/** How a maintenance command's process ended, with all it printed. */
export type Outcome = { code: number | null; stdout: string; stderr: string };

export type Spawned = { pid: number; output: () => string };

/**
 * `npm run rebuild` / `npm run projections` as a process of their own (as beside a running `npm start`), with only
 * PATH, HOME and `env` in their environment; killed after 150 s. `onSpawn` gets its PID and its output so far.
 */
export function runCli(script: 'rebuild' | 'projections', args: string[], env: Record<string, string>, onSpawn?: (spawned: Spawned) => void): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', `backend/src/cli/${script}.ts`, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  onSpawn?.({ pid: child.pid!, output: () => stdout + stderr });
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
