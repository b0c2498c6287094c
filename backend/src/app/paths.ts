import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository (or image) root: the nearest folder above this file whose package.json declares the workspaces.
 * Found by walking up rather than by a fixed number of `..`, because the same code runs from its TypeScript
 * source (backend/src/app) and bundled (dist/server, see backend/src/cli/build-server.ts).
 */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json with workspaces above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot();

/** Where the built client is served from by default. */
export const DEFAULT_CLIENT_DIR = path.join(REPO_ROOT, 'frontend/dist');
