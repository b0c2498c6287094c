import {
  ENTRY_FIELD_LABELS,
  type DisputeView,
  type EntryField,
  type EntryResult,
  type EntryView,
  type LineupShow,
  type SourceRef,
  type YearLineup,
} from '@mello/contracts';
import { knownText } from '../../components/content/Unknown';

/**
 * Pure rules of the lineup screens: which badge a result gets, which of an entry's numbers a show's table shows.
 * An unknown value reads as components/content/Unknown says (null is shown as unknown, never as 0 or an empty cell).
 */

export type ResultBadge = { label: string; palette: 'gold' | 'brand' | 'purple' | 'gray' };

/** The badge of an entry's result; null when the data does not say (the page then shows the unknown mark). */
export function resultBadge(result: EntryResult | null): ResultBadge | null {
  switch (result) {
    case 'winner':
      return { label: 'Vinnare', palette: 'gold' };
    case 'final':
      return { label: 'Final', palette: 'brand' };
    case 'andra-chansen':
      return { label: 'Andra chansen', palette: 'purple' };
    case 'out':
      return { label: 'Utslagen', palette: 'gray' };
    default:
      return null;
  }
}

/** A year with no heats: its one show is the final, shown as one table without a show heading. */
/**
 * The entries each show anchors (`id="entry-{id}"`, the target of /year/{y}#entry-{id}): an entry sung in a heat
 * and again in the final is listed twice, and an id may stand only once in the page, so its first show has it.
 */
export function anchoredEntries(shows: readonly Pick<LineupShow, 'entries'>[]): Array<ReadonlySet<string>> {
  const seen = new Set<string>();
  return shows.map((show) => {
    const mine = new Set(show.entries.map((entry) => entry.id).filter((id) => !seen.has(id)));
    for (const id of mine) seen.add(id);
    return mine;
  });
}

export const isSingleFinal = (lineup: Pick<YearLineup, 'shows'>) => lineup.shows.length === 1 && lineup.shows[0]!.kind === 'final';

/** A number cell of a show: its value and the entry field it comes from (so a dispute about it can be found). */
export type ShowNumber = { value: number | null; field: EntryField };

/**
 * The running order and place an entry has in a show. Heats: the heat's. The final: the final's; in a year
 * without heats the one running order is the final's. The second-chance show: the data holds neither.
 */
export function showNumbers(entry: EntryView, kind: LineupShow['kind']): { runningOrder: ShowNumber | null; place: ShowNumber | null } {
  if (kind === 'heat') return { runningOrder: { value: entry.runningOrder, field: 'runningOrder' }, place: { value: entry.heatPlace, field: 'heatPlace' } };
  if (kind === 'final') {
    // A year without heats has one running order, the final's, under either name: a dispute about either marks it.
    const ownOrder = entry.heat === null && (entry.finalRunningOrder === null || (disputeOf(entry, 'runningOrder') && !disputeOf(entry, 'finalRunningOrder')));
    return {
      runningOrder: ownOrder
        ? { value: entry.finalRunningOrder ?? entry.runningOrder, field: 'runningOrder' }
        : { value: entry.finalRunningOrder, field: 'finalRunningOrder' },
      place: { value: entry.finalPlace, field: 'finalPlace' },
    };
  }
  return { runningOrder: null, place: null };
}

/** Points are only published for the final here; a jury/televote split is shown when either part is known. */
export function showPoints(
  entry: EntryView,
  kind: LineupShow['kind'],
): { total: number | null; split: { jury: number | null; televote: number | null } | null } | null {
  if (kind !== 'final') return null;
  const split = entry.juryPoints !== null || entry.televotePoints !== null ? { jury: entry.juryPoints, televote: entry.televotePoints } : null;
  return { total: entry.finalPoints, split };
}

/** The entry's dispute about a field, if the sources disagree on it. */
export const disputeOf = (entry: Pick<EntryView, 'disputed'>, field: EntryField): DisputeView | undefined =>
  entry.disputed.find((dispute) => dispute.field === field);

/** The Swedish name of an entry field ('finalPoints' → 'Poäng i finalen'). */
export const fieldLabel = (field: EntryField): string => ENTRY_FIELD_LABELS[field] ?? field;

