import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { comparePositions } from '../src/event-store/port';
import { ApiClient, logHead, startTestBackend, type TestBackend } from './harness';

/**
 * logHead, which every "appended nothing" assertion rests on, sees a call's append while a transaction in another
 * database of the same server stays open: on CI another test file's long transaction held the server's horizon past
 * the wait, and a test read a head two events short of its own appends.
 */
let backend: TestBackend;
let other: pg.Client;

beforeAll(async () => {
  backend = await startTestBackend();
  other = new pg.Client({ connectionString: inject('adminDatabaseUri') });
  await other.connect();
});
afterAll(async () => {
  await other?.query('ROLLBACK').catch(() => undefined);
  await other?.end();
  await backend?.stop();
});

it('counts an append made while another database holds a transaction open', async () => {
  await other.query('BEGIN');
  await other.query('SELECT pg_current_xact_id()'); // takes a transaction id: the server's horizon stays below it
  const before = await logHead(backend);
  const member = new ApiClient(backend.url);
  await member.register('horisont@example.se');
  expect((await member.post('/api/forum/posts', { title: 'Horisonten', content: 'Ett inlägg medan en annan databas väntar' })).status).toBe(201);
  const after = await logHead(backend);
  expect(after).not.toBeNull();
  expect(comparePositions(after, before)).toBeGreaterThan(0);
  await other.query('ROLLBACK');
  expect(await logHead(backend)).toBe(after);
});
