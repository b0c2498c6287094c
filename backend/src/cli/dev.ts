import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './client-build';

/**
 * `npm run dev`: the backend (API, embedded PostgreSQL) on BACKEND_PORT and vite's dev server with hot reload on
 * VITE_PORT, which forwards /api and /socket.io to the backend (frontend/vite.config.ts). Open the vite URL.
 * The backend serves no client here, so it skips the client build.
 */
const backendPort = process.env.BACKEND_PORT ?? '3000';
const vitePort = process.env.VITE_PORT ?? '5173';
const bin = (name: string) => path.join(REPO_ROOT, 'node_modules/.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['backend/src/cli/start.ts'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // The browser's origin is vite's: the backend's same-origin check of writes must accept it.
    env: { ...process.env, PORT: backendPort, CLIENT_BUILD: 'skip', PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${vitePort}` },
  }),
  spawn(bin('vite'), ['frontend', '--port', vitePort, '--strictPort'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, BACKEND_PORT: backendPort },
  }),
];

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});
