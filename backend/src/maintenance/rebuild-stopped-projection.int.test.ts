import { LIVE_SCHEMA, ProjectionRunner, ReadModelProgress, allProjections, type ProjectedEvent, type Projection } from '@mello/projections';
import type { DriftProjection, RebuildRun } from '@mello/contracts';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TEST_SETTINGS, adminClient, logHead, startTestBackend, type TestBackend } from '../../test/harness';
import { runCli } from '../../test/run-cli';

/**
 * A projection the live runner stopped on an event, then a rebuild swaps in read models without that error: from
 * the admin's Drift tab (in this process), or from `npm run rebuild` in a process of its own, which reaches the
 * running runner only through the database. The runner must take the projection back from the rebuilt checkpoint:
 * it advances to the head, its status and the runner agree, and a command's read-your-writes wait is not held back
 * by it. When the cause is still there, it stops again with its error, and the console's retry is accepted.
 *
 * The poison is the one the probe met: the audit projection cannot write one forum post's row (here its table
 * refuses the title, a constraint on the live table only, so the rebuilt table no longer has it).
 */
let backend: TestBackend;
let admin: ApiClient;
let member: ApiClient;

const AUDIT = 'audit';
const POISON = 'Giftig tråd';

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  member = new ApiClient(backend.url);
  await member.register('mia@example.se', 'member-password-1', { firstName: 'Mia', lastName: 'Medlem' });
  expect((await member.post('/api/forum/posts', { title: 'Bästa vinnaren?', content: 'Loreen, förstås.' })).status).toBe(201);
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

type State = { projections: DriftProjection[]; runs: RebuildRun[] };
const drift = async (): Promise<State> => {
  const reply = await admin.get('/api/admin/drift');
  expect(reply.status, reply.text).toBe(200);
  return reply.body as State;
};
const status = async (name = AUDIT) => (await drift()).projections.find((projection) => projection.name === name)!;
const finished = async (id: string): Promise<RebuildRun> => {
  await expect.poll(async () => (await drift()).runs.find((run) => run.id === id)?.result, { timeout: 60_000 }).not.toBe('running');
  return (await drift()).runs.find((run) => run.id === id)!;
};

const checkpointRow = z.object({ position: z.string().nullable(), last_error: z.string().nullable() });
const checkpoint = (name = AUDIT) => backend.pool.one(sql.type(checkpointRow)`SELECT position, last_error FROM rm.checkpoints WHERE projection = ${name}`);
/** Has the projection's checkpoint reached the log's head as it is now? */
const atHead = async (name = AUDIT) => {
  const head = await logHead(backend);
  const { position } = await checkpoint(name);
  return head === null || (position !== null && position >= head);
};
const audited = (label: string) => backend.pool.exists(sql.unsafe`SELECT 1 FROM rm.audit_events WHERE kind = 'forum-post' AND label = ${label}`);

/** Whether a command's read-your-writes wait (the lowest checkpoint without an error) reaches the log's head. */
async function commandsReachHead(): Promise<boolean> {
  const progress = new ReadModelProgress(backend.pool, backend.databaseUri);
  await progress.start();
  try {
    return await progress.waitFor(await logHead(backend));
  } finally {
    await progress.close();
  }
}

/** The live audit table refuses the poison's row: the next such post stops the projection on its event. */
async function stopAuditOnPoison(runner: ProjectionRunner): Promise<void> {
  // The rows an earlier rebuild wrote for it go first (a constraint is checked against the rows already there).
  await backend.pool.query(sql.unsafe`DELETE FROM rm.audit_events WHERE label = ${POISON}`);
  await backend.pool.query(sql.unsafe`ALTER TABLE rm.audit_events DROP CONSTRAINT IF EXISTS refuses_poison`);
  await backend.pool.query(sql.unsafe`ALTER TABLE rm.audit_events ADD CONSTRAINT refuses_poison CHECK (label <> ${sql.literalValue(POISON)})`);
  expect((await member.post('/api/forum/posts', { title: POISON, content: 'Den här raden vägrar historiken.' })).status).toBe(201);
  await expect.poll(() => runner.stopped.has(AUDIT), { timeout: 20_000 }).toBe(true);
  const stopped = await status();
  expect(stopped).toMatchObject({ status: 'stopped', stoppedOn: { type: 'ForumPostCreated' } });
  expect(stopped.lastError).toMatch(/refuses_poison|check constraint/);
}

/**
 * After the swap: the stopped projection is running again from the rebuilt checkpoint, up to the head, with the
 * runner and the status in agreement; and a command after it is audited and its read-your-writes wait is reached.
 */
async function expectResumed(runner: ProjectionRunner, title: string): Promise<void> {
  await expect.poll(() => runner.stopped.has(AUDIT), { timeout: 20_000 }).toBe(false);
  await expect.poll(() => atHead(), { timeout: 20_000 }).toBe(true);
  expect(await status()).toMatchObject({ status: 'running', lastError: null, stoppedOn: null });

  expect((await member.post('/api/forum/posts', { title, content: 'Skrivet efter ombyggnaden.' })).status).toBe(201);
  // What every command waits for (read your writes): the lowest checkpoint without an error reaches the post's
  // position, the resumed projection's included.
  expect(await commandsReachHead()).toBe(true);
  expect(await atHead()).toBe(true);
  expect(await audited(title)).toBe(true);
  expect(runner.stopped.has(AUDIT)).toBe(false);
  expect(await status()).toMatchObject({ status: 'running', lastError: null, behind: 0 });
}

