import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestBackend, TEST_ADMIN, type TestBackend } from '../../test/harness';
import { connectLive, recordChanges, watchPost, type LiveClient } from '../../test/live-client';
import { freePort } from '../../test/free-port';

/**
 * Two backend processes on one database: this test process and a second one started with `npm start`'s entry
 * point. The PostgreSQL adapter makes them one audience, whichever process's runner applied the event.
 */
let first: TestBackend;
let second: { url: string; process: ChildProcess; dataDir: string };
const sockets: LiveClient[] = [];

async function startSecondProcess(databaseUri: string): Promise<typeof second> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mello-second-'));
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['backend/src/cli/start.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUri,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: first.config.sessionSecret,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      IMPORT_ARCHIVE: 'false',
      CLIENT_BUILD: 'skip',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`second process did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Serving on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`second process exited with ${code}:\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, process: child, dataDir };
}

beforeAll(async () => {
  first = await startTestBackend();
  second = await startSecondProcess(first.databaseUri);
}, 90_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  if (second) {
    const exited = new Promise((resolve) => second.process.once('exit', resolve));
    second.process.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    second.process.kill('SIGKILL');
    await rm(second.dataDir, { recursive: true, force: true });
  }
  await first?.stop();
});

describe('several backend processes share one audience', () => {
  it('a reply posted through one process reaches a socket on the other, in both directions', async () => {
    const author = new ApiClient(first.url);
    await author.register('ante@example.se', 'member-password-1', { firstName: 'Ante', lastName: 'Author' });
    const post = (await author.post('/api/forum/posts', { title: 'Två processer', content: 'Syns svaret överallt?' })).body;

    // The session is in the shared database, so the same cookie works on the second process.
    const onSecond = await connectLive(second.url, { cookie: author.cookieHeader });
    const onFirst = await connectLive(first.url, { cookie: author.cookieHeader });
    sockets.push(onSecond, onFirst);
    const secondChanges = recordChanges(onSecond);
    const firstChanges = recordChanges(onFirst);
    await watchPost(onSecond, post.id);
    await watchPost(onFirst, post.id);

    const viaFirst = await author.post(`/api/forum/posts/${post.id}/replies`, { content: 'Skickat via första processen' });
    expect(viaFirst.status).toBe(201);
    expect((await secondChanges.next('reply-created', (c) => c.reply.id === viaFirst.body.id)).reply.content).toBe('Skickat via första processen');

    const throughSecond = new ApiClient(second.url);
    await throughSecond.login('ante@example.se', 'member-password-1');
    const viaSecond = await throughSecond.post(`/api/forum/posts/${post.id}/replies`, { content: 'Skickat via andra processen' });
    expect(viaSecond.status).toBe(201);
    expect((await firstChanges.next('reply-created', (c) => c.reply.id === viaSecond.body.id)).repliesCount).toBe(2);
  });
});
