import { MalformedEventError, SYSTEM_ACTOR } from '@mello/contracts';
import { ProjectionRunner, createReadModelSchema, yearsProjection } from '@mello/projections';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import type { LogPosition, RecordedEvent } from '../event-store/port';
import { adminClient, sampleYear, startTestBackend, type TestBackend } from '../../test/harness';

/**
 * An event the registry cannot read (here a YearCreated without its fields, written past the deciders straight
 * into the store) is never skipped: reading stops on it with an error naming the stream, revision and type, and
 * the projections stop there with that error in their status (docs/event-sourcing.md, "Reading an event").
 */
let backend: TestBackend;
let malformed: RecordedEvent;
const MALFORMED_ID = '99999999-9999-4999-8999-999999999999';
const STREAM = `year-${MALFORMED_ID}`;
const MESSAGE = `Malformed event YearCreated at revision 0 of stream ${STREAM}: fields: Required`;

const checkpointRow = z.object({ position: z.string().nullable(), last_error: z.string().nullable() });
const checkpoint = (schema: string) =>
  backend.pool.one(sql.type(checkpointRow)`SELECT position, last_error FROM ${sql.identifier([schema, 'checkpoints'])} WHERE projection = 'years'`);
const years = (schema: string) =>
  backend.pool.anyFirst(sql.type(z.object({ year: z.number() }))`SELECT year FROM ${sql.identifier([schema, 'years'])} ORDER BY year`);

beforeAll(async () => {
  backend = await startTestBackend();
  const admin = await adminClient(backend);
  expect((await admin.post('/api/years', sampleYear({ year: 1960 }))).status).toBe(201);
  const raw = new PostgresEventStore(backend.pool, backend.databaseUri);
  const metadata = { actor: SYSTEM_ACTOR, occurredAt: new Date().toISOString(), correlationId: 'test', causationId: null, schemaVersion: 1 };
  await raw.appendToStream(STREAM, [{ id: '88888888-8888-4888-8888-888888888888', type: 'YearCreated', data: { id: MALFORMED_ID }, metadata }], {
    expectedRevision: 'no_stream',
  });
  // Another test file's open transaction on the same server can hold an acknowledged append back from readAll for
  // a moment (docs/event-sourcing.md): wait until it is readable before looking for it.
  await raw.untilReadable(15_000);
  malformed = (await raw.readAll({ after: null, maxCount: 10_000 })).find((event) => event.streamName === STREAM)!;
  expect(malformed).toBeDefined();
  await raw.close();
});
afterAll(async () => {
  await backend?.stop();
});

describe('a malformed event in the log', () => {
  it('is rejected when its stream is read, naming the stream, revision and type', async () => {
    await expect(backend.store.readStream(STREAM)).rejects.toThrow(MalformedEventError);
    await expect(backend.store.readStream(STREAM)).rejects.toThrow(MESSAGE);
  });

  it('ends a readAll page just before it, and the next page throws on it: never skipped', async () => {
    const before = await backend.store.readAll({ after: null, maxCount: 10_000 });
    expect(before.at(-1)!.position < malformed.position).toBe(true);
    await expect(backend.store.readAll({ after: before.at(-1)!.position, maxCount: 10_000 })).rejects.toThrow(MESSAGE);
  });

  it('fails catchUp() loudly after applying everything before it', async () => {
    const schema = 'rm_malformed_loud';
    await createReadModelSchema(backend.databaseUri, schema);
    const runner = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [yearsProjection], { schema });
    await expect(runner.catchUp()).rejects.toThrow(MESSAGE);
    expect(await years(schema)).toEqual([1960]);
    // Its checkpoint is just before the malformed event: the next read starts with it.
    await expect(backend.store.readAll({ after: (await checkpoint(schema)).position as LogPosition | null, maxCount: 1 })).rejects.toThrow(MESSAGE);
  });

  it('stops the live runner on it, checkpoint just before it and the error in the projection status', async () => {
    const schema = 'rm_malformed_live';
    await createReadModelSchema(backend.databaseUri, schema);
    const runner = new ProjectionRunner(backend.pool, backend.databaseUri, backend.store, [yearsProjection], { schema });
    runner.start();
    try {
      await expect.poll(async () => (await checkpoint(schema)).last_error, { timeout: 15_000 }).toBe(MESSAGE);
      expect(runner.lastError).toBe(MESSAGE);
    } finally {
      await runner.stop();
    }
    const stopped = await checkpoint(schema);
    expect(stopped.position! < malformed.position).toBe(true);
    expect(await years(schema)).toEqual([1960]);
  });
});
