import type { EntryFields } from '@mello/contracts';
import { describe, expect, it } from 'vitest';
import { entryResult, entryView, groupShows, type EntryRow, type LineupYearInfo } from './lineup-views';

const ARTIST_ID = '22222222-2222-4222-8222-222222222222';
const base: EntryFields = {
  year: 2012,
  artistId: ARTIST_ID,
  artist: 'Loreen',
  song: 'Euphoria',
  songwriters: [],
  heat: null,
  runningOrder: null,
  heatPlace: null,
  heatResult: null,
  andraChansen: null,
  finalRunningOrder: null,
  finalPlace: null,
  finalPoints: null,
  juryPoints: null,
  televotePoints: null,
  sources: [],
  verifiedBy: [],
  unconfirmed: [],
  disputed: [],
  notes: null,
};
const fields = (overrides: Partial<EntryFields>): EntryFields => ({ ...base, ...overrides });

describe('entryResult: what became of an entry in the end', () => {
  it.each<[string, Partial<EntryFields>, ReturnType<typeof entryResult>]>([
    ['final place 1 wins, in a year with heats', { heat: 4, heatResult: 'final', finalPlace: 1 }, 'winner'],
    ['final place 1 wins, in a year without heats', { runningOrder: 3, finalPlace: 1 }, 'winner'],
    ['straight to the final from the heat', { heat: 1, heatResult: 'final', finalPlace: 5 }, 'final'],
    ['to the final through Andra chansen', { heat: 2, heatResult: 'andra-chansen', andraChansen: 'final' }, 'final'],
    ['a final running order alone says it was in the final', { heat: 3, finalRunningOrder: 7 }, 'final'],
    ['a year without heats: a running order, place or points in the final', { runningOrder: 2 }, 'final'],
    ['a year without heats: only points known', { finalPoints: 12 }, 'final'],
    ['out in Andra chansen', { heat: 2, heatResult: 'andra-chansen', andraChansen: 'out' }, 'andra-chansen'],
    ['in Andra chansen, its outcome unknown', { heat: 2, heatResult: 'andra-chansen' }, 'andra-chansen'],
    ['out in its heat', { heat: 1, heatResult: 'out', heatPlace: 7 }, 'out'],
    ['a heat entry the data says nothing more of', { heat: 1, runningOrder: 4 }, null],
    ['an internal selection with nothing published (1958)', {}, null],
  ])('%s', (_name, overrides, expected) => {
    expect(entryResult(fields(overrides))).toBe(expected);
  });
});

