import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../app/paths';
import { freePort } from '../../test/free-port';

/**
 * `npm start`, `npm run worker` and `npm run rebuild` (their entries, as real processes) with a bad setting stop
 * before doing anything: exit code 1 and one line naming the setting and what is wrong, no stack trace.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mello-bad-settings-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `entry` with `env` over a neutral environment; ends it (a failure) if it has not exited within 60 s. */
async function run(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `backend/src/cli/${entry}`], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      // Were the setting accepted, the process would fail on this closed port rather than start a database.
      DATABASE_URL: `postgres://mello:x@127.0.0.1:${await freePort()}/nothing`,
      // A free port, not the default 3000: `npm start` checks its port first, and a server on 3000 (a developer's
      // own npm start) made the database case answer that the port is in use.
      PORT: String(await freePort()),
      CLIENT_BUILD: 'skip',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  const lines = (stdout + stderr).split('\n').filter((line) => line.trim() !== '');
  return { code, stdout, stderr, lines };
}

describe('a bad setting stops the start', () => {
  it('npm start: PORT=abc exits 1 with one JSON log line naming PORT', async () => {
    const result = await run('start.ts', { PORT: 'abc', LOG_LEVEL: 'info' });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.lines).toHaveLength(1);
    const line = JSON.parse(result.lines[0]!) as { level: string; msg: string };
    expect(line.level).toBe('fatal');
    expect(line.msg).toBe('Invalid settings (see .env.example): PORT="abc" must be a whole number from 0 to 65535');
  });

  it('npm run worker: LOG_LEVEL=loud and a production secret missing, both named in one line', async () => {
    const result = await run('worker.ts', { LOG_LEVEL: 'loud', NODE_ENV: 'production', ADMIN_PASSWORD: 'not-the-default' });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.lines).toHaveLength(1);
    const line = JSON.parse(result.lines[0]!) as { level: string; msg: string; process: string };
    expect(line).toMatchObject({ level: 'fatal', process: 'worker' });
    expect(line.msg).toBe(
      'Invalid settings (see .env.example): LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent; SESSION_SECRET is required in production',
    );
  });

  it('npm run rebuild: DB_STATEMENT_TIMEOUT_MS=0 exits 1 with one plain line on stderr', async () => {
    const result = await run('rebuild.ts', { DB_STATEMENT_TIMEOUT_MS: '0' });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.lines).toEqual(['Invalid settings (see .env.example): DB_STATEMENT_TIMEOUT_MS="0" must be a whole number of at least 1']);
  });

  it('npm start: a port another server listens on exits 1 at once with one fatal line saying so, before anything starts', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      // The database is a closed port: had the start gone on, its line would be about the database.
      const result = await run('start.ts', { LOG_LEVEL: 'warn', SESSION_SECRET: 'a'.repeat(40), PORT: String(port), HOST: '127.0.0.1' });
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.lines).toHaveLength(1);
      expect(JSON.parse(result.lines[0]!)).toMatchObject({
        level: 'fatal',
        msg: `Could not start: port ${port} is in use (another server listens there): stop it, or set PORT to a free port.`,
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('npm start: a database it cannot reach exits 1 with one fatal line saying so and what to do, no stack trace', async () => {
    // Valid settings (a secret given, so nothing is written to the data folder); the database is a closed port.
    const result = await run('start.ts', { LOG_LEVEL: 'warn', SESSION_SECRET: 'a'.repeat(40) });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.lines).toHaveLength(1);
    const line = JSON.parse(result.lines[0]!) as Record<string, unknown>;
    expect(line.level).toBe('fatal');
    expect(line.msg).toMatch(/^Could not start: connect ECONNREFUSED 127\.0\.0\.1:\d+\. The database is not reachable/);
    expect(result.stdout + result.stderr).not.toMatch(/\n\s+at /);
  });

  it('touched nothing: no generated secret, no database folder', () => {
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