/** One value a dispute lists, as text; null for "this source has no value" (shown as unknown). */
export function disputedValueText(value: unknown): string | null {
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(', ');
  if (typeof value === 'string' || typeof value === 'number') return knownText(value);
  return null;
}

/**
 * /kallor's entry for a source key: its anchor there is the key itself. A key's characters (a–z, 0–9 and
 * . _ : @ / + -, lineups.ts) all stand as they are in an address's fragment, so nothing is escaped.
 */
export const sourcePath = (key: string) => `/kallor#${key}`;

/** A piece of a source as a reader sees it: text, or a source the archive knows (`key`, linked to its entry on /kallor). */
export type SourcePart = { text: string; key: string | null };

/** The words in a source string that can be keys ('nat12f', 'repo@commit:path'), without the punctuation around them. */
const KEY_WORD = /[A-Za-z0-9]+(?:[._:@/+-][A-Za-z0-9]+)*/g;

/**
 * A source as a reader sees it. One the archive has a record of: its description, linked. Otherwise the data's
 * own words ('nat12f, ef12f', 'sr19f (Arvingarna 6th)', a dispute's source): each whole word that is a known key
 * linked, the rest kept as text ('del1' is not linked inside 'del10').
 */
export function sourceText(source: SourceRef, known: ReadonlySet<string>): SourcePart[] {
  if (source.description !== null) return [{ text: source.description, key: source.key }];
  const parts: SourcePart[] = [];
  let at = 0;
  const text = (end: number) => {
    if (end > at) parts.push({ text: source.key.slice(at, end), key: null });
  };
  for (const match of source.key.matchAll(KEY_WORD)) {
    if (!known.has(match[0])) continue;
    text(match.index);
    parts.push({ text: match[0], key: match[0] });
    at = match.index + match[0].length;
  }
  text(source.key.length);
  return parts;
}

/**
 * The source keys `entries` cite that the archive has a record of (a description), so /kallor lists them: the
 * words of a dispute's source string ('nat12f, ef12f') that can be linked.
 */
export function knownKeys(entries: Iterable<Pick<EntryView, 'sources' | 'verifiedBy' | 'disputed'>>): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    for (const ref of [...entry.sources, ...entry.verifiedBy, ...entry.disputed.flatMap((dispute) => dispute.sources)]) {
      if (ref.description !== null) keys.add(ref.key);
    }
  }
  return keys;
}

/** One line of an entry's `unconfirmed`: the fields by their Swedish labels, and the data's own words (English) about it. */
export type SingleSourceField = { label: string | null; note: string | null };

/** Field names at the start of a line ('heatPlace', 'juryPoints/televotePoints'), then the rest of it. */
const FIELD_NAMES = /^([A-Za-z]+(?:\/[A-Za-z]+)*)(.*)$/s;

/**
 * The fields that rest on one source only ('songwriters' → 'Låtskrivare'). A line that starts with field names
 * ('heatPlace (SVT only)', 'juryPoints/televotePoints split (…)') gets their labels and keeps the rest as the data's
 * note; a line whose names are not all fields ('finalPlace/points (not seen)') is kept whole as the note, never
 * half translated.
 */
export function singleSourceFields(unconfirmed: readonly string[]): SingleSourceField[] {
  return unconfirmed.map((line) => {
    const [, names = '', rest = ''] = FIELD_NAMES.exec(line.trim()) ?? [];
    const fields = names.split('/');
    if (!names || !fields.every(isEntryField)) return { label: null, note: line.trim() || null };
    return { label: fields.map(fieldLabel).join(' / '), note: rest.trim() || null };
  });
}

const isEntryField = (name: string): name is EntryField => Object.hasOwn(ENTRY_FIELD_LABELS, name);

/** Width of a bar in a bar list, in percent of the largest value (at least a sliver for any non-zero value). */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 1000) / 10);
}

/** '1 bidrag', '3 bidrag'; 'seger'/'segrar' for wins. */
export const winsText = (wins: number) => `${wins} ${wins === 1 ? 'seger' : 'segrar'}`;

/** Whether an entry played in the final (so its final place and points apply). */
export const reachedFinal = (result: EntryResult | null) => result === 'winner' || result === 'final';
