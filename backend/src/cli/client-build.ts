import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLIENT_DIR, REPO_ROOT } from '../app/paths';
import type { Config } from '../config';

export { REPO_ROOT };
/** What the client bundle is made from: a change here makes the build stale. Tests are not part of it. */
const CLIENT_SOURCES = [
  'frontend/src',
  'frontend/public',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/server-render-build.ts',
  'frontend/chakra-lazy-global.ts',
  'contracts/src',
];

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

/** Why the client in `clientDir` must be (re)built, or null when it is up to date. */
export function clientBuildReason(clientDir = DEFAULT_CLIENT_DIR, root = REPO_ROOT): string | null {
  const index = path.join(clientDir, 'index.html');
  if (!existsSync(index)) return `${path.relative(root, clientDir) || clientDir} has no build`;
  const built = statSync(index).mtimeMs;
  const changed = CLIENT_SOURCES.find((source) => newestChange(path.join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Builds the client with vite when it is missing or older than its sources, so `npm start` always serves the
 * current client. CLIENT_BUILD=skip turns this off (e.g. an image that ships a prebuilt dist); CLIENT_DIR builds
 * and serves a copy elsewhere (the e2e tests use their own, safe from a rebuild of frontend/dist meanwhile).
 */
export function ensureClientBuilt(log: (message: string) => void, client: Config['client'], env: NodeJS.ProcessEnv = process.env): void {
  if (!client.build) return;
  const clientDir = client.dir;
  const reason = clientBuildReason(clientDir);
  if (!reason) return;
  log(`Building the client (${reason})...`);
  // --manifest: the server reads it to preload each route's page chunk (backend/src/seo/route-preloads.ts).
  const started = Date.now();
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', 'frontend', '--manifest', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'warn'];
  // Always the production build of React and the rest: vite keeps a NODE_ENV it finds set, and a server started
  // with NODE_ENV=development (the e2e runs, the client report) would otherwise serve the slow development build.
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } });
  if (result.status !== 0 || !existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`The client build failed (exit ${result.status ?? result.signal}); run "npm run build" to see why`);
  }
  log(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
