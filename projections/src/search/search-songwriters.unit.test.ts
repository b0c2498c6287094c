import { describe, expect, it } from 'vitest';
import { creditRows } from './search-songwriters';

describe('an entry’s songwriter credits as rows', () => {
  it('keeps credit order, splits a stage name off, and slugs the name as the songwriter pages do', () => {
    expect(creditRows('e1', { year: 2012, finalPlace: 1, songwriters: ['Thomas G:son', 'Nadir Khayat (RedOne)', 'Björn Ulvaeus'] })).toEqual([
      { entry_id: 'e1', n: 0, slug: 'thomas-g-son', name: 'Thomas G:son', alias: null, year: 2012, final_place: 1 },
      { entry_id: 'e1', n: 1, slug: 'nadir-khayat', name: 'Nadir Khayat', alias: 'RedOne', year: 2012, final_place: 1 },
      { entry_id: 'e1', n: 2, slug: 'bjorn-ulvaeus', name: 'Björn Ulvaeus', alias: null, year: 2012, final_place: 1 },
    ]);
  });

  it('leaves out credits without a name and reads missing numbers as unknown', () => {
    expect(creditRows('e1', { year: 1958, songwriters: ['', '  ', '!!', 'Åke Gerhard'] })).toEqual([
      { entry_id: 'e1', n: 3, slug: 'ake-gerhard', name: 'Åke Gerhard', alias: null, year: 1958, final_place: null },
    ]);
    expect(creditRows('e1', {})).toEqual([]);
  });
});
