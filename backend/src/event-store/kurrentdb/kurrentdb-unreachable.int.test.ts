import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../test/free-port';
import { EventStoreUnavailableError } from '../port';
import { KurrentDbEventStore, createKurrentDbEventStore } from './kurrentdb-event-store';

/**
 * No KurrentDB server can run on this machine, but an unreachable one can: the real client against a closed
 * port fails the way it does when the server is down, and every call of the adapter must name that as the port's
 * EventStoreUnavailableError (which the API answers with 503).
 */
describe('the KurrentDB adapter with the server unreachable', () => {
  let store: KurrentDbEventStore;
  beforeAll(async () => {
    store = new KurrentDbEventStore(KurrentDBClient.connectionString(`kurrentdb://127.0.0.1:${await freePort()}?tls=false`));
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
      expect((error as Error).message, name).toMatch(/KurrentDB is not reachable/);
    }
  });
});

describe('connecting to an unreachable KurrentDB', () => {
  // Both spellings reach the client as a connection string it reads (esdb:// rewritten, connection-string.ts): the
  // start fails on the missing server, named without the credentials, and not on the URL; and the client prints no
  // deprecation warning outside the JSON logs.
  it.each(['kurrentdb', 'esdb'])('fails with "Could not reach KurrentDB" for a %s:// URL, without a warning', async (scheme) => {
    const warn = vi.spyOn(console, 'warn');
    const url = `${scheme}://admin:changeit@127.0.0.1:${await freePort()}?tls=false`;
    const error = await createKurrentDbEventStore(url).then(
      () => new Error('connected'),
      (error: unknown) => error as Error,
    );
    expect(error.message).toMatch(new RegExp(`^Could not reach KurrentDB at ${scheme}://127\\.0\\.0\\.1:\\d+\\?tls=false: `));
    expect(error.message).not.toContain('changeit');
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/deprecated/i);
    warn.mockRestore();
  });
});
