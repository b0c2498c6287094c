import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@mello/contracts';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  comparePositions,
  type RawEventStore,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
} from './port';

export type EventStoreFixture = {
  store: RawEventStore;
  /** Another client of the same store, as a second process would have. */
  openAnother: () => Promise<RawEventStore>;
  cleanup: () => Promise<void>;
};

const metadata = (correlationId = randomUUID()): EventMetadata => ({
  actor: { type: 'user', userId: 'u-1', email: 'fan@example.se' },
  occurredAt: new Date().toISOString(),
  correlationId,
  causationId: null,
  schemaVersion: 1,
});

const newEvent = (type: string, data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data, metadata: metadata() });

/**
 * Reads the log from `from` up to everything committed before the call, page by page, as a subscriber does. A
 * PostgreSQL store shows an event only once every older transaction on the server has ended (and other test
 * files' databases share that server), so it first waits for that (untilReadable).
 */
async function readEverything(store: RawEventStore, from: LogPosition | null): Promise<RecordedEvent[]> {
  await store.untilReadable(15_000);
  const all: RecordedEvent[] = [];
  let after = from;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 500 });
    if (page.length === 0) return all;
    all.push(...page);
    after = page[page.length - 1]!.position;
  }
}

/** The behaviour every event-store adapter must show (ARCHITECTURE.md, "Guarantees"). */
export function describeEventStoreContract(
  name: string,
  createFixture: () => Promise<EventStoreFixture>,
  /** KurrentDB cannot tell that an event id was already used in another stream; PostgreSQL can. */
  capabilities: { detectsEventIdsReusedAcrossStreams: boolean } = { detectsEventIdsReusedAcrossStreams: true },
) {
  describe(`event store contract: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: RawEventStore;
    const stream = (label: string) => `test${label}-${randomUUID()}`;

    beforeAll(async () => {
      fixture = await createFixture();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    it('given no stream, when read, then it is empty', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('appends with no_stream, then reads the events back in order with their metadata', async () => {
      const name = stream('create');
      const events = [newEvent('ThingCreated', { n: 1, text: 'Fångad av en stormvind' }), newEvent('ThingRenamed', { n: 2 })];
      const result = await store.appendToStream(name, events, { expectedRevision: 'no_stream' });
      expect(result.nextExpectedRevision).toBe(1);
      const read = await store.readStream(name);
      expect(read.map((e) => [e.type, e.streamRevision, e.id])).toEqual([
        ['ThingCreated', 0, events[0]!.id],
        ['ThingRenamed', 1, events[1]!.id],
      ]);
      expect(read[0]!.data).toEqual({ n: 1, text: 'Fångad av en stormvind' });
      expect(read[0]!.metadata).toEqual(events[0]!.metadata);
      expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
      expect(read[1]!.position).toBe(result.position);
    });

    it('refuses no_stream when the stream exists', async () => {
      const name = stream('exists');
      await store.appendToStream(name, [newEvent('A')], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(name, [newEvent('B')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(name)).toHaveLength(1);
    });

    it('appends at the exact expected revision and refuses a stale one', async () => {
      const name = stream('exact');
      await store.appendToStream(name, [newEvent('A')], { expectedRevision: 'no_stream' });
      const second = await store.appendToStream(name, [newEvent('B')], { expectedRevision: 0 });
      expect(second.nextExpectedRevision).toBe(1);
      const stale = store.appendToStream(name, [newEvent('C')], { expectedRevision: 0 });
      await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 1 });
      expect((await store.readStream(name)).map((e) => e.type)).toEqual(['A', 'B']);
    });

    it('refuses stream_exists on a missing stream and accepts any', async () => {
      const name = stream('any');
      await expect(store.appendToStream(name, [newEvent('A')], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.appendToStream(name, [newEvent('A')], { expectedRevision: 'any' });
      await store.appendToStream(name, [newEvent('B')], { expectedRevision: 'any' });
      await store.appendToStream(name, [newEvent('C')], { expectedRevision: 'stream_exists' });
      expect(await store.readStream(name)).toHaveLength(3);
    });

    it('treats a re-sent append (same event ids) as done, without duplicates', async () => {
      const name = stream('idem');
      const events = [newEvent('A'), newEvent('B')];
      const first = await store.appendToStream(name, events, { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(name, events, { expectedRevision: 'no_stream' });
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(await store.readStream(name)).toHaveLength(2);
      const log = await readEverything(store, null);
      expect(log.filter((e) => e.id === events[0]!.id)).toHaveLength(1);
    });

    it.runIf(capabilities.detectsEventIdsReusedAcrossStreams)('refuses event ids already used in another stream', async () => {
      const event = newEvent('A');
      await store.appendToStream(stream('one'), [event], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(stream('two'), [event], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    });

    it('lets exactly one of many concurrent writers at the same revision win', async () => {
      const name = stream('race');
      await store.appendToStream(name, [newEvent('Created')], { expectedRevision: 'no_stream' });
      const others = await Promise.all(Array.from({ length: 4 }, () => fixture.openAnother()));
      const clients = [store, ...others];
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => clients[i % clients.length]!.appendToStream(name, [newEvent(`Edit${i}`)], { expectedRevision: 0 })),
      );
      await Promise.all(others.map((other) => other.close()));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const failure of results.filter((r) => r.status === 'rejected')) {
        expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect(await store.readStream(name)).toHaveLength(2);
    });

    it('reports the head position and wakes listeners on append', async () => {
      let woken = 0;
      const stop = store.onAppended(() => {
        woken += 1;
      });
      const result = await store.appendToStream(stream('head'), [newEvent('A')], { expectedRevision: 'any' });
      await expect.poll(() => woken, { timeout: 5000 }).toBeGreaterThan(0);
      stop();
      await expect.poll(async () => comparePositions(await store.headPosition(), result.position) >= 0, { timeout: 5000 }).toBe(true);
    });

    it('has every acknowledged append readable once untilReadable resolves', async () => {
      const { position } = await store.appendToStream(stream('readable'), [newEvent('R')], { expectedRevision: 'any' });
      await store.untilReadable(15_000);
      expect(comparePositions(await store.headPosition(), position)).toBeGreaterThanOrEqual(0);
    });

    it('pages through the whole log in one order', async () => {
      const start = await store.headPosition();
      const name = stream('pages');
      let last: LogPosition | null = null;
      for (let i = 0; i < 5; i += 1) {
        last = (await store.appendToStream(name, [newEvent(`E${i}`), newEvent(`F${i}`)], { expectedRevision: 'any' })).position;
      }
      // An append is readable in the global order once no older transaction can still commit before it (another
      // test's open transaction on the same server holds that back for a moment): wait for that, then page.
      await store.untilReadable(15_000);
      expect(comparePositions(await store.headPosition(), last)).toBeGreaterThanOrEqual(0);
      const seen: RecordedEvent[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll({ after, maxCount: 3 });
        if (page.length === 0) break;
        seen.push(...page);
        after = page[page.length - 1]!.position;
      }
      const mine = seen.filter((e) => e.streamName === name);
      expect(mine.map((e) => e.type)).toEqual(['E0', 'F0', 'E1', 'F1', 'E2', 'F2', 'E3', 'F3', 'E4', 'F4']);
    });

    it('gives a concurrent subscriber every event exactly once, in one order, while many connections append', async () => {
      const start = await store.headPosition();
      const writers = await Promise.all(Array.from({ length: 8 }, () => fixture.openAnother()));
      const prefix = `conc-${randomUUID()}`;
      const appendsPerWriter = 40;
      const expectedIds = new Set<string>();

      let writing = true;
      const seen: RecordedEvent[] = [];
      const subscriber = (async () => {
        let after = start;
        let idleRoundsAfterWriters = 0;
        while (writing || idleRoundsAfterWriters < 3) {
          const page = await store.readAll({ after, maxCount: 100 });
          if (page.length === 0) {
            if (!writing) idleRoundsAfterWriters += 1;
            await new Promise((resolve) => setTimeout(resolve, 5));
            continue;
          }
          idleRoundsAfterWriters = 0;
          seen.push(...page);
          after = page[page.length - 1]!.position;
        }
      })();

      await Promise.all(
        writers.map(async (writer, w) => {
          for (let i = 0; i < appendsPerWriter; i += 1) {
            // Several writers share streams so revision checks and row locks interleave with the inserts.
            const events = [newEvent('Tick', { w, i }), newEvent('Tock', { w, i })];
            events.forEach((e) => expectedIds.add(e.id));
            await writer.appendToStream(`${prefix}-${(w + i) % 5}`, events, { expectedRevision: 'any' });
          }
        }),
      );
      // The subscriber stops after a few empty reads once writing ends: first every acknowledged append must be
      // readable (another test file's open transaction on the shared server can hold them back for a moment).
      await store.untilReadable(15_000);
      writing = false;
      await subscriber;
      await Promise.all(writers.map((writer) => writer.close()));

      const mine = seen.filter((e) => e.streamName.startsWith(prefix));
      const ids = mine.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(expectedIds);
      for (let i = 1; i < seen.length; i += 1) {
        expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
      }
      // The order the subscriber saw is the order a fresh reader sees: one global order.
      const replay = (await readEverything(store, start)).filter((e) => e.streamName.startsWith(prefix)).map((e) => e.id);
      expect(replay).toEqual(ids);
      // Within each stream the revisions are gapless and in order.
      for (let s = 0; s < 5; s += 1) {
        const revisions = mine.filter((e) => e.streamName === `${prefix}-${s}`).map((e) => e.streamRevision);
        expect(revisions).toEqual(revisions.map((_, i) => i));
      }
    });
  });
}
