import { DatabaseNotAnsweringError, ProjectionRunner, createReadModelSchema, reachedPosition, yearsProjection, type Projection } from '@mello/projections';
import pg from 'pg';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * The live projections runner over real PostgreSQL (read-models.int.test.ts has the first start and the rebuild):
 * a failed batch rolled back and applied once, checkpoints across restarts, recorded errors cleared, one leader per
 * schema, lanes side by side, and what read-your-writes waits for while a lane is retried.
 */
describe('the projections runner', () => {
  let backend: TestBackend;
  let admin: ApiClient;

  /**
   * Records every event it is given, without deduplication, so applying anything twice shows. Armed, it fails once
   * in the middle of a batch, after its first row: by throwing, or (`crash: 'timeout'`) by running into the
   * statement timeout, a database error the runner retries the batch after (isTransientDatabaseError).
   */
  const recorder = (
    schema: string,
    failOnce: { armed: boolean },
    { name = 'recorder', table = 'applied', lane, crash = 'throw' }: { name?: string; table?: string; lane?: string; crash?: 'throw' | 'timeout' } = {},
  ): Projection => ({
    name,
    ...(lane ? { lane } : {}),
    eventTypes: new Set(['YearCreated', 'YearUpdated']),
    async apply(tx, s, events) {
      for (const event of events) {
        await tx.query(sql.unsafe`INSERT INTO ${sql.identifier([s, table])} (event_id) VALUES (${event.id})`);
        if (failOnce.armed) {
          failOnce.armed = false;
          if (crash === 'timeout') await tx.query(sql.unsafe`SET LOCAL statement_timeout = 10; SELECT pg_sleep(1)`);
          throw new Error('simulated crash in the middle of a batch');
        }
      }
    },
  });
  const applied = (schema: string, table = 'applied') =>
    backend.pool.anyFirst(sql.type(z.object({ event_id: z.string() }))`SELECT event_id FROM ${sql.identifier([schema, table])}`);

  beforeAll(async () => {
    backend = await startTestBackend();
    admin = await adminClient(backend);
    for (const year of [1960, 1961, 1962]) await admin.post('/api/years', sampleYear({ year }));
  });
  afterAll(async () => {
    await backend?.stop();
  });

  const freshSchema = async (schema: string, tables = ['applied']) => {
    await createReadModelSchema(backend.databaseUri, schema);
    for (const table of tables) await backend.pool.query(sql.unsafe`CREATE TABLE ${sql.identifier([schema, table])} (event_id text NOT NULL)`);
  };

  it('rolls a failed batch back entirely, then applies every event exactly once', async () => {
    await freshSchema('rm_crash');
    const failOnce = { armed: true };
    const runner = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [yearsProjection, recorder('rm_crash', failOnce)], {
      schema: 'rm_crash',
    });
    await expect(runner.catchUp()).rejects.toThrow('simulated crash');
    expect(await applied('rm_crash')).toEqual([]);
    expect(await backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM rm_crash.years`)).toBe(0);

    await runner.catchUp();
    const ids = await applied('rm_crash');
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(await backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM rm_crash.years`)).toBe(3);
  });

  it('resumes from its checkpoint after a restart without applying anything twice', async () => {
    await freshSchema('rm_resume');
    const first = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [recorder('rm_resume', { armed: false })], { schema: 'rm_resume' });
    await first.catchUp();
    expect(await applied('rm_resume')).toHaveLength(3);
    await admin.post('/api/years', sampleYear({ year: 1963 }));
    const second = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [recorder('rm_resume', { armed: false })], { schema: 'rm_resume' });
    await second.catchUp();
    await second.catchUp();
    const ids = await applied('rm_resume');
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('clears the error a failed batch recorded once a batch succeeds, also when the log had nothing new', { timeout: 20_000 }, async () => {
    // The database away while the runner polls an idle log: the batch fails before it reads a single event, and
    // the error recorded on the checkpoints (recordError) lands once the database answers again. Left there, the
    // projections look failing to the status views, and read-your-writes (reachedPosition) leaves them out: a
    // command then answers from the other lane's position before its own read model has its event.
    await freshSchema('rm_transient');
    const failing = { armed: false };
    const source = Object.create(backend.store) as typeof backend.store;
    source.readAll = async (options) => {
      if (failing.armed) {
        failing.armed = false;
        throw new DatabaseNotAnsweringError(1);
      }
      return backend.store.readAll(options);
    };
    const runner = new ProjectionRunner(backend.pool, backend.databaseUri, source, [recorder('rm_transient', { armed: false })], { schema: 'rm_transient' });
    const lastError = () =>
      backend.pool.oneFirst(
        sql.type(z.object({ last_error: z.string().nullable() }))`SELECT last_error FROM rm_transient.checkpoints WHERE projection = 'recorder'`,
      );
    runner.start();
    try {
      await expect.poll(async () => (await applied('rm_transient')).length, { timeout: 5000 }).toBeGreaterThan(0);
      failing.armed = true;
      await expect.poll(lastError, { timeout: 5000 }).not.toBeNull();
      await expect.poll(lastError, { timeout: 5000 }).toBeNull();
      // Set in memory right after the row is cleared: the answer to the clearing UPDATE may reach this process after
      // the poll's SELECT that saw it.
      await expect.poll(() => runner.lastError, { timeout: 5000 }).toBeNull();
    } finally {
      await runner.stop();
    }
  });

  it('keeps exactly one runner active per schema across processes, and another takes over when it stops', async () => {
    await freshSchema('rm_leader');
    const make = () =>
      new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [recorder('rm_leader', { armed: false })], { schema: 'rm_leader' });
    const a = make();
    const b = make();
    a.start();
    b.start();
    await expect.poll(() => Number(a.isLeader) + Number(b.isLeader), { timeout: 5000 }).toBe(1);
    await expect.poll(async () => (await applied('rm_leader')).length, { timeout: 5000 }).toBe(4);
    const [leader, standby] = a.isLeader ? [a, b] : [b, a];
    await leader.stop();
    await admin.post('/api/years', sampleYear({ year: 1965 }));
    await expect.poll(() => standby.isLeader, { timeout: 8000 }).toBe(true);
    await expect.poll(async () => (await applied('rm_leader')).length, { timeout: 8000 }).toBe(5);
    await standby.stop();
    const ids = await applied('rm_leader');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it(
    'runs its lanes side by side: one held back or crashed in the middle of a batch catches up, nothing applied twice, and the position announced waits for it',
    { timeout: 60_000 },
    async () => {
      const schema = 'rm_lanes';
      await freshSchema(schema, ['applied_main', 'applied_side']);
      const crashOnce = { armed: false };
      const make = () =>
        new ProjectionRunner(
          backend.pool,
          backend.databaseUri,
          backend.store,
          [
            recorder(schema, { armed: false }, { name: 'recorder_main', table: 'applied_main' }),
            recorder(schema, crashOnce, { name: 'recorder_side', table: 'applied_side', lane: 'side', crash: 'timeout' }),
          ],
          { schema, batchSize: 2 },
        );
      // Every rm_progress of this schema, and a session that holds the side lane back (apply-lock.ts' key of the lane).
      const announced: string[] = [];
      const listener = new pg.Client({ connectionString: backend.databaseUri });
      const holder = new pg.Client({ connectionString: backend.databaseUri });
      // A session ended under them (the test database dropped after a failure) is not an unhandled error.
      for (const client of [listener, holder]) client.on('error', () => undefined);
      await Promise.all([listener.connect(), holder.connect()]);
      listener.on('notification', (message) => {
        const [of, position] = (message.payload ?? '').split(' ');
        if (of === schema) announced.push(position!);
      });
      await listener.query('LISTEN rm_progress');
      const sideLock = `hashtextextended('melloarkivet:apply:${schema}:side', 0)`;
      const years = await backend.pool.oneFirst(
        sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM es.events WHERE event_type IN ('YearCreated', 'YearUpdated')`,
      );
      try {
        await holder.query(`SELECT pg_advisory_lock(${sideLock})`);
        const first = make();
        first.start();
        // The main lane goes on alone, in several batches; nothing is announced while the side lane has no checkpoint.
        await expect.poll(async () => (await applied(schema, 'applied_main')).length, { timeout: 10_000 }).toBe(years);
        expect(await applied(schema, 'applied_side')).toEqual([]);
        expect(announced).toEqual([]);
        // Stopped there, the side lane let go only then (its batch waiting for the lock runs, and is its last): as a
        // crash between two lanes' commits leaves it, the main lane ahead.
        const stopping = first.stop();
        await holder.query(`SELECT pg_advisory_unlock(${sideLock})`);
        await stopping;
        expect((await applied(schema, 'applied_side')).length).toBeLessThan(years);

        // Started again, the side lane's next batch fails in the middle (the statement timeout) and is run again.
        crashOnce.armed = true;
        const second = make();
        second.start();
        try {
          await expect.poll(async () => (await applied(schema, 'applied_side')).length, { timeout: 15_000 }).toBe(years);
          expect(crashOnce.armed).toBe(false);
          for (const table of ['applied_main', 'applied_side']) {
            const ids = await applied(schema, table);
            expect(new Set(ids).size, table).toBe(ids.length);
          }
          expect(await applied(schema, 'applied_side')).toEqual(expect.arrayContaining([...(await applied(schema, 'applied_main'))]));
          // Announced once both lanes had everything: the last position is the log's last event.
          const head = await backend.store.headPosition();
          await expect.poll(() => announced.at(-1), { timeout: 5000 }).toBe(head);
        } finally {
          await second.stop();
        }
      } finally {
        await listener.end();
        await holder.end();
      }
    },
  );

  it(
    'a lane whose batch is retried still holds the read-your-writes position back; a projection stopped on an event does not',
    { timeout: 30_000 },
    async () => {
      // The retried lane (its batch ran into the statement timeout: transient) will apply the event as soon as the
      // database lets it: a command waiting meanwhile must wait for it, or it answers before its read model has the
      // event (a created post then reads 404). One stopped on an event waits for an admin: nothing waits for it.
      await freshSchema('rm_hold');
      const failing: { mode: 'no' | 'timeout' | 'throw' } = { mode: 'no' };
      const slow: Projection = {
        name: 'slow',
        lane: 'slow',
        eventTypes: new Set(['YearCreated', 'YearUpdated']),
        async apply(tx, s, events) {
          if (failing.mode === 'timeout') await tx.query(sql.unsafe`SET LOCAL statement_timeout = 10; SELECT pg_sleep(1)`);
          if (failing.mode === 'throw') throw new Error('a bug on this event');
          for (const event of events) await tx.query(sql.unsafe`INSERT INTO ${sql.identifier([s, 'applied'])} (event_id) VALUES (${event.id})`);
        },
      };
      const runner = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [yearsProjection, slow], { schema: 'rm_hold' });
      const checkpoint = (name: string) =>
        backend.pool.maybeOne(
          sql.type(z.object({ position: z.string().nullable(), last_error: z.string().nullable() }))`
            SELECT position, last_error FROM rm_hold.checkpoints WHERE projection = ${name}`,
        );
      const reached = () => reachedPosition(backend.pool, 'rm_hold', null);
      runner.start();
      try {
        const start = await backend.store.headPosition();
        await expect.poll(async () => (await checkpoint('slow'))?.position, { timeout: 5000 }).toBe(start);
        await expect.poll(async () => (await checkpoint('years'))?.position, { timeout: 5000 }).toBe(start);

        failing.mode = 'timeout';
        const before = (await checkpoint('slow'))!.position!;
        await admin.post('/api/years', sampleYear({ year: 1966 }));
        await expect.poll(async () => (await checkpoint('slow'))?.last_error ?? null, { timeout: 8000 }).not.toBeNull();
        await expect.poll(async () => (await checkpoint('years'))?.position, { timeout: 5000 }).not.toBe(before);
        expect(await reached()).toBe(before);

        failing.mode = 'no';
        const head = (await checkpoint('years'))!.position;
        await expect.poll(reached, { timeout: 8000 }).toBe(head);

        failing.mode = 'throw';
        await admin.post('/api/years', sampleYear({ year: 1967 }));
        await expect.poll(async () => (await checkpoint('slow'))?.last_error ?? null, { timeout: 8000 }).toMatch(/a bug on this event/);
        await expect.poll(async () => (await checkpoint('years'))?.position, { timeout: 5000 }).not.toBe(head);
        expect(await reached()).toBe((await checkpoint('years'))!.position);
      } finally {
        await runner.stop();
      }
    },
  );
});
