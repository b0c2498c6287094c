import { EventStoreDBClient } from '@eventstore/db-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { EventStoreUnavailableError } from '../port';
import { EventStoreDbEventStore } from './esdb-event-store';

/**
 * No EventStoreDB server can run on this machine, but an unreachable one can: the real client against a closed
 * port fails the way it does when the server is down, and every call of the adapter must name that as the port's
 * EventStoreUnavailableError (which the API answers with 503).
 */
describe('the EventStoreDB adapter with the server unreachable', () => {
  let store: EventStoreDbEventStore;
  beforeAll(async () => {
    store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(`esdb://127.0.0.1:${await freePort()}?tls=false`));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('fails reads, appends and the head position with EventStoreUnavailableError', async () => {
    const metadata = { actor: { type: 'system' as const }, occurredAt: new Date().toISOString(), correlationId: 'c', causationId: null, schemaVersion: 1 };
    const calls = {
      readStream: () => store.readStream('year-x'),
      readAll: () => store.readAll({ after: null, maxCount: 10 }),
      headPosition: () => store.headPosition(),
      appendToStream: () => store.appendToStream('year-x', [{ id: crypto.randomUUID(), type: 'YearCreated', data: {}, metadata }], { expectedRevision: 'any' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const error = await call().then(
        () => new Error(`${name} succeeded`),
        (error: unknown) => error,
      );
      expect(error, name).toBeInstanceOf(EventStoreUnavailableError);
      expect((error as Error).message, name).toMatch(/EventStoreDB is not reachable/);
    }
  });
});
