import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Which code a bench measured: the commit and the files changed in the working tree (read-only git calls). */
export function codeState(): { commit: string; changed: string[] } {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trimEnd();
    } catch {
      return '';
    }
  };
  const changed = git('status', '--porcelain', '--untracked-files=no')
    .split('\n')
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3))
    .filter(Boolean);
  return { commit: git('rev-parse', '--short', 'HEAD') || 'unknown', changed };
}
