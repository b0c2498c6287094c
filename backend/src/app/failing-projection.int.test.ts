import {
  LIVE_SCHEMA,
  ProjectionApplyError,
  ProjectionRunner,
  ReadModelProgress,
  allProjections,
  createReadModelSchema,
  rebuildReadModels,
  yearsProjection,
  type ProjectedEvent,
  type Projection,
} from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogPosition } from '../event-store/port';
import { adminClient, ApiClient, sampleYear, startTestBackend, type TestBackend, logHead } from '../../test/harness';

/**
 * A projection that throws on one event stops there and reports it, while the other projections go on; after a
 * restart it is retried from that event, and once the cause is gone it catches up. The failing projection is a
 * test one: it records every YearCreated it applies in a table whose check refuses the year 1961 (an SQL error,
 * so the runner's savepoints are what keep the rest of the batch), until the check is dropped — "the fix".
 */
let backend: TestBackend;
let admin: ApiClient;
const RECORDER = 'year-recorder';

const yearOf = (event: ProjectedEvent) => (event.data as { fields: { year: number } }).fields.year;

/** Records each event it applies in public.<table>, one row per application, so applying twice would show. */
const recorder = (table: string): Projection => ({
  name: RECORDER,
  eventTypes: new Set(['YearCreated']),
  async apply(tx, _schema, events) {
    for (const event of events) {
      await tx.query(sql.unsafe`INSERT INTO ${sql.identifier(['public', table])} (event_id, year) VALUES (${event.id}, ${yearOf(event)})`);
    }
  },
});

const createRecordTable = (table: string) =>
  backend.pool.query(sql.unsafe`
    CREATE TABLE ${sql.identifier(['public', table])} (
      event_id text NOT NULL,
      year     integer NOT NULL CONSTRAINT refuses_1961 CHECK (year <> 1961)
    )`);
const fixRecordTable = (table: string) => backend.pool.query(sql.unsafe`ALTER TABLE ${sql.identifier(['public', table])} DROP CONSTRAINT refuses_1961`);
const recordedYears = (table: string) =>
  backend.pool.anyFirst(sql.type(z.object({ year: z.number() }))`SELECT year FROM ${sql.identifier(['public', table])} ORDER BY year`);

const checkpointRow = z.object({ position: z.string().nullable(), last_error: z.string().nullable(), last_error_at: z.string().nullable() });
const checkpoint = (schema: string, projection: string) =>
  backend.pool.one(sql.type(checkpointRow)`
    SELECT position, last_error, last_error_at FROM ${sql.identifier([schema, 'checkpoints'])} WHERE projection = ${projection}`);

