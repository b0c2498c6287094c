import type { ArtistFields, EntryFields, SourceFields } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../shared/errors';
import type { DocumentDecider, DocumentEvent, DocumentState } from '../document-decider';
import { artistDecider, renamed } from './artist';
import { entryDecider, entrySlotKeys, entrySlots, runningOrderChange } from './entry';
import { sourceDecider } from './source';

/** given events / when command / then events (or error), for a decider. */
function scenario<F>(decider: DocumentDecider<F>) {
  return {
    given(events: DocumentEvent<F>[]) {
      const state = events.reduce<DocumentState<F>>(decider.evolve, decider.initialState());
      return {
        state,
        when: (command: Parameters<DocumentDecider<F>['decide']>[0]) => () => decider.decide(command, state),
      };
    },
  };
}

const ARTIST_ID = '22222222-2222-4222-8222-222222222222';
const entry: EntryFields = {
  year: 2012,
  artistId: ARTIST_ID,
  artist: 'Loreen',
  song: 'Euphoria',
  songwriters: ['Thomas G:son', 'Peter Boström'],
  heat: 4,
  runningOrder: 4,
  heatPlace: 1,
  heatResult: 'final',
  andraChansen: null,
  finalRunningOrder: 9,
  finalPlace: 1,
  finalPoints: 268,
  juryPoints: 114,
  televotePoints: 154,
  sources: ['dl12'],
  verifiedBy: [],
  unconfirmed: [],
  disputed: [],
  notes: null,
};
const artist: ArtistFields = { name: 'Loreen', slug: 'loreen', aliases: [] };
const source: SourceFields = { key: 'dl12', description: 'deliciosa: Melodifestivalen 2012' };

const cases = [
  {
    name: 'entry',
    decider: entryDecider as unknown as DocumentDecider<Record<string, unknown>>,
    fields: entry as Record<string, unknown>,
    change: { finalPoints: null, notes: 'Poängen omstridd' },
    notFound: 'Posten hittades inte',
    exists: 'Posten finns redan',
  },
  {
    name: 'artist',
    decider: artistDecider as unknown as DocumentDecider<Record<string, unknown>>,
    fields: artist as Record<string, unknown>,
    change: { aliases: ['Lorine Talhaoui'] },
    notFound: 'Artist hittades inte',
    exists: 'Artisten finns redan',
  },
  {
    name: 'source',
    decider: sourceDecider as unknown as DocumentDecider<Record<string, unknown>>,
    fields: source as Record<string, unknown>,
    change: { description: 'deliciosa (sv.wikipedia 2014)' },
    notFound: 'Källan hittades inte',
    exists: 'Källan finns redan',
  },
];

describe.each(cases)('$name decider', ({ decider, fields, change, notFound, exists }) => {
  const { created, updated, deleted } = decider.names;
  const id = '11111111-1111-4111-8111-111111111111';
  const createdEvent = { type: created, data: { id, fields } };
  const deletedEvent = { type: deleted, data: { id, fields } };
  const it_ = scenario(decider);

  it('given nothing, when created, then it is created with the given fields', () => {
    expect(it_.given([]).when({ type: 'create', id, fields })()).toEqual([createdEvent]);
  });

  it('given it exists, when created again, then conflict in Swedish', () => {
    expect(it_.given([createdEvent]).when({ type: 'create', id, fields })).toThrow(new ConflictError(exists));
  });

  it('given it exists, when updated, then the event carries every field and names the changed ones (a null clears)', () => {
    expect(it_.given([createdEvent]).when({ type: 'update', id, changes: change })()).toEqual([
      { type: updated, data: { id, fields: { ...fields, ...change }, changed: Object.keys(change).filter((key) => fields[key] !== change[key as never]) } },
    ]);
  });

  it('given it exists, when saved unchanged, then nothing happens', () => {
    expect(it_.given([createdEvent]).when({ type: 'update', id, changes: { ...fields } })()).toEqual([]);
  });

  it('given nothing, when updated or deleted, then not found in Swedish', () => {
    expect(it_.given([]).when({ type: 'update', id, changes: change })).toThrow(new NotFoundError(notFound));
    expect(it_.given([]).when({ type: 'delete', id })).toThrow(new NotFoundError(notFound));
  });

  it('given it exists and was edited, when deleted, then the event keeps the last fields (its unique keys are released from them)', () => {
    const edited = { type: updated, data: { id, fields: { ...fields, ...change }, changed: Object.keys(change) } };
    expect(it_.given([createdEvent, edited]).when({ type: 'delete', id })()).toEqual([{ type: deleted, data: { id, fields: { ...fields, ...change } } }]);
  });

  it('given it was deleted, when recreated (a restore), then it is created again with the restored fields', () => {
    const given = it_.given([createdEvent, deletedEvent]);
    expect(given.state.status).toBe('deleted');
    expect(given.when({ type: 'recreate', id, fields: { ...fields, ...change } })()).toEqual([
      { type: created, data: { id, fields: { ...fields, ...change } } },
    ]);
    expect(given.when({ type: 'update', id, changes: change })).toThrow(NotFoundError);
    expect(given.when({ type: 'create', id, fields })).toThrow(ConflictError);
  });

  it('given it is live or never existed, when recreated, then conflict (only a deleted document comes back that way)', () => {
    expect(it_.given([createdEvent]).when({ type: 'recreate', id, fields })).toThrow(ConflictError);
    expect(it_.given([]).when({ type: 'recreate', id, fields })).toThrow(ConflictError);
  });
});

