import { describe, expect, it } from 'vitest';
import { artistPath, entryPath, songwriterPath } from '@mello/contracts';
import { careerLabel, entryResultLabel } from './lineup-hits';

describe('lineup hit links', () => {
  it('opens an entry at its place in the year’s lineup, acts and songwriters at their pages', () => {
    expect(entryPath({ id: 'e-1', year: 2012 })).toBe('/year/2012#entry-e-1');
    expect(artistPath('carola-haggkvist')).toBe('/artist/carola-haggkvist');
    expect(songwriterPath('thomas-g-son')).toBe('/songwriter/thomas-g-son');
    expect(artistPath('a/b?c')).toBe('/artist/a%2Fb%3Fc');
  });
});

describe('entryResultLabel', () => {
  it('names each result in Swedish, with the final place when known', () => {
    expect(entryResultLabel('winner', 1)).toBe('Vinnare');
    expect(entryResultLabel('final', 3)).toBe('Final, plats 3');
    expect(entryResultLabel('final', null)).toBe('Final');
    expect(entryResultLabel('andra-chansen', null)).toBe('Andra chansen');
    expect(entryResultLabel('out', null)).toBe('Utslagen');
    expect(entryResultLabel(null, null)).toBeNull();
  });
});

describe('careerLabel', () => {
  it('counts entries and spans their years', () => {
    expect(careerLabel(4, 1983, 2006)).toBe('4 bidrag, 1983–2006');
    expect(careerLabel(1, 2012, 2012)).toBe('1 bidrag, 2012');
    expect(careerLabel(0, null, null)).toBe('Inga bidrag');
  });
});
