import {
  songwriterCredit,
  type ArtistEntry,
  type ArtistFields,
  type ArtistRef,
  type EntryFields,
  type EntryResult,
  type EntryView,
  type ExportEntry,
  type LineupShow,
  type SourceRef,
  type YearLineup,
} from '@mello/contracts';

/**
 * Pure builders of the lineup, artist and export views from read-model rows (queries in lineup-queries.ts), so
 * the rules — the result badge, how a year's entries group into shows — are held once and unit-tested.
 */

export type EntryRow = { id: string; position: string; fields: EntryFields };
export type ArtistRow = { id: string; fields: ArtistFields };
export type LineupYearInfo = { year: number; format: string | null; shows: string[]; gaps: string[] };

/**
 * What became of an entry in the end. Winner: final place 1. Final: it was in the final (a year without heats
 * had only the final). Andra chansen: it went there and no further. Out: out in its heat. null when the data
 * does not say (the 1958 internal selection, a disqualified song).
 */
export function entryResult(fields: EntryFields): EntryResult | null {
  if (fields.finalPlace === 1) return 'winner';
  const inFinal =
    fields.heatResult === 'final' ||
    fields.andraChansen === 'final' ||
    fields.finalRunningOrder !== null ||
    (fields.heat === null && (fields.runningOrder !== null || fields.finalPlace !== null || fields.finalPoints !== null));
  if (inFinal) return 'final';
  if (fields.heatResult === 'andra-chansen') return 'andra-chansen';
  if (fields.heatResult === 'out') return 'out';
  return null;
}

export const sourceRefs = (keys: readonly string[], descriptions: ReadonlyMap<string, string>): SourceRef[] =>
  keys.map((key) => ({ key, description: descriptions.get(key) ?? null }));

const unknownArtist = (id: string): ArtistRef => ({ id, slug: '', name: '' });

export function entryView(row: EntryRow, artists: ReadonlyMap<string, ArtistRow>, sources: ReadonlyMap<string, string>): EntryView {
  const { artistId, songwriters, sources: keys, verifiedBy, disputed, ...rest } = row.fields;
  const artist = artists.get(artistId);
  return {
    id: row.id,
    ...rest,
    artistRef: artist ? { id: artist.id, slug: artist.fields.slug, name: artist.fields.name } : unknownArtist(artistId),
    songwriters: songwriters.map(songwriterCredit),
    sources: sourceRefs(keys, sources),
    verifiedBy: sourceRefs(verifiedBy, sources),
    disputed: disputed.map((dispute) => ({ ...dispute, sources: sourceRefs(dispute.sources, sources) })),
    result: entryResult(row.fields),
  };
}

/** Heats have been 'Deltävling N' since 2002; before, the few years with heats called them semi-finals. */
const FIRST_DELTAVLING_YEAR = 2002;

const SECOND_CHANCE = /(Andra chansen|Vinnarnas val|Tittarnas val|Finalkval|Semifinal)/;