const countYears = (schema: string) =>
  backend.pool.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM ${sql.identifier([schema, 'years'])}`);

/** The YearCreated event of `year` in the log. */
const yearCreated = async (year: number) => {
  const events = await backend.store.readAll({ after: null, maxCount: 10_000 });
  return events.find((event) => event.type === 'YearCreated' && yearOf(event) === year)!;
};

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await adminClient(backend);
  for (const year of [1960, 1961, 1962]) expect((await admin.post('/api/years', sampleYear({ year }))).status).toBe(201);
});
afterAll(async () => {
  await backend?.stop();
});

describe('a projection that fails on one event', () => {
  const schema = 'rm_poison';
  const table = 'recorded_poison';
  const logs: string[] = [];
  const runnerFor = () =>
    new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [yearsProjection, recorder(table)], {
      schema,
      log: (message) => logs.push(message),
    });

  beforeAll(async () => {
    await createReadModelSchema(backend.databaseUri, schema);
    await createRecordTable(table);
  });

  it('stops at that event with its checkpoint just before it and the event named in last_error, while the others advance', async () => {
    const poison = await yearCreated(1961);
    const runner = runnerFor();
    runner.start();
    try {
      await expect.poll(() => runner.stopped.has(RECORDER), { timeout: 10_000 }).toBe(true);
      // The others are not held back: every year is in the years read model, now and after a new command.
      await expect.poll(() => countYears(schema), { timeout: 10_000 }).toBe(3);
      expect((await admin.post('/api/years', sampleYear({ year: 1963 }))).status).toBe(201);
      await expect.poll(() => countYears(schema), { timeout: 10_000 }).toBe(4);
      await expect.poll(async () => (await checkpoint(schema, 'years')).position, { timeout: 10_000 }).toBe(await logHead(backend));

      // The events before the bad one were applied (once); the bad one and everything after it were not.
      expect(await recordedYears(table)).toEqual([1960]);
      const stopped = await checkpoint(schema, RECORDER);
      expect(stopped.position! < poison.position).toBe(true);
      const [next] = await backend.store.readAll({ after: stopped.position as LogPosition | null, maxCount: 1 });
      expect(next!.id).toBe(poison.id);

      expect(stopped.last_error).toContain(`Projection ${RECORDER} failed on event YearCreated at position ${poison.position}`);
      expect(stopped.last_error).toContain(`stream ${poison.streamName}`);
      expect(stopped.last_error).toMatch(/check constraint|refuses_1961/);
      expect(stopped.last_error_at).not.toBeNull();
      expect(runner.stopped.get(RECORDER)).toMatchObject({ event: { id: poison.id, type: 'YearCreated' }, checkpoint: stopped.position });
      expect(logs.some((line) => line.includes(`Projection ${RECORDER} in ${schema} STOPPED`) && line.includes(poison.position))).toBe(true);
      // A healthy projection's row carries no error.
      expect((await checkpoint(schema, 'years')).last_error).toBeNull();
    } finally {
      await runner.stop();
    }
    // Stopped until a restart: the checkpoint and the error stay as they were.
    const after = await checkpoint(schema, RECORDER);
    expect(after.last_error).not.toBeNull();
  });

  it('a restarted runner retries from that event: still failing, it stops there again without applying anything twice', async () => {
    const before = await checkpoint(schema, RECORDER);
    const runner = runnerFor();
    runner.start();
    try {
      await expect.poll(() => runner.stopped.has(RECORDER), { timeout: 10_000 }).toBe(true);
    } finally {
      await runner.stop();
    }
    const again = await checkpoint(schema, RECORDER);
    expect(again.position).toBe(before.position);
    expect(again.last_error).toBe(before.last_error);
    expect(Date.parse(again.last_error_at!)).toBeGreaterThanOrEqual(Date.parse(before.last_error_at!));
    expect(await recordedYears(table)).toEqual([1960]);
    expect(await countYears(schema)).toBe(4);
  });

  it('once the cause is fixed, the next runner resumes from that event and catches up, and the error is cleared', async () => {
    await fixRecordTable(table);
    const runner = runnerFor();
    runner.start();
    try {
      await expect.poll(() => recordedYears(table), { timeout: 10_000 }).toEqual([1960, 1961, 1962, 1963]);
      await expect.poll(async () => (await checkpoint(schema, RECORDER)).position, { timeout: 10_000 }).toBe(await logHead(backend));
      expect(runner.stopped.size).toBe(0);
    } finally {
      await runner.stop();
    }
    const healed = await checkpoint(schema, RECORDER);
    expect(healed).toMatchObject({ last_error: null, last_error_at: null });
    expect(await recordedYears(table)).toEqual([1960, 1961, 1962, 1963]);
  });

  it('catchUp() fails loudly on such an event, naming it, and applies nothing of that batch', async () => {
    const loud = 'rm_poison_loud';
    const loudTable = 'recorded_loud';
    await createReadModelSchema(backend.databaseUri, loud);
    await createRecordTable(loudTable);
    const runner = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [yearsProjection, recorder(loudTable)], { schema: loud });
    const error = await runner.catchUp().then(
      () => null,
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(ProjectionApplyError);
    expect((error as ProjectionApplyError).event.id).toBe((await yearCreated(1961)).id);
    expect(await recordedYears(loudTable)).toEqual([]);
    expect(await countYears(loud)).toBe(0);
  });
});

describe('rebuilding with a projection that throws', () => {
  it('fails naming the projection and the event, batched or bulk', async () => {
    const poison = await yearCreated(1961);
    await createRecordTable('recorded_rebuild');
    const batched = rebuildReadModels({
      pool: backend.pool,
      connectionUri: backend.databaseUri,
      source: backend.store,
      projections: [recorder('recorded_rebuild')],
      buildSchema: 'rm_rebuild_batched',
      swap: false,
    });
    await expect(batched).rejects.toThrow(`Projection ${RECORDER} failed on event YearCreated at position ${poison.position} (stream ${poison.streamName}`);

    // The bulk path folds in memory: the same naming when the fold throws.
    const folding: Projection = {
      name: 'year-folder',
      eventTypes: new Set(['YearCreated']),
      apply: async () => undefined,
      bulk: {
        start: () => [],
        add: (state, events) => {
          for (const event of events) {
            if (yearOf(event) === 1961) throw new Error('cannot fold 1961');
            (state as number[]).push(yearOf(event));
          }
        },
        flush: async () => undefined,
      },
    };
    const bulk = rebuildReadModels({
      pool: backend.pool,
      connectionUri: backend.databaseUri,
      source: backend.store,
      projections: [folding],
      buildSchema: 'rm_rebuild_bulk',
      swap: false,
    });
    await expect(bulk).rejects.toThrow(
      `Projection year-folder failed on event YearCreated at position ${poison.position} (stream ${poison.streamName}, event id ${poison.id}): cannot fold 1961`,
    );
  });
});

describe('read your writes with a stopped projection in the live schema', () => {
  it('a command still answers, with its change readable, when a projection it does not need is stopped', async () => {
    // This process's runner steps down; one with the failing projection added takes the live schema over.
    await backend.runner.stop();
    await createRecordTable('recorded_live');
    const live = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [...allProjections, recorder('recorded_live')], {
      schema: LIVE_SCHEMA,
    });
    live.start();
    try {
      await expect.poll(() => live.stopped.has(RECORDER), { timeout: 10_000 }).toBe(true);
      expect((await checkpoint(LIVE_SCHEMA, RECORDER)).last_error).toContain('YearCreated');

      const created = await admin.post('/api/years', sampleYear({ year: 1964 }));
      expect(created.status).toBe(201);
      const read = await new ApiClient(backend.url).get('/api/years/by-year/1964');
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ year: 1964 });
      expect(await recordedYears('recorded_live')).toEqual([1960]);

      // What a command waits for, as a process that starts now reads it: the stopped projection's old
      // checkpoint does not hold the position back, so waiting for the newest event ends at once.
      const head = await logHead(backend);
      await expect.poll(async () => (await checkpoint(LIVE_SCHEMA, 'years')).position, { timeout: 10_000 }).toBe(head);
      const progress = new ReadModelProgress(backend.pool, backend.databaseUri);
      await progress.start();
      try {
        expect(progress.position).toBe(head);
        expect((await checkpoint(LIVE_SCHEMA, RECORDER)).position! < head!).toBe(true);
      } finally {
        await progress.close();
      }
    } finally {
      await live.stop();
    }
  });
});
