import { EventName, SYSTEM_ACTOR, type DomainEvent } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { idempotencySeed } from '../http/idempotency';
import { newItemId, toNewEvents, type CommandContext } from './command-handler';

const context = (seed?: string): CommandContext => ({
  actor: SYSTEM_ACTOR,
  correlationId: 'request-1',
  causationId: null,
  ...(seed === undefined ? {} : { idempotencySeed: seed }),
});
const claimed = (ownerId: string): DomainEvent => ({ type: EventName.KeyClaimed, data: { key: 'year:1958', ownerId } });
const ids = (events: ReturnType<typeof toNewEvents>) => events.map((event) => event.id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('ids of a create without an Idempotency-Key', () => {
  it('are random: the item and every event', () => {
    expect(newItemId(context())).not.toBe(newItemId(context()));
    const target = { streamName: 'year-1', expectedRevision: 'no_stream' as const };
    expect(ids(toNewEvents([claimed('a')], context(), target))).not.toEqual(ids(toNewEvents([claimed('a')], context(), target)));
  });
});

describe('ids of a keyed create (derived from its seed)', () => {
  const seed = idempotencySeed('user-1', 'key-1', 'fingerprint-1');

  it('give every run of the request the same item id, a uuid', () => {
    expect(newItemId(context(seed))).toBe(newItemId(context(seed)));
    expect(newItemId(context(seed))).toMatch(UUID);
  });

  it("differ with the user, the key and the request: another user's equal key is another item", () => {
    const others = [
      idempotencySeed('user-2', 'key-1', 'fingerprint-1'),
      idempotencySeed('user-1', 'key-2', 'fingerprint-1'),
      idempotencySeed('user-1', 'key-1', 'fingerprint-2'),
    ];
    const all = [seed, ...others].map((each) => newItemId(context(each)));
    expect(new Set(all).size).toBe(4);
  });

  it('give the same append (stream, revision) the same event ids, each its own', () => {
    const target = { streamName: 'reservation-year:1958', expectedRevision: 3 };
    const first = ids(toNewEvents([claimed('a'), claimed('b')], context(seed), target));
    expect(ids(toNewEvents([claimed('a'), claimed('b')], context(seed), target))).toEqual(first);
    expect(new Set(first).size).toBe(2);
    for (const id of first) expect(id).toMatch(UUID);
  });

  it('give another stream, another revision or another seed other event ids (a release after a claim is no re-send)', () => {
    const at = (streamName: string, expectedRevision: number | 'no_stream', each = seed) =>
      ids(toNewEvents([claimed('a')], context(each), { streamName, expectedRevision }))[0];
    const all = [at('s', 'no_stream'), at('s', 0), at('s', 1), at('t', 'no_stream'), at('s', 'no_stream', idempotencySeed('user-2', 'key-1', 'fingerprint-1'))];
    expect(new Set(all).size).toBe(all.length);
  });

  it('are random where the revision is not known (any) or no stream is named', () => {
    const any = { streamName: 's', expectedRevision: 'any' as const };
    expect(ids(toNewEvents([claimed('a')], context(seed), any))).not.toEqual(ids(toNewEvents([claimed('a')], context(seed), any)));
    expect(ids(toNewEvents([claimed('a')], context(seed)))).not.toEqual(ids(toNewEvents([claimed('a')], context(seed))));
  });
});