/** By a number, nulls last (equal numbers tie: a later comparator, at last byPosition, decides). */
const byNumber = (pick: (fields: EntryFields) => number | null) => (a: EntryRow, b: EntryRow) => {
  const x = pick(a.fields);
  const y = pick(b.fields);
  if (x === y) return 0;
  return x === null ? 1 : y === null ? -1 : x - y;
};
/** The import's order (log position): the last word on the order of entries no number tells apart. */
const byPosition = (a: EntryRow, b: EntryRow) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0);
const then =
  <T>(...comparators: Array<(a: T, b: T) => number>) =>
  (a: T, b: T) => {
    for (const comparator of comparators) {
      const order = comparator(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };

/**
 * A year's entries by show, in the order they were broadcast: its heats (Deltävling 1…N, or the early years'
 * semi-finals), the second-chance show (Andra chansen, also 'Vinnarnas val', 'Tittarnas val', the 2022-23
 * 'Semifinal' and the 2024-25 'Finalkval' as the year's shows name it), then the final. A year without heats
 * has one show, the final, with every entry. Names and descriptions come from the year's `shows` lines.
 * Each show by running order (unknown last); then the final by final place and the second-chance show by heat and
 * place in the heat (unknown last); the import's order decides only what no number does (1999's final, whose
 * running orders are unknown, reads 1, 2, 3 … by place).
 */
export function groupShows(info: LineupYearInfo | null, rows: readonly EntryRow[], view: (row: EntryRow) => EntryView): LineupShow[] {
  const lines = info?.shows ?? [];
  const shows: LineupShow[] = [];
  const heats = [...new Set(rows.map((row) => row.fields.heat).filter((heat): heat is number => heat !== null))].sort((a, b) => a - b);
  // The year from the import's word on it, else from its entries (a year the admin added has no such word).
  const year = info?.year ?? rows[0]?.fields.year ?? 0;
  const deltavling = lines.some((line) => line.startsWith('Deltävling')) || year >= FIRST_DELTAVLING_YEAR;
  for (const heat of heats) {
    const line =
      lines.find((l) => new RegExp(`^(Deltävling|Semi-final)s? ${heat}\\b`).test(l)) ??
      (heats.length === 1 ? lines.find((l) => /^Semi-final\b/.test(l)) : undefined) ??
      null;
    shows.push({
      key: `heat-${heat}`,
      kind: 'heat',
      number: heat,
      name: deltavling ? `Deltävling ${heat}` : heats.length === 1 ? 'Semifinal' : `Semifinal ${heat}`,
      description: line,
      entries: rows
        .filter((row) => row.fields.heat === heat)
        .sort(
          then(
            byNumber((f) => f.runningOrder),
            byPosition,
          ),
        )
        .map(view),
    });
  }
  const secondChance = rows.filter((row) => row.fields.heatResult === 'andra-chansen');
  if (secondChance.length > 0) {
    const line = lines.find((l) => SECOND_CHANCE.test(l)) ?? null;
    shows.push({
      key: null,
      kind: 'second-chance',
      number: null,
      name: line ? SECOND_CHANCE.exec(line)![1]! : 'Andra chansen',
      description: line,
      entries: [...secondChance]
        .sort(
          then(
            byNumber((f) => f.heat),
            byNumber((f) => f.heatPlace),
            byPosition,
          ),
        )
        .map(view),
    });
  }
  const final = rows.filter(
    (row) => row.fields.heat === null || row.fields.finalRunningOrder !== null || row.fields.heatResult === 'final' || row.fields.andraChansen === 'final',
  );
  if (final.length > 0) {
    shows.push({
      key: 'final',
      kind: 'final',
      number: null,
      name: 'Final',
      description: lines.find((l) => /^Final\b/.test(l)) ?? null,
      entries: [...final]
        .sort(
          then(
            byNumber((f) => f.finalRunningOrder ?? (f.heat === null ? f.runningOrder : null)),
            byNumber((f) => f.finalPlace),
            byPosition,
          ),
        )
        .map(view),
    });
  }
  return shows;
}

export function yearLineup(
  year: number,
  info: LineupYearInfo | null,
  rows: readonly EntryRow[],
  artists: ReadonlyMap<string, ArtistRow>,
  sources: ReadonlyMap<string, string>,
): YearLineup {
  return {
    year,
    format: info?.format ?? null,
    shows: groupShows(info, rows, (row) => entryView(row, artists, sources)),
    gaps: info?.gaps ?? [],
    entryCount: rows.length,
  };
}

export const artistEntry = (row: EntryRow): ArtistEntry => ({
  id: row.id,
  year: row.fields.year,
  artist: row.fields.artist,
  song: row.fields.song,
  result: entryResult(row.fields),
  heat: row.fields.heat,
  heatPlace: row.fields.heatPlace,
  finalPlace: row.fields.finalPlace,
  finalPoints: row.fields.finalPoints,
});

/** Entry count, wins and best known final place of a set of entries (an artist's, a songwriter's). */
export function careerOf(rows: readonly EntryRow[]) {
  const places = rows.map((row) => row.fields.finalPlace).filter((place): place is number => place !== null);
  return {
    entryCount: rows.length,
    wins: rows.filter((row) => row.fields.finalPlace === 1).length,
    bestFinalPlace: places.length > 0 ? Math.min(...places) : null,
  };
}

export const byYearThenOrder = (a: EntryRow, b: EntryRow) => a.fields.year - b.fields.year || (a.position < b.position ? -1 : a.position > b.position ? 1 : 0);

export function exportEntry(row: EntryRow, artists: ReadonlyMap<string, ArtistRow>, sources: ReadonlyMap<string, string>): ExportEntry {
  const { artistId, sources: keys, verifiedBy, disputed, ...rest } = row.fields;
  return {
    id: row.id,
    ...rest,
    artistSlug: artists.get(artistId)?.fields.slug ?? '',
    result: entryResult(row.fields),
    sources: sourceRefs(keys, sources),
    verifiedBy: sourceRefs(verifiedBy, sources),
    disputed: disputed.map((dispute) => ({ ...dispute, sources: sourceRefs(dispute.sources, sources) })),
  };
}