describe('an artist renamed', () => {
  const id = '33333333-3333-4333-8333-333333333333';
  const given = scenario(artistDecider).given([{ type: 'ArtistCreated', data: { id, fields: { name: 'Loreen', slug: 'loreen', aliases: ['LOREEN'] } } }]);

  it('given an act, when renamed, then ArtistUpdated keeps the slug and adds the old name to the aliases', () => {
    const current = given.state.status === 'active' ? given.state.fields : artist;
    expect(given.when({ type: 'update', id, changes: renamed(current, 'Loreen Talhaoui') })()).toEqual([
      { type: 'ArtistUpdated', data: { id, fields: { name: 'Loreen Talhaoui', slug: 'loreen', aliases: ['LOREEN', 'Loreen'] }, changed: ['name', 'aliases'] } },
    ]);
  });

  it('given an act, when "renamed" to its own name, then nothing happens', () => {
    expect(renamed(artist, 'Loreen')).toEqual({});
    const current = given.state.status === 'active' ? given.state.fields : artist;
    expect(given.when({ type: 'update', id, changes: renamed(current, 'Loreen') })()).toEqual([]);
  });

  it('renamed back to one of its aliases: that alias is the name again, not an alias too; the name it leaves becomes one', () => {
    expect(renamed({ name: 'Loreen Talhaoui', slug: 'loreen', aliases: ['Loreen', 'LOREEN'] }, 'Loreen')).toEqual({
      name: 'Loreen',
      aliases: ['LOREEN', 'Loreen Talhaoui'],
    });
  });

  it('an old name already among the aliases is not listed twice', () => {
    expect(renamed({ name: 'Carola', slug: 'carola', aliases: ['Carola'] }, 'Carola Häggkvist')).toEqual({ name: 'Carola Häggkvist', aliases: ['Carola'] });
  });
});

describe('entrySlots: the running-order slots an entry holds', () => {
  const slotsOf = (fields: Partial<EntryFields>) => entrySlots({ heat: null, runningOrder: null, finalRunningOrder: null, ...fields });

  it('a heat entry that reached the final holds its heat slot and its final slot', () => {
    expect(slotsOf({ heat: 4, runningOrder: 4, finalRunningOrder: 9 })).toEqual([
      { show: 'heat-4', runningOrder: 4 },
      { show: 'final', runningOrder: 9 },
    ]);
  });

  it('in a year without heats, the running order is the final’s; the same number given twice is one slot', () => {
    expect(slotsOf({ runningOrder: 3 })).toEqual([{ show: 'final', runningOrder: 3 }]);
    expect(slotsOf({ runningOrder: 3, finalRunningOrder: 3 })).toEqual([{ show: 'final', runningOrder: 3 }]);
  });

  it('an unknown running order holds no slot (null is never a number)', () => {
    expect(slotsOf({ heat: 2 })).toEqual([]);
    expect(slotsOf({ heat: 2, finalRunningOrder: 5 })).toEqual([{ show: 'final', runningOrder: 5 }]);
  });

  it('each slot is a reservation key of the year and show, refused with a Swedish message', () => {
    expect(entrySlotKeys(entry)).toEqual([
      { key: 'lineup-slot-2012-heat-4-4', takenMessage: 'Startnummer 4 i deltävling 4 2012 har redan en annan post' },
      { key: 'lineup-slot-2012-final-9', takenMessage: 'Startnummer 9 i finalen 2012 har redan en annan post' },
    ]);
  });
});

describe('runningOrderChange: the edit that gives an entry a place in a show’s new running order', () => {
  const cases: Array<[string, Partial<EntryFields>, string, Partial<EntryFields>]> = [
    ['a heat entry, in its heat', { heat: 4, runningOrder: 4, finalRunningOrder: 9 }, 'heat-4', { runningOrder: 2 }],
    ['a heat entry, in the final', { heat: 4, runningOrder: 4, finalRunningOrder: 9 }, 'final', { finalRunningOrder: 2 }],
    ['a heat entry without a final slot yet, in the final', { heat: 4, runningOrder: 4, finalRunningOrder: null }, 'final', { finalRunningOrder: 2 }],
    ['an entry of a year without heats', { heat: null, runningOrder: 7, finalRunningOrder: null }, 'final', { runningOrder: 2 }],
    [
      'an entry of a year without heats that gives both numbers',
      { heat: null, runningOrder: 7, finalRunningOrder: 7 },
      'final',
      { runningOrder: 2, finalRunningOrder: 2 },
    ],
  ];

  it.each(cases)('%s', (_name, given, show, expected) => {
    const fields = { ...entry, ...given };
    const change = runningOrderChange(fields, show, 2);
    expect(change).toEqual(expected);
    // Then the entry holds slot 2 of that show, and no other slot of that show.
    const slots = entrySlots({ ...fields, ...change }).filter((slot) => slot.show === show);
    expect(slots).toEqual([{ show, runningOrder: 2 }]);
  });

  it('a new order of the heat leaves the final’s order alone, and the other way round', () => {
    const fields = { ...entry, heat: 4, runningOrder: 4, finalRunningOrder: 9 };
    expect(entrySlots({ ...fields, ...runningOrderChange(fields, 'heat-4', 1) })).toContainEqual({ show: 'final', runningOrder: 9 });
    expect(entrySlots({ ...fields, ...runningOrderChange(fields, 'final', 1) })).toContainEqual({ show: 'heat-4', runningOrder: 4 });
  });
});
