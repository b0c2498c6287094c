import type { EntryView, LineupShow } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { knownText } from '../../components/content/Unknown';
import {
  anchoredEntries,
  barPercent,
  disputedValueText,
  disputeOf,
  fieldLabel,
  isSingleFinal,
  knownKeys,
  resultBadge,
  showNumbers,
  showPoints,
  singleSourceFields,
  sourcePath,
  sourceText,
  winsText,
} from './format';

const entry = (fields: Partial<EntryView> = {}): EntryView => ({
  id: 'e1',
  year: 2012,
  artist: 'Loreen',
  song: 'Euphoria',
  artistRef: { id: 'a1', slug: 'loreen', name: 'Loreen' },
  songwriters: [],
  heat: 4,
  runningOrder: 5,
  heatPlace: 1,
  heatResult: 'final',
  andraChansen: null,
  finalRunningOrder: 6,
  finalPlace: 1,
  finalPoints: 268,
  juryPoints: 114,
  televotePoints: 154,
  sources: [],
  verifiedBy: [],
  unconfirmed: [],
  disputed: [],
  notes: null,
  result: 'winner',
  ...fields,
});

describe('unknown values', () => {
  it('reads null, undefined and blank text as unknown, and 0 as a value', () => {
    expect(knownText(null)).toBeNull();
    expect(knownText(undefined)).toBeNull();
    expect(knownText('  ')).toBeNull();
    expect(knownText(0)).toBe('0');
    expect(knownText(' 3= ')).toBe('3=');
  });

  it('writes a disputed value as text, a list joined, and a missing one as unknown', () => {
    expect(disputedValueText(3)).toBe('3');
    expect(disputedValueText('3=')).toBe('3=');
    expect(disputedValueText(['A', 'B'])).toBe('A, B');
    expect(disputedValueText([])).toBeNull();
    expect(disputedValueText(null)).toBeNull();
  });
});

describe('result badge', () => {
  it('labels each result in Swedish, the winner in gold', () => {
    expect(resultBadge('winner')).toEqual({ label: 'Vinnare', palette: 'gold' });
    expect(resultBadge('final')?.label).toBe('Final');
    expect(resultBadge('andra-chansen')?.label).toBe('Andra chansen');
    expect(resultBadge('out')?.label).toBe('Utslagen');
  });

  it('gives no badge when the data does not say', () => {
    expect(resultBadge(null)).toBeNull();
  });
});

describe('show numbers', () => {
  it('a heat shows the heat running order and place', () => {
    expect(showNumbers(entry(), 'heat')).toEqual({ runningOrder: { value: 5, field: 'runningOrder' }, place: { value: 1, field: 'heatPlace' } });
  });

  it('the final shows the final running order, and in a year without heats the one running order', () => {
    expect(showNumbers(entry(), 'final').runningOrder).toEqual({ value: 6, field: 'finalRunningOrder' });
    expect(showNumbers(entry({ heat: null, finalRunningOrder: null, runningOrder: 8 }), 'final').runningOrder).toEqual({ value: 8, field: 'runningOrder' });
    // A finalist from a heat whose final running order is unknown stays unknown: never its heat's number.
    expect(showNumbers(entry({ finalRunningOrder: null }), 'final').runningOrder).toEqual({ value: null, field: 'finalRunningOrder' });
  });

  it('a year without heats has one running order under either name: a dispute about it (1961: runningOrder 4 or 2) marks the number shown', () => {
    const disputed = { field: 'runningOrder' as const, values: [4, 2], sources: [], note: null };
    const siw = entry({ heat: null, heatResult: null, runningOrder: 4, finalRunningOrder: 4, disputed: [disputed] });
    expect(showNumbers(siw, 'final').runningOrder).toEqual({ value: 4, field: 'runningOrder' });
    expect(showNumbers(entry({ heat: null, heatResult: null, runningOrder: 4, finalRunningOrder: 4 }), 'final').runningOrder).toEqual({
      value: 4,
      field: 'finalRunningOrder',
    });
  });

  it('the second-chance show has neither', () => {
    expect(showNumbers(entry(), 'second-chance')).toEqual({ runningOrder: null, place: null });
  });

  it('points only in the final; the jury/televote split only when a part is known', () => {
    expect(showPoints(entry(), 'heat')).toBeNull();
    expect(showPoints(entry(), 'final')).toEqual({ total: 268, split: { jury: 114, televote: 154 } });
    expect(showPoints(entry({ juryPoints: null, televotePoints: null }), 'final')).toEqual({ total: 268, split: null });
    expect(showPoints(entry({ juryPoints: 12, televotePoints: null, finalPoints: null }), 'final')).toEqual({
      total: null,
      split: { jury: 12, televote: null },
    });
  });
});

