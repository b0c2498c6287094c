import { EntryCreateInputSchema, nameSlug, songwriterCredit, type ArtistFields, type EntryFields, type SourceFields } from '@mello/contracts';
import { uuidFromName } from '../shared/uuid';

/** The shape of data/lineups.json (lineups.md beside the shared original). */
export type LineupsData = {
  sourceKeys: Record<string, string>;
  years: Array<{ year: number; format?: string | null; shows?: string[]; entries: Array<Record<string, unknown>> }>;
  gaps: string[];
  noContest: Array<{ year: number; why: string }>;
};

export type LineupsContent = {
  sources: Array<{ id: string; fields: SourceFields }>;
  artists: Array<{ id: string; fields: ArtistFields }>;
  entries: Array<{ id: string; fields: EntryFields }>;
  years: Array<{ year: number; format: string | null; shows: string[]; gaps: string[] }>;
  noContest: Array<{ year: number; why: string }>;
  generalGaps: string[];
};

/**
 * The years a gap line is about: those named before its first colon ('1960 semi-final: …', '1960-1963: …',
 * 'OPEN 1966/1971/1972/1997: …', 'DISAGREEMENT 2010 final: …'), ranges included. A line naming none is about
 * the whole data set ('All years: …', 'General: …').
 */
export function gapYears(line: string): number[] {
  const head = line.split(':')[0]!.slice(0, 60);
  const years = new Set<number>();
  for (const match of head.matchAll(/\b(19[5-9]\d|20\d\d)(?:\s*[-–]\s*(\d{2,4}))?\b/g)) {
    const from = Number(match[1]);
    const toText = match[2];
    const to = toText === undefined ? from : toText.length === 2 ? Number(String(from).slice(0, 2) + toText) : Number(toText);
    for (let year = from; year <= Math.min(to, from + 100); year += 1) years.add(year);
  }
  return [...years];
}

/** Alternative spellings of an act the data states outright: "spells the artist 'X'", or a duet written 'A & B'. */
function spellingAliases(artist: string, notes: string | null): string[] {
  if (!notes) return [];
  const found: string[] = [];
  for (const match of notes.matchAll(/spells? the artist '([^']+)'/g)) found.push(match[1]!);
  for (const match of notes.matchAll(/writes '([^']+)'/g)) if (nameSlug(match[1]!) === nameSlug(artist)) found.push(match[1]!);
  return found.filter((alias) => alias !== artist);
}

/**
 * The data file as documents with deterministic ids: one source per key, one artist per act, one entry per
 * row. An act is its name's slug (so case and accents do not split it); two slugs are one act where the data
 * says so — an act billed by a first name that co-wrote the entry under the full name of an act of other years
 * ('Carola' writing as 'Carola Häggkvist'). The act is named as first billed; the other billings, the values a
 * dispute on `artist` gives, and the spellings a note states are its aliases (never another act's name).
 */
export function lineupsContent(data: LineupsData): LineupsContent {
  const sources = Object.entries(data.sourceKeys).map(([key, description]) => ({ id: uuidFromName(`source:${key}`), fields: { key, description } }));

  const rows = data.years.flatMap((year) => year.entries.map((entry) => ({ year: year.year, entry })));
  const slugOf = (row: (typeof rows)[number]) => nameSlug(String(row.entry.artist));
  const actSlugs = new Set(rows.map(slugOf));
  // Union-find over slugs: the act a slug belongs to.
  const parent = new Map<string, string>();
  const find = (slug: string): string => {
    const up = parent.get(slug);
    return up === undefined || up === slug ? slug : find(up);
  };
  const firstSeen = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!firstSeen.has(slugOf(row))) firstSeen.set(slugOf(row), index);
  });
  const union = (a: string, b: string) => {
    const [x, y] = [find(a), find(b)];
    if (x === y) return;
    // The act keeps the slug it was first billed under.
    if (firstSeen.get(x)! <= firstSeen.get(y)!) parent.set(y, x);
    else parent.set(x, y);
  };
  for (const row of rows) {
    const slug = slugOf(row);
    for (const credit of (row.entry.songwriters as string[]).map(songwriterCredit)) {
      if (credit.slug.startsWith(`${slug}-`) && actSlugs.has(credit.slug)) union(slug, credit.slug);
    }
  }

  const acts = new Map<string, { name: string; names: Set<string>; aliases: Set<string> }>();
  for (const row of rows) {
    const act = find(slugOf(row));
    const name = String(row.entry.artist);
    const record = acts.get(act) ?? { name, names: new Set<string>(), aliases: new Set<string>() };
    record.names.add(name);
    for (const dispute of row.entry.disputed as Array<{ field: string; values: unknown[] }>) {
      if (dispute.field === 'artist') for (const value of dispute.values) if (typeof value === 'string') record.aliases.add(value);
    }
    for (const alias of spellingAliases(name, row.entry.notes as string | null)) record.aliases.add(alias);
    acts.set(act, record);
  }
  const artists = [...acts].map(([slug, act]) => {
    const aliases = [...new Set([...act.names, ...act.aliases])].filter((alias) => {
      if (alias === act.name) return false;
      const other = actSlugs.has(nameSlug(alias)) ? find(nameSlug(alias)) : slug;
      return other === slug;
    });
    return { id: uuidFromName(`artist:${slug}`), fields: { name: act.name, slug, aliases } };
  });

  const entries = rows.map((row) => {
    const { artist, song } = row.entry as { artist: string; song: string };
    const input = EntryCreateInputSchema.parse({ ...row.entry, year: row.year, artistId: uuidFromName(`artist:${find(slugOf(row))}`) });
    return { id: uuidFromName(`entry:${row.year}:${artist}:${song}`), fields: { ...input, artist } as EntryFields };
  });

  const years = data.years.map((year) => ({
    year: year.year,
    format: year.format ?? null,
    shows: year.shows ?? [],
    gaps: data.gaps.filter((line) => gapYears(line).includes(year.year)),
  }));
  return { sources, artists, entries, years, noContest: data.noContest, generalGaps: data.gaps.filter((line) => gapYears(line).length === 0) };
}