describe('groupShows: a year’s entries by show, in broadcast order', () => {
  let position = 0;
  const row = (overrides: Partial<EntryFields>): EntryRow => {
    position += 1;
    return { id: `id-${overrides.song ?? position}`, position: String(position).padStart(8, '0'), fields: fields(overrides) };
  };
  const view = (entry: EntryRow) => entryView(entry, new Map(), new Map());
  const summary = (info: LineupYearInfo | null, rows: EntryRow[]) =>
    groupShows(info, rows, view).map((show) => ({
      key: show.key,
      kind: show.kind,
      name: show.name,
      description: show.description,
      songs: show.entries.map((e) => e.song),
    }));

  const info2012: LineupYearInfo = {
    year: 2012,
    format: null,
    shows: ['Deltävling 1 (Växjö)', 'Andra chansen (Nyköping, 3 mars 2012)', 'Final (Globen, Stockholm, 10 mars 2012)'],
    gaps: [],
  };

  it('given heats, Andra chansen and a final, then each show in order, sorted by running order (unknown last, then import order)', () => {
    const rows = [
      row({ song: 'B', heat: 1, runningOrder: 2, heatResult: 'andra-chansen', heatPlace: 3, andraChansen: 'final', finalRunningOrder: 1 }),
      row({ song: 'A', heat: 1, runningOrder: 1, heatResult: 'final', finalRunningOrder: 2, finalPlace: 1 }),
      row({ song: 'C', heat: 1, runningOrder: null, heatResult: 'out' }),
      row({ song: 'D', heat: 2, runningOrder: 1, heatResult: 'andra-chansen', heatPlace: 4, andraChansen: 'out' }),
      row({ song: 'E', heat: 1, runningOrder: 3, heatResult: 'out' }),
    ];
    expect(summary(info2012, rows)).toEqual([
      { key: 'heat-1', kind: 'heat', name: 'Deltävling 1', description: 'Deltävling 1 (Växjö)', songs: ['A', 'B', 'E', 'C'] },
      { key: 'heat-2', kind: 'heat', name: 'Deltävling 2', description: null, songs: ['D'] },
      { key: null, kind: 'second-chance', name: 'Andra chansen', description: 'Andra chansen (Nyköping, 3 mars 2012)', songs: ['B', 'D'] },
      { key: 'final', kind: 'final', name: 'Final', description: 'Final (Globen, Stockholm, 10 mars 2012)', songs: ['B', 'A'] },
    ]);
  });

  it('given a year without heats, then one show, the final, with every entry by running order', () => {
    const rows = [row({ song: 'Två', runningOrder: 2 }), row({ song: 'Ett', runningOrder: 1 }), row({ song: 'Okänd' })];
    expect(summary({ year: 1974, format: null, shows: ['Final (TV-huset Studio 1, Stockholm, 9 February 1974)'], gaps: [] }, rows)).toEqual([
      { key: 'final', kind: 'final', name: 'Final', description: 'Final (TV-huset Studio 1, Stockholm, 9 February 1974)', songs: ['Ett', 'Två', 'Okänd'] },
    ]);
  });

  it('given a final whose running order is unknown (1999), then its entries by final place (unknown last), then import order', () => {
    const rows = [
      row({ song: 'Tusen och en natt', runningOrder: 1, finalPlace: 1 }),
      row({ song: 'Det svär jag på', finalPlace: 3 }),
      row({ song: 'Bilder av dig' }),
      row({ song: 'Stjärna på himlen', finalPlace: 2 }),
      row({ song: 'Natten är min vän' }),
      row({ song: 'Välkommen hem', finalPlace: 10 }),
      row({ song: 'Som av is', finalPlace: 5 }),
    ];
    expect(summary({ year: 1999, format: null, shows: [], gaps: [] }, rows)[0]!.songs).toEqual([
      'Tusen och en natt',
      'Stjärna på himlen',
      'Det svär jag på',
      'Som av is',
      'Välkommen hem',
      'Bilder av dig',
      'Natten är min vän',
    ]);
  });

  it('given Andra chansen, then its entries by heat, then by place in the heat (unknown last), then import order', () => {
    const rows = [
      row({ song: 'Youngblood', heat: 3, runningOrder: 1, heatPlace: 4, heatResult: 'andra-chansen', andraChansen: 'out' }),
      row({ song: 'Lovelight', heat: 3, runningOrder: 6, heatPlace: 3, heatResult: 'andra-chansen', andraChansen: 'out' }),
      row({ song: 'Okänd plats', heat: 1, runningOrder: 2, heatResult: 'andra-chansen' }),
      row({ song: 'Baby Doll', heat: 1, runningOrder: 5, heatPlace: 3, heatResult: 'andra-chansen', andraChansen: 'final' }),
    ];
    expect(summary(info2012, rows).find((show) => show.kind === 'second-chance')!.songs).toEqual(['Baby Doll', 'Okänd plats', 'Lovelight', 'Youngblood']);
  });

  it("given the early years' one semi-final, then it is 'Semifinal' with the data's line", () => {
    const rows = [row({ song: 'S', year: 1960, heat: 1, runningOrder: 1, heatResult: 'final', finalRunningOrder: 1 })];
    const shows = summary({ year: 1960, format: null, shows: ['Semi-final (28 December 1959)', 'Final (Cirkus, Stockholm, 2 February 1960)'], gaps: [] }, rows);
    expect(shows.map((show) => [show.name, show.description])).toEqual([
      ['Semifinal', 'Semi-final (28 December 1959)'],
      ['Final', 'Final (Cirkus, Stockholm, 2 February 1960)'],
    ]);
  });

  it("given the second-chance show under its year's name (Finalkval in a heat's line), then that name", () => {
    const rows = [row({ song: 'F', year: 2024, heat: 2, heatResult: 'andra-chansen', andraChansen: 'out' })];
    const shows = summary(
      { year: 2024, format: null, shows: ['Deltävling 5 + Finalkval (Karlstad, 2 mars 2024)', 'Final (Friends Arena, Solna, 9 mars 2024)'], gaps: [] },
      rows,
    );
    expect(shows.find((show) => show.kind === 'second-chance')).toMatchObject({
      name: 'Finalkval',
      description: 'Deltävling 5 + Finalkval (Karlstad, 2 mars 2024)',
    });
  });

  it('matches heat 1’s line to heat 1 only, not heat 10', () => {
    const rows = [row({ song: 'Tio', heat: 10, runningOrder: 1 })];
    expect(summary({ ...info2012, shows: ['Deltävling 1 (Växjö)'] }, rows)[0]).toMatchObject({ name: 'Deltävling 10', description: null });
  });

  it('given a year with heats the import knows nothing of (added by the admin), then its heats are still Deltävling N', () => {
    const rows = [row({ song: 'Ny', year: 2026, heat: 1, runningOrder: 1 })];
    expect(summary(null, rows).map((show) => show.name)).toEqual(['Deltävling 1']);
    const early = [row({ song: 'Gammal', year: 1971, heat: 1, runningOrder: 1 }), row({ song: 'Äldre', year: 1971, heat: 2, runningOrder: 1 })];
    expect(summary(null, early).map((show) => show.name)).toEqual(['Semifinal 1', 'Semifinal 2']);
  });

  it('given no entries, then no shows', () => {
    expect(summary(info2012, [])).toEqual([]);
  });
});