describe('shows and disputes', () => {
  const show = (kind: LineupShow['kind']): LineupShow => ({ key: null, kind, number: null, name: kind, description: null, entries: [] });

  it('a year whose only show is the final is a single-final year', () => {
    expect(isSingleFinal({ shows: [show('final')] })).toBe(true);
    expect(isSingleFinal({ shows: [show('heat'), show('final')] })).toBe(false);
    expect(isSingleFinal({ shows: [] })).toBe(false);
  });

  it('finds the dispute about a field and names the field in Swedish', () => {
    const dispute = { field: 'finalPlace' as const, values: [3, '3='], sources: [{ key: 'del12', description: 'sv.wikipedia' }], note: null };
    expect(disputeOf(entry({ disputed: [dispute] }), 'finalPlace')).toBe(dispute);
    expect(disputeOf(entry({ disputed: [dispute] }), 'finalPoints')).toBeUndefined();
    expect(fieldLabel('finalPlace')).toBe('Placering i finalen');
  });
});

describe('sources', () => {
  const known = new Set(['del12', 'nat12f', 'ef12f', 'sr19f', 'del1']);

  it('names a source with a record by its description, linked to its entry on /kallor', () => {
    expect(sourceText({ key: 'del12', description: 'sv.wikipedia' }, new Set())).toEqual([{ text: 'sv.wikipedia', key: 'del12' }]);
    expect(sourcePath('del12')).toBe('/kallor#del12');
    expect(sourcePath('repo@abc:data/x.json')).toBe('/kallor#repo@abc:data/x.json');
  });

  it('keeps the data’s own words of a source without a record, linking each known key among them', () => {
    expect(sourceText({ key: 'nat12f, ef12f', description: null }, known)).toEqual([
      { text: 'nat12f', key: 'nat12f' },
      { text: ', ', key: null },
      { text: 'ef12f', key: 'ef12f' },
    ]);
    expect(sourceText({ key: 'sr19f (Arvingarna 6th)', description: null }, known)).toEqual([
      { text: 'sr19f', key: 'sr19f' },
      { text: ' (Arvingarna 6th)', key: null },
    ]);
    expect(sourceText({ key: 'escx17f (results table: 56)', description: null }, known)).toEqual([{ text: 'escx17f (results table: 56)', key: null }]);
  });

  it('links a key only as a whole word: never inside a longer key', () => {
    expect(sourceText({ key: 'del10 place 4', description: null }, known)).toEqual([{ text: 'del10 place 4', key: null }]);
    expect(sourceText({ key: 'e10f (and del1.x)', description: null }, known)).toEqual([{ text: 'e10f (and del1.x)', key: null }]);
  });

  it('knows the keys an entry, its confirmations and its disputes cite with a record, and no other', () => {
    const cited = entry({
      sources: [{ key: 'del12', description: 'sv.wikipedia' }],
      verifiedBy: [
        { key: 'nat12f', description: 'natfinals' },
        { key: 'gone', description: null },
      ],
      disputed: [{ field: 'finalPlace', values: [3, '3='], sources: [{ key: 'ef12f', description: 'eurofire' }], note: null }],
    });
    expect([...knownKeys([cited, entry()])].sort()).toEqual(['del12', 'ef12f', 'nat12f']);
  });
});

describe('fields on one source only', () => {
  it('names each field in Swedish and keeps the data’s words about it as its note', () => {
    expect(singleSourceFields(['songwriters', 'heatPlace (SVT only)', 'juryPoints/televotePoints split (totals confirmed by nat12f/ef12f)'])).toEqual([
      { label: 'Låtskrivare', note: null },
      { label: 'Placering i deltävlingen', note: '(SVT only)' },
      { label: 'Jurypoäng / Tittarpoäng', note: 'split (totals confirmed by nat12f/ef12f)' },
    ]);
    expect(singleSourceFields(['andraChansen duel details (see notes)'])).toEqual([{ label: 'Resultat i Andra chansen', note: 'duel details (see notes)' }]);
  });

  it('keeps a line whole when it does not start with fields only, never half translated', () => {
    expect(singleSourceFields(['finalPlace/points (not seen)'])).toEqual([{ label: null, note: 'finalPlace/points (not seen)' }]);
    expect(singleSourceFields(['(all of it, see notes)'])).toEqual([{ label: null, note: '(all of it, see notes)' }]);
  });
});

describe('statistics helpers', () => {
  it('bars are a share of the largest value, a sliver at least, none for 0', () => {
    expect(barPercent(8, 8)).toBe(100);
    expect(barPercent(4, 8)).toBe(50);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(0, 8)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
  });

  it('counts wins in Swedish', () => {
    expect(winsText(1)).toBe('1 seger');
    expect(winsText(3)).toBe('3 segrar');
  });
});

describe('anchoredEntries', () => {
  it('gives each entry its anchor in the first show it is listed in, once in the page', () => {
    const show = (...ids: string[]) => ({ entries: ids.map((id) => ({ id })) as unknown as EntryView[] });
    const anchors = anchoredEntries([show('a', 'b'), show('c'), show('b', 'c', 'd')]);
    expect(anchors.map((set) => [...set])).toEqual([['a', 'b'], ['c'], ['d']]);
  });
});
