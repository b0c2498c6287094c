import { describe, expect, it } from 'vitest';
import { EntryCreateInputSchema, type EntryView, type LineupShow, type SavedEntry } from '@mello/contracts';
import {
  checkEntryEdit,
  checkNewEntry,
  entryPayload,
  entryValuesOf,
  movedOrder,
  newEntryValues,
  nextOrder,
  numberOrNull,
  orderInShow,
  shown,
} from './entry-form';

const ARTIST_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

const entry = (overrides: Partial<EntryView> = {}): EntryView => ({
  id: 'e1',
  year: 2012,
  artist: 'Loreen',
  artistRef: { id: ARTIST_ID, slug: 'loreen', name: 'Loreen' },
  song: 'Euphoria',
  songwriters: [
    { name: 'Thomas G:son', slug: 'thomas-g-son', alias: null },
    { name: 'Peter Boström', slug: 'peter-bostrom', alias: null },
  ],
  heat: 1,
  runningOrder: 4,
  heatPlace: 1,
  heatResult: 'final',
  andraChansen: null,
  finalRunningOrder: 9,
  finalPlace: 1,
  finalPoints: 268,
  juryPoints: null,
  televotePoints: null,
  sources: [{ key: 'sv12', description: 'Wikipedia' }],
  verifiedBy: [],
  unconfirmed: ['juryPoints'],
  disputed: [],
  notes: null,
  result: 'winner',
  ...overrides,
});

/** The entry as its edit form reads it (GET /api/entries/{id}): the stored fields. */
const saved = (overrides: Partial<SavedEntry> = {}): SavedEntry => ({
  id: 'e1',
  year: 2012,
  artistId: ARTIST_ID,
  artist: 'Loreen',
  song: 'Euphoria',
  songwriters: ['Thomas G:son', 'Peter Boström'],
  heat: 1,
  runningOrder: 4,
  heatPlace: 1,
  heatResult: 'final',
  andraChansen: null,
  finalRunningOrder: 9,
  finalPlace: 1,
  finalPoints: 268,
  juryPoints: null,
  televotePoints: null,
  sources: ['sv12'],
  verifiedBy: [],
  unconfirmed: ['juryPoints'],
  disputed: [],
  notes: null,
  ...overrides,
});
const valuesOf = (overrides: Partial<SavedEntry> = {}) => entryValuesOf(saved(overrides), 'Loreen');

