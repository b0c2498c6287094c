import type { EntryResult } from '@mello/contracts';

/**
 * Labels of the entry, artist and songwriter hits (the Bidrag, Artister and Låtskrivare sections). Their links
 * (entryPath: the year's lineup at the entry, artistPath, songwriterPath) are the contracts' own.
 */

/** What became of an entry: 'Vinnare', 'Final, plats 3', 'Final', 'Andra chansen', 'Utslagen'; null when unknown. */
export function entryResultLabel(result: EntryResult | null, finalPlace: number | null): string | null {
  switch (result) {
    case 'winner':
      return 'Vinnare';
    case 'final':
      return finalPlace === null ? 'Final' : `Final, plats ${finalPlace}`;
    case 'andra-chansen':
      return 'Andra chansen';
    case 'out':
      return 'Utslagen';
    default:
      return null;
  }
}

/** An act's or songwriter's entries in a line: '4 bidrag, 1983–2006', '1 bidrag, 2012', 'Inga bidrag'. */
export function careerLabel(entryCount: number, firstYear: number | null, lastYear: number | null): string {
  if (entryCount === 0 || firstYear === null) return 'Inga bidrag';
  const years = lastYear === null || lastYear === firstYear ? `${firstYear}` : `${firstYear}–${lastYear}`;
  return `${entryCount} bidrag, ${years}`;
}
