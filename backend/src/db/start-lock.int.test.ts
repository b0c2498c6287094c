import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../app/paths';

/**
 * Two starts of the embedded PostgreSQL on one data folder at the same moment, each in a process of its own (two
 * `npm start` in one checkout): one runs, the other is refused at once with a message naming the process that
 * runs it. Both used to see no server there; the second then failed inside PostgreSQL's start with a message that
 * said nothing of the first. A start once the first runs is refused the same way.
 */
let root: string;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.stdin?.end(); // stops its server
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (root) await rm(root, { recursive: true, force: true });
});

type Outcome = { child: ChildProcess; line: string };
function startIn(dataDir: string): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/test/embedded-start-child.ts', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((text) => /^(started|refused) /.test(text));
      if (line) resolve({ child, line });
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} without a word: ${out}`)));
  });
}

it('runs one of two simultaneous starts on one folder and refuses the other, naming the process that runs it', { timeout: 120_000 }, async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mello-two-starts-'));
  await chmod(root, 0o777); // PostgreSQL runs as the unprivileged `postgres` user when the tests run as root
  const dataDir = path.join(root, 'postgres');
  const outcomes = await Promise.all([startIn(dataDir), startIn(dataDir)]);
  const running = outcomes.filter((outcome) => outcome.line.startsWith('started '));
  expect(running, outcomes.map((outcome) => outcome.line).join('\n')).toHaveLength(1);
  const owner = running[0]!.child.pid;
  const refused = outcomes.find((outcome) => outcome.line.startsWith('refused '))!;
  expect(refused.line).toContain(`is in use by process ${owner} (another npm start?); stop that first`);

  const later = await startIn(dataDir);
  expect(later.line).toContain(`is in use by process ${owner} (another npm start?); stop that first`);
});
