import { DOCUMENT_EVENTS, type DocumentEventName } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { reduceDocumentEvents } from './document-projection';
import type { ProjectedEvent } from './events';

const names = DOCUMENT_EVENTS.year;
let seq = 0;
/** A document event with only the fields a test needs (the reducer copies fields as they are). */
const event = (type: DocumentEventName, id: string, fields: Record<string, unknown> = {}): ProjectedEvent => {
  seq += 1;
  return {
    id: `e${seq}`,
    type,
    data: { id, fields },
    metadata: {},
    streamName: `year-${id}`,
    streamRevision: 0,
    position: String(seq).padStart(4, '0'),
    recordedAt: '',
  } as ProjectedEvent;
};

describe('reduceDocumentEvents', () => {
  it('keeps the last field set per id and the creation position', () => {
    const created = event('YearCreated', 'a', { winner: 'ABBA' });
    const changes = reduceDocumentEvents(names, [created, event('YearUpdated', 'a', { winner: 'Abba' }), event('YearCreated', 'b', { winner: 'Carola' })]);
    expect(changes.upserts.get('a')).toMatchObject({ fields: { winner: 'Abba' }, createdPosition: created.position });
    expect(changes.upserts.get('b')?.fields).toEqual({ winner: 'Carola' });
    expect(changes.deletes.size).toBe(0);
  });

  it('an update of a row created in an earlier batch has no creation position', () => {
    const changes = reduceDocumentEvents(names, [event('YearUpdated', 'a', { winner: 'Abba' })]);
    expect(changes.upserts.get('a')?.createdPosition).toBeNull();
  });

  it('a delete wins over earlier changes in the batch and is kept as a delete', () => {
    const changes = reduceDocumentEvents(names, [event('YearCreated', 'a'), event('YearUpdated', 'a'), event('YearDeleted', 'a')]);
    expect(changes.upserts.has('a')).toBe(false);
    expect([...changes.deletes]).toEqual(['a']);
  });

  it('a document deleted and created again keeps the place of its first creation', () => {
    const first = event('YearCreated', 'a');
    const state = reduceDocumentEvents(names, [first, event('YearCreated', 'b'), event('YearDeleted', 'a')]);
    reduceDocumentEvents(names, [event('YearCreated', 'a', { winner: 'ABBA' })], state);
    expect(state.upserts.get('a')).toMatchObject({ fields: { winner: 'ABBA' }, createdPosition: first.position });
    expect(state.places.get('a')).toBe(first.position);
  });

  it('ignores events it does not project', () => {
    const changes = reduceDocumentEvents(names, [event('VideoCreated', 'v')]);
    expect(changes.upserts.size + changes.deletes.size).toBe(0);
  });
});