describe('a projection stopped on an event, then a rebuild', () => {
  for (const target of ['all', AUDIT]) {
    it(`from the Drift tab (target ${target}): the runner takes it back from the rebuilt checkpoint and it advances`, async () => {
      await stopAuditOnPoison(backend.runner);
      const started = await admin.post<RebuildRun>('/api/admin/drift/rebuilds', { target });
      expect(started.status, started.text).toBe(202);
      expect(await finished(started.body.id)).toMatchObject({ result: 'succeeded', error: null });
      // The rebuilt read models hold the poison's row, without the live table's constraint.
      expect(await audited(POISON)).toBe(true);
      await expectResumed(backend.runner, `Efter ombyggnaden av ${target}`);
      // Nothing to retry any more: the console says so, as the status does.
      expect((await admin.post(`/api/admin/drift/projections/${AUDIT}/retry`)).status).toBe(409);
    });
  }

  it('from npm run rebuild in another process: the running runner notices the swap through the database', { timeout: 180_000 }, async () => {
    await stopAuditOnPoison(backend.runner);
    const cli = await runCli('rebuild', [], { ...TEST_SETTINGS, DATABASE_URL: backend.databaseUri });
    expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Rebuilt and swapped in every read model');
    await expectResumed(backend.runner, 'Efter ombyggnaden från kommandoraden');
  });
});

describe('a projection whose cause is still there after the rebuild', () => {
  it('stops again on the next such event, visibly with its error, and the console retry is accepted and resumes it once fixed', async () => {
    // The cause is in the live code this time (a rebuild's bulk path writes the rows its own way): this process's
    // runner steps down and one with an audit projection that throws on the poison takes the live schema over.
    let poisoned = true;
    const real = allProjections.find((projection) => projection.name === AUDIT)!;
    const buggy: Projection = {
      ...real,
      async apply(tx, schema, events: readonly ProjectedEvent[]) {
        if (poisoned && events.some((event) => (event.data as { title?: string }).title === POISON)) throw new Error('audit cannot write the poison');
        await real.apply(tx, schema, events);
      },
    };
    await backend.runner.stop();
    const runner = new ProjectionRunner(
      backend.pool,
      backend.databaseUri,
      backend.store,
      allProjections.map((projection) => (projection === real ? buggy : projection)),
      { schema: LIVE_SCHEMA },
    );
    runner.start();
    try {
      const poison = await member.post('/api/forum/posts', { title: POISON, content: 'Samma giftiga tråd igen.' });
      expect(poison.status, poison.text).toBe(201);
      await expect.poll(() => runner.stopped.has(AUDIT), { timeout: 20_000 }).toBe(true);
      const first = await status();
      expect(first).toMatchObject({ status: 'stopped', stoppedOn: { type: 'ForumPostCreated' } });

      const started = await admin.post<RebuildRun>('/api/admin/drift/rebuilds', { target: 'all' });
      expect(started.status, started.text).toBe(202);
      expect(await finished(started.body.id)).toMatchObject({ result: 'succeeded' });
      // Taken back from the rebuilt checkpoint (past the poison the rebuild wrote), it advances to the head.
      await expect.poll(() => runner.stopped.has(AUDIT), { timeout: 20_000 }).toBe(false);
      await expect.poll(() => atHead(), { timeout: 20_000 }).toBe(true);

      // The cause is still there: the next poisoned post stops it again, visibly, on that event.
      const again = await member.post<{ id: string }>('/api/forum/posts', { title: POISON, content: 'Och en gång till, efter ombyggnaden.' });
      expect(again.status, again.text).toBe(201);
      await expect.poll(async () => (await status()).status, { timeout: 20_000 }).toBe('stopped');
      const stopped = await status();
      expect(stopped.stoppedOn).toMatchObject({ type: 'ForumPostCreated', streamName: `forum-post-${again.body.id}` });
      expect(stopped.lastError).toContain('audit cannot write the poison');
      expect(runner.stopped.get(AUDIT)?.event.position).toBe(stopped.stoppedOn!.position);
      // Every command is answered without waiting for it.
      expect(await commandsReachHead()).toBe(true);

      // Retry is accepted: still failing, it stops on the same event again; fixed, it resumes and catches up.
      const early = await admin.post(`/api/admin/drift/projections/${AUDIT}/retry`);
      expect(early.status, early.text).toBe(202);
      await expect.poll(async () => (await status()).lastErrorAt, { timeout: 20_000 }).not.toBe(stopped.lastErrorAt);
      expect(await status()).toMatchObject({ status: 'stopped', stoppedOn: stopped.stoppedOn });
      poisoned = false;
      expect((await admin.post(`/api/admin/drift/projections/${AUDIT}/retry`)).status).toBe(202);
      await expect.poll(() => atHead(), { timeout: 20_000 }).toBe(true);
      expect(await status()).toMatchObject({ status: 'running', lastError: null, stoppedOn: null });
      expect(runner.stopped.has(AUDIT)).toBe(false);
    } finally {
      await runner.stop();
    }
  });
});
