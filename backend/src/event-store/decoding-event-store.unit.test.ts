import { MalformedEventError } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { decodePage } from './decoding-event-store';
import { encodePosition, type RecordedEvent } from './port';

const recorded = (n: number, type: string, data: unknown): RecordedEvent => ({
  id: `e${n}`,
  type,
  data,
  metadata: { actor: { type: 'system' }, occurredAt: '', correlationId: 'c', causationId: null, schemaVersion: 1 },
  streamName: `reservation-k${n}`,
  streamRevision: n,
  position: encodePosition(n, n),
  recordedAt: '',
});
const claimed = (n: number) => recorded(n, 'KeyClaimed', { key: `k${n}`, ownerId: 'o' });
const malformed = recorded(3, 'KeyClaimed', { key: 'k3' });

describe('decodePage (readAll through the registry)', () => {
  it('decodes every event of a page', () => {
    expect(decodePage([claimed(1), claimed(2)]).map((event) => event.data)).toEqual([
      { key: 'k1', ownerId: 'o' },
      { key: 'k2', ownerId: 'o' },
    ]);
  });

  it('ends the page just before a malformed event, so a reader gets everything before it', () => {
    expect(decodePage([claimed(1), claimed(2), malformed, claimed(4)]).map((event) => event.id)).toEqual(['e1', 'e2']);
  });

  it('throws when the page starts with the malformed event, naming its stream, revision and type: never skipped', () => {
    expect(() => decodePage([malformed, claimed(4)])).toThrow(MalformedEventError);
    expect(() => decodePage([malformed, claimed(4)])).toThrow('Malformed event KeyClaimed at revision 3 of stream reservation-k3: ownerId: Required');
  });
});