describe('entry form values ↔ API body', () => {
  it('round-trips an entry: numbers parsed, unknown numbers stay null (never 0), lists one per line', () => {
    const values = valuesOf();
    expect(values.juryPoints).toBe('');
    expect(values.songwriters).toBe('Thomas G:son\nPeter Boström');
    // Every stored field comes back as it was (the id travels in the path).
    const { id: _id, ...stored } = saved();
    expect(entryPayload(values, 'update')).toEqual(stored);
    expect(checkEntryEdit(values)).toMatchObject({ ok: true, body: { song: 'Euphoria', juryPoints: null } });
  });

  it('keeps what is stored: a songwriter credited with a stage name, disputes in the schema’s key order', () => {
    const values = valuesOf({
      songwriters: ['Nadir Khayat (RedOne)', 'Peter Boström'],
      // As PostgreSQL's jsonb gives the keys back: not in the order they were written.
      disputed: [{ note: null, field: 'finalPoints', values: [268, 267], sources: ['sv12'] }],
    });
    expect(values.songwriters).toBe('Nadir Khayat (RedOne)\nPeter Boström');
    expect(values.artistName).toBe('Loreen');
    expect(values.disputed.indexOf('"field"')).toBeLessThan(values.disputed.indexOf('"note"'));
    expect(entryPayload(values, 'update')).toMatchObject({
      songwriters: ['Nadir Khayat (RedOne)', 'Peter Boström'],
      disputed: [{ field: 'finalPoints', values: [268, 267], sources: ['sv12'], note: null }],
    });
  });

  it('an emptied field is an explicit null in the body (a PUT clears it); a typed number is a number', () => {
    const values = { ...valuesOf(), finalPoints: '  ', juryPoints: ' 120 ', heatResult: '' as const, notes: '   ' };
    const body = entryPayload(values, 'update');
    expect(body.finalPoints).toBeNull();
    expect(body.juryPoints).toBe(120);
    expect(body.heatResult).toBeNull();
    expect(body.notes).toBeNull();
    expect(Object.keys(body)).toContain('finalPoints');
  });

  it('numbers: empty → null, digits → number, other text kept so the schema names it', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('0')).toBe(0);
    expect(numberOrNull(' 12 ')).toBe(12);
    expect(numberOrNull('12p')).toBe('12p');
    const check = checkEntryEdit({ ...valuesOf(), juryPoints: '12p', heatPlace: '0' });
    expect(check).toEqual({
      ok: false,
      errors: { juryPoints: 'Måste vara ett heltal', heatPlace: 'Måste vara minst 1' },
      // Named as the form labels them, in the form's order.
      summary: ['Placering i deltävlingen: Måste vara minst 1', 'Jurypoäng: Måste vara ett heltal'],
    });
  });

  it('refuses a new entry without song or act before sending, each message on its field and named by its label', () => {
    const values = newEntryValues(1987, { kind: 'final', number: null, entries: [] }, false);
    const body = entryPayload(values, 'create');
    expect(body).not.toHaveProperty('artist'); // left out: the server bills it with the act's name
    expect(checkNewEntry(values)).toEqual({
      ok: false,
      errors: { artistId: 'Välj en artist eller skapa en ny', song: 'Får inte vara tomt' },
      summary: ['Artist: Välj en artist eller skapa en ny', 'Låt: Får inte vara tomt'],
    });
    const filled = { ...values, artistId: ARTIST_ID, song: 'Ny låt' };
    const check = checkNewEntry(filled);
    expect(check.ok).toBe(true);
    expect(EntryCreateInputSchema.parse(entryPayload(filled, 'create'))).toMatchObject({
      year: 1987,
      runningOrder: 1,
      finalRunningOrder: 1,
      juryPoints: null,
      finalPoints: null,
    });
    // What is sent is what the contract accepted (defaults filled, the act's billing left to the server).
    expect(check).toMatchObject({ body: { year: 1987, song: 'Ny låt', runningOrder: 1, juryPoints: null } });
    expect(check.ok && 'artist' in check.body && check.body.artist !== undefined).toBe(false);
  });

  it('a new entry of a show takes the next running order: its heat, the final of a heat year, or a final-only year', () => {
    const heat: Pick<LineupShow, 'kind' | 'number' | 'entries'> = {
      kind: 'heat',
      number: 2,
      entries: [entry({ heat: 2, runningOrder: 3 }), entry({ heat: 2, runningOrder: 7 })],
    };
    expect(newEntryValues(2012, heat, true)).toMatchObject({ heat: '2', runningOrder: '8', finalRunningOrder: '' });
    const final: Pick<LineupShow, 'kind' | 'number' | 'entries'> = {
      kind: 'final',
      number: null,
      entries: [entry({ finalRunningOrder: 10 }), entry({ finalRunningOrder: null })],
    };
    expect(newEntryValues(2012, final, true)).toMatchObject({ heat: '', runningOrder: '', finalRunningOrder: '11', heatResult: 'final' });
    const only: Pick<LineupShow, 'kind' | 'number' | 'entries'> = {
      kind: 'final',
      number: null,
      entries: [entry({ heat: null, runningOrder: 12, finalRunningOrder: null })],
    };
    expect(nextOrder(only)).toBe(13);
    expect(newEntryValues(1987, only, false)).toMatchObject({ runningOrder: '13', finalRunningOrder: '13' });
    expect(orderInShow({ kind: 'final' }, { heat: 1, runningOrder: 4, finalRunningOrder: null })).toBeNull();
  });

  it('disputes are edited as JSON; text that is not JSON is refused by the schema on its field', () => {
    const values = { ...valuesOf(), disputed: '[{"field":"finalPoints","values":[268,267],"sources":["sv12"],"note":null}]' };
    expect(entryPayload(values, 'update').disputed).toEqual([{ field: 'finalPoints', values: [268, 267], sources: ['sv12'], note: null }]);
    expect(checkEntryEdit({ ...values, disputed: '[{' })).toMatchObject({ ok: false, errors: { disputed: expect.any(String) } });
  });

  it('unknown values are shown as “–”, a 0 as 0', () => {
    expect(shown(null)).toBe('–');
    expect(shown(undefined)).toBe('–');
    expect(shown(0)).toBe('0');
    expect(shown(268)).toBe('268');
  });
});

describe('moving an entry within its show', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('builds the whole show’s new order for the reorder command', () => {
    expect(movedOrder(ids, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(movedOrder(ids, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
  it('cannot move past either end', () => {
    expect(movedOrder(ids, 0, -1)).toBeNull();
    expect(movedOrder(ids, 3, 1)).toBeNull();
    expect(movedOrder(ids, 7, -1)).toBeNull();
  });
});
