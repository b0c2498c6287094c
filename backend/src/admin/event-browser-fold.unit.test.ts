import { EventName, SYSTEM_ACTOR } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import type { LogPosition, ReadEvent } from '../event-store/port';
import { auditKindOfStream } from './audit-streams';
import { foldStream } from './item-history';

const ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const at = (revision: number, type: string, data: unknown) =>
  ({
    id: `e${revision}`,
    type,
    data,
    metadata: { actor: SYSTEM_ACTOR, occurredAt: '2026-01-01T00:00:00.000Z', correlationId: 'c', causationId: null, schemaVersion: 1 },
    streamName: `video-${ID}`,
    streamRevision: revision,
    position: String(revision).padStart(41, '0') as LogPosition,
    recordedAt: '2026-01-01T00:00:00.000Z',
  }) as ReadEvent;

describe('foldStream', () => {
  it("gives the item's state after each event and what that event changed; a deletion keeps the last state", () => {
    const steps = foldStream([
      at(0, EventName.VideoCreated, { id: ID, fields: { title: 'Euphoria', year: 2012 } }),
      at(1, EventName.VideoUpdated, { id: ID, fields: { title: 'Euphoria (live)', year: 2012 }, changed: ['title'] }),
      at(2, EventName.VideoDeleted, { id: ID }),
    ]);
    expect(steps).toEqual([
      {
        state: { title: 'Euphoria', year: 2012 },
        deleted: false,
        changes: [
          { field: 'title', before: null, after: 'Euphoria' },
          { field: 'year', before: null, after: 2012 },
        ],
      },
      { state: { title: 'Euphoria (live)', year: 2012 }, deleted: false, changes: [{ field: 'title', before: 'Euphoria', after: 'Euphoria (live)' }] },
      { state: { title: 'Euphoria (live)', year: 2012 }, deleted: true, changes: [] },
    ]);
  });

  it("answers null for an event that is not part of an item's history", () => {
    expect(foldStream([at(0, EventName.KeyClaimed, { key: 'k', ownerId: ID })])).toEqual([null]);
  });
});

describe('auditKindOfStream', () => {
  it('names the kind of an item stream by its prefix and id, and no kind for any other stream', () => {
    expect(auditKindOfStream(`year-${ID}`)).toBe('year');
    expect(auditKindOfStream(`forum-post-${ID}`)).toBe('forum-post');
    expect(auditKindOfStream(`forum-reply-${ID}`)).toBe('forum-reply');
    expect(auditKindOfStream(`forum-like-post-${ID}-${ID}`)).toBeNull();
    expect(auditKindOfStream('reservation-year-2012')).toBeNull();
    expect(auditKindOfStream('year-2012')).toBeNull();
  });
});
