import type { DocumentEventName } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import type { ProjectedEvent } from '../events';
import { AUDITED_EVENT_TYPES, auditRow } from './audit-entry';

const ID = '11111111-1111-4111-8111-111111111111';
const event = (type: DocumentEventName, fields: Record<string, unknown>, metadata: Record<string, unknown> = {}): ProjectedEvent =>
  ({
    id: 'e1',
    type,
    data: { id: ID, fields },
    metadata: { actor: { type: 'user', userId: 'u1', email: 'admin@example.se' }, occurredAt: '2026-11-24T07:00:00.000Z', ...metadata },
    streamName: `x-${ID}`,
    streamRevision: 0,
    position: '0000000000000001',
    recordedAt: '2026-11-24T07:00:01.000Z',
  }) as ProjectedEvent;

describe('auditRow for the lineups’ documents', () => {
  it('titles an entry year · artist as billed – song', () => {
    expect(auditRow(event('EntryCreated', { year: 2012, artist: 'Loreen', song: 'Euphoria', artistId: 'a1' }))).toMatchObject({
      kind: 'entry',
      action: 'created',
      item_id: ID,
      label: '2012 · Loreen – Euphoria',
      actor_email: 'admin@example.se',
      occurred_at: '2026-11-24T07:00:00.000Z',
    });
  });

  it('titles an act by its name and a source by its key; a restore is "restored"; the import is the system’s', () => {
    expect(auditRow(event('ArtistUpdated', { name: 'Loreen Talhaoui', slug: 'loreen', aliases: ['Loreen'] }, { restoredFrom: 0 }))).toMatchObject({
      kind: 'artist',
      action: 'restored',
      label: 'Loreen Talhaoui',
    });
    expect(auditRow(event('SourceDeleted', { key: 'dl12', description: 'deliciosa' }, { actor: { type: 'system' } }))).toMatchObject({
      kind: 'source',
      action: 'deleted',
      label: 'dl12',
      actor_user_id: null,
      actor_email: null,
    });
  });

  it('follows every entry, artist and source event', () => {
    for (const noun of ['Entry', 'Artist', 'Source']) {
      for (const verb of ['Created', 'Updated', 'Deleted']) expect(AUDITED_EVENT_TYPES.has(`${noun}${verb}` as DocumentEventName), `${noun}${verb}`).toBe(true);
    }
  });
});

describe('auditRow for a finished rebuild', () => {
  const finished = (data: Record<string, unknown>): ProjectedEvent =>
    ({
      ...event('YearCreated', {}),
      type: 'RebuildFinished',
      data: {
        runId: ID,
        target: 'all',
        result: 'succeeded',
        error: null,
        startedBy: 'admin@example.se',
        startedAt: '2026-11-24T07:00:00.000Z',
        durationSeconds: 12.3,
        events: 5000,
        ...data,
      },
      streamName: `rebuild-${ID}`,
    }) as unknown as ProjectedEvent;

  it('lists it as kind rebuild, the run as its item, with what it rebuilt, how it ended and how long it took', () => {
    expect(AUDITED_EVENT_TYPES.has('RebuildFinished')).toBe(true);
    expect(auditRow(finished({}))).toMatchObject({
      kind: 'rebuild',
      action: 'rebuild-succeeded',
      item_id: ID,
      label: 'Ombyggnad av alla läsmodeller: klar på 12 s',
      actor_email: 'admin@example.se',
    });
    expect(auditRow(finished({ target: 'forum', result: 'failed', durationSeconds: 3.25 }))!.label).toBe(
      'Ombyggnad av projektionen forum: misslyckades efter 3,3 s',
    );
    expect(auditRow(finished({ result: 'cancelled', durationSeconds: 2 }))).toMatchObject({
      action: 'rebuild-cancelled',
      label: 'Ombyggnad av alla läsmodeller: avbruten efter 2 s',
    });
  });
});
