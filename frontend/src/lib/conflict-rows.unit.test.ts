import { YEAR_FIELD_LABELS } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { conflictRows } from './conflict-rows';

describe('conflictRows', () => {
  it('lists only the differing fields, labelled, in the form order', () => {
    const rows = conflictRows(
      { winner: 'ABBA', song: 'Waterloo', facts: ['a'], isClassic: true },
      { winner: 'Abba', song: 'Waterloo', facts: [], isClassic: false },
      YEAR_FIELD_LABELS,
    );
    expect(rows).toEqual([
      { field: 'winner', label: 'Vinnare', mine: 'ABBA', theirs: 'Abba' },
      { field: 'facts', label: 'Intressanta fakta', mine: 'a', theirs: '—' },
      { field: 'isClassic', label: 'Klassiker', mine: 'Ja', theirs: 'Nej' },
    ]);
  });
});
