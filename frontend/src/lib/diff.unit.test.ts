import { describe, expect, it } from 'vitest';
import { compactSegments, describeChange, formatValue, listDiff, wordDiff } from './diff';

describe('formatValue', () => {
  it('shows nothing as a dash, flags as Ja/Nej and instants in Swedish', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue([])).toBe('—');
    expect(formatValue(true)).toBe('Ja');
    expect(formatValue(false)).toBe('Nej');
    expect(formatValue(2012)).toBe('2012');
    expect(formatValue('9 februari 1974')).toBe('9 februari 1974');
    expect(formatValue('2024-03-09T19:00:00.000Z')).toBe('9 mars 2024 20:00');
    expect(formatValue(['a', 'b'])).toBe('a; b');
    // PostgreSQL's own timestamptz text (the status endpoint's updatedAt).
    expect(formatValue('2024-03-09 19:00:00.865382+00')).toBe('9 mars 2024 20:00');
    expect(formatValue('2024-03-09T19:00:00+01:00')).toBe('9 mars 2024 19:00');
    expect(formatValue('2024-13-45T99:00')).toBe('2024-13-45T99:00');
  });
});

describe('listDiff', () => {
  it('names the removed and added entries and counts the rest', () => {
    expect(listDiff(['a', 'b', 'c'], ['a', 'c', 'd'])).toEqual({ added: ['d'], removed: ['b'], unchanged: 2 });
    expect(listDiff(['x', 'x'], ['x'])).toEqual({ added: [], removed: ['x'], unchanged: 1 });
  });
});

describe('wordDiff', () => {
  it('marks a replaced word between unchanged text', () => {
    expect(wordDiff('Loreen vann med Euphoria', 'Loreen vann stort med Euphoria')).toEqual([
      { op: 'same', text: 'Loreen vann ' },
      { op: 'added', text: 'stort ' },
      { op: 'same', text: 'med Euphoria' },
    ]);
    expect(wordDiff('en blå dag', 'en röd dag')).toEqual([
      { op: 'same', text: 'en ' },
      { op: 'removed', text: 'blå' },
      { op: 'added', text: 'röd' },
      { op: 'same', text: ' dag' },
    ]);
  });

  it('rebuilds both texts from its segments', () => {
    const before = 'Första stycket.\n\nAndra stycket med fler ord än så.\nSlut.';
    const after = 'Första stycket, nu ändrat.\n\nAndra stycket med ord.\nSlut och klart.';
    const segments = wordDiff(before, after);
    expect(
      segments
        .filter((s) => s.op !== 'added')
        .map((s) => s.text)
        .join(''),
    ).toBe(before);
    expect(
      segments
        .filter((s) => s.op !== 'removed')
        .map((s) => s.text)
        .join(''),
    ).toBe(after);
  });
});

describe('compactSegments', () => {
  it('keeps only some context around an edit in long unchanged text', () => {
    const long = 'x'.repeat(100);
    const compact = compactSegments(
      [
        { op: 'same', text: long },
        { op: 'added', text: 'NY' },
        { op: 'same', text: long },
        { op: 'removed', text: 'GAMMAL' },
        { op: 'same', text: long },
      ],
      10,
    );
    expect(compact.map((s) => s.text)).toEqual([`…${'x'.repeat(10)}`, 'NY', `${'x'.repeat(10)} … ${'x'.repeat(10)}`, 'GAMMAL', `${'x'.repeat(10)}…`]);
  });
});

describe('describeChange', () => {
  it('shows short values side by side', () => {
    expect(describeChange({ field: 'isClassic', before: false, after: true })).toEqual({ type: 'value', before: 'Nej', after: 'Ja' });
    expect(describeChange({ field: 'imageUrl', before: null, after: 'https://a.se/b.jpg' })).toEqual({
      type: 'value',
      before: '—',
      after: 'https://a.se/b.jpg',
    });
  });

  it('shows lists as added and removed entries', () => {
    expect(describeChange({ field: 'facts', before: ['a'], after: ['a', 'b'] })).toEqual({ type: 'list', added: ['b'], removed: [], unchanged: 1 });
    expect(describeChange({ field: 'facts', before: null, after: ['b'] })).toEqual({ type: 'list', added: ['b'], removed: [], unchanged: 0 });
  });

  it('shows long texts as a compact word diff, keeping both full texts for “visa hela”', () => {
    const before = `${'Inledning '.repeat(20)}gammalt slut.`;
    const after = `${'Inledning '.repeat(20)}nytt slut.`;
    const view = describeChange({ field: 'description', before, after });
    expect(view.type).toBe('text');
    if (view.type !== 'text') return;
    expect(view.before).toBe(before);
    expect(view.after).toBe(after);
    expect(view.segments[0]).toEqual({ op: 'same', text: `…${before.slice(0, 200).slice(-40)}` });
    expect(view.segments.slice(1)).toEqual([
      { op: 'removed', text: 'gammalt' },
      { op: 'added', text: 'nytt' },
      { op: 'same', text: ' slut.' },
    ]);
  });
});
