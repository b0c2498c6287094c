import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLIENT_INDEX = path.join(REPO_ROOT, 'frontend/dist/index.html');
/** What the client bundle is made from: a change here makes the build stale. Tests are not part of it. */
const CLIENT_SOURCES = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'contracts/src'];

function newestChange(entry: string): number {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

/** Why the client must be (re)built, or null when frontend/dist is up to date. */
export function clientBuildReason(root = REPO_ROOT): string | null {
  const index = path.join(root, 'frontend/dist/index.html');
  if (!existsSync(index)) return 'frontend/dist is missing';
  const built = statSync(index).mtimeMs;
  const changed = CLIENT_SOURCES.find((source) => newestChange(path.join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Builds the client with vite when it is missing or older than its sources, so `npm start` always serves the
 * current client. CLIENT_BUILD=skip turns this off (e.g. an image that ships a prebuilt dist).
 */
export function ensureClientBuilt(log: (message: string) => void, env: NodeJS.ProcessEnv = process.env): void {
  if (env.CLIENT_BUILD === 'skip') return;
  const reason = clientBuildReason();
  if (!reason) return;
  log(`Building the client (${reason})...`);
  // --manifest: the server reads it to preload each route's page chunk (backend/src/seo/route-preloads.ts).
  const started = Date.now();
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', 'frontend', '--manifest', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(CLIENT_INDEX)) {
    throw new Error(`The client build failed (exit ${result.status ?? result.signal}); run "npm run build" to see why`);
  }
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
