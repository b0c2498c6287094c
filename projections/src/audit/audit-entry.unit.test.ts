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
