import {
  entryApi,
  HEAT_RESULTS,
  SECOND_CHANCE_RESULTS,
  type EntryView,
  type HeatResult,
  type LineupShow,
  type SavedEntry,
  type SecondChanceResult,
} from '@mello/contracts';
import { checkBody } from '../../../lib/form-validation';
import { joinLines, splitLines } from '../form-values';

/**
 * The admin's entry form (docs/content.md, "Editing a lineup"): inputs hold text, the API body holds what
 * the entry calls' contracts (`entryApi.create`, `entryApi.update`) expect. An empty number field is null (unknown), never 0. Pure, so unit tested.
 */

export const NUMBER_FIELDS = [
  'year',
  'heat',
  'runningOrder',
  'heatPlace',
  'finalRunningOrder',
  'finalPlace',
  'finalPoints',
  'juryPoints',
  'televotePoints',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export type EntryFormValues = Record<NumberField, string> & {
  artistId: string;
  /** The act's current name, shown by the picker (not sent). */
  artistName: string;
  /** The name as billed that year; empty on a new entry means the act's name. */
  artist: string;
  song: string;
  /** One per line (names may hold commas), as sources, verifiedBy and unconfirmed. */
  songwriters: string;
  heatResult: HeatResult | '';
  andraChansen: SecondChanceResult | '';
  sources: string;
  verifiedBy: string;
  unconfirmed: string;
  /** The disputes as JSON: a list of { field, values, sources, note }. */
  disputed: string;
  notes: string;
};

export const HEAT_RESULT_LABELS: Record<HeatResult, string> = { final: 'Till finalen', 'andra-chansen': 'Till Andra chansen', out: 'Utslagen' };
export const SECOND_CHANCE_RESULT_LABELS: Record<SecondChanceResult, string> = { final: 'Till finalen', out: 'Utslagen' };
export { HEAT_RESULTS, SECOND_CHANCE_RESULTS };

const numberText = (value: number | null) => (value === null ? '' : String(value));

/**
 * The edit form of an entry as it is stored (GET /api/entries/{id}, read with the revision the form saves against):
 * songwriters as credited (a stage name in parentheses kept), source keys as cited. `artistName` is what the picker
 * shows for the act (its current name).
 */
export function entryValuesOf(entry: SavedEntry, artistName: string): EntryFormValues {
  return {
    year: String(entry.year),
    artistId: entry.artistId,
    artistName,
    artist: entry.artist,
    song: entry.song,
    songwriters: joinLines(entry.songwriters),
    heat: numberText(entry.heat),
    runningOrder: numberText(entry.runningOrder),
    heatPlace: numberText(entry.heatPlace),
    heatResult: entry.heatResult ?? '',
    andraChansen: entry.andraChansen ?? '',
    finalRunningOrder: numberText(entry.finalRunningOrder),
    finalPlace: numberText(entry.finalPlace),
    finalPoints: numberText(entry.finalPoints),
    juryPoints: numberText(entry.juryPoints),
    televotePoints: numberText(entry.televotePoints),
    sources: joinLines(entry.sources),
    verifiedBy: joinLines(entry.verifiedBy),
    unconfirmed: joinLines(entry.unconfirmed),
    // In the schema's key order (the stored document's keys come in PostgreSQL's jsonb order).
    disputed:
      entry.disputed.length === 0
        ? ''
        : JSON.stringify(
            entry.disputed.map(({ field, values, sources, note }) => ({ field, values, sources, note })),
            null,
            2,
          ),
    notes: entry.notes ?? '',
  };
}

/** The running order a show's entry has there: the final's own order, or the entry's first (its heat, or a year without heats). */
export function orderInShow(show: Pick<LineupShow, 'kind'>, entry: Pick<EntryView, 'heat' | 'runningOrder' | 'finalRunningOrder'>): number | null {
  if (show.kind !== 'final') return entry.runningOrder;
  return entry.finalRunningOrder ?? (entry.heat === null ? entry.runningOrder : null);
}

/** The next running order of a show: one after its highest. */
export function nextOrder(show: Pick<LineupShow, 'kind' | 'entries'>): number {
  return Math.max(0, ...show.entries.map((entry) => orderInShow(show, entry) ?? 0)) + 1;
}

const emptyValues = (year: number): EntryFormValues => ({
  year: String(year),
  artistId: '',
  artistName: '',
  artist: '',
  song: '',
  songwriters: '',
  heat: '',
  runningOrder: '',
  heatPlace: '',
  heatResult: '',
  andraChansen: '',
  finalRunningOrder: '',
  finalPlace: '',
  finalPoints: '',
  juryPoints: '',
  televotePoints: '',
  sources: '',
  verifiedBy: '',
  unconfirmed: '',
  disputed: '',
  notes: '',
});

/**
 * A new entry of a show: in a heat, that heat and the next running order; in the final of a year with heats, the
 * final's next order (the entry went there from a heat the admin fills in); in a year without heats, the entry's
 * order (the final is its only show). `yearHasHeats` tells the two finals apart.
 */
export function newEntryValues(year: number, show: Pick<LineupShow, 'kind' | 'number' | 'entries'> | null, yearHasHeats: boolean): EntryFormValues {
  const values = emptyValues(year);
  if (!show) return { ...values, runningOrder: '1' };
  const next = String(nextOrder(show));
  if (show.kind === 'heat') return { ...values, heat: String(show.number), runningOrder: next };
  if (show.kind === 'final')
    return yearHasHeats ? { ...values, finalRunningOrder: next, heatResult: 'final' } : { ...values, runningOrder: next, finalRunningOrder: next };
  return values;
}

/** A number field's text: empty is null (unknown), digits a number; anything else is sent as typed so the schema names it. */
export function numberOrNull(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The disputes' JSON; text that is not JSON is sent as is, and the schema says what is wrong with it. */
function disputesOf(text: string): unknown {
  if (text.trim() === '') return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The API body of the form: every field, so an emptied field is an explicit null (a PUT clears it). A new
 * entry's empty `artist` is left out: the server bills it with the act's name.
 */
export function entryPayload(values: EntryFormValues, mode: 'create' | 'update'): Record<string, unknown> {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, numberOrNull(values[field])]));
  const body: Record<string, unknown> = {
    ...numbers,
    artistId: values.artistId,
    artist: values.artist.trim(),
    song: values.song.trim(),
    songwriters: splitLines(values.songwriters),
    heatResult: values.heatResult === '' ? null : values.heatResult,
    andraChansen: values.andraChansen === '' ? null : values.andraChansen,
    sources: splitLines(values.sources),
    verifiedBy: splitLines(values.verifiedBy),
    unconfirmed: splitLines(values.unconfirmed),
    disputed: disputesOf(values.disputed),
    notes: textOrNull(values.notes),
  };
  if (mode === 'create' && body.artist === '') delete body.artist;
  return body;
}

/** A missing act is the picker's: the schema's 'Obligatoriskt fält' or 'Måste vara ett artist-id' both mean "pick one". */
const PICK_AN_ACT = { artistId: 'Välj en artist eller skapa en ny' };

/**
 * The contracts' verdict on the form before it is sent (contract-form.ts): the body to send, or each refused
 * field's Swedish message and a summary naming the fields as the form labels them. Same schema as the server's,
 * so the two agree.
 */
export const checkNewEntry = (values: EntryFormValues) => checkBody(entryApi.create, entryPayload(values, 'create'), PICK_AN_ACT);
export const checkEntryEdit = (values: EntryFormValues) => checkBody(entryApi.update, entryPayload(values, 'update'), PICK_AN_ACT);

/** A show's entry ids after moving the one at `index` by `delta` (-1 up, +1 down); null when it cannot move. */
export function movedOrder(ids: readonly string[], index: number, delta: -1 | 1): string[] | null {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** A value the data leaves open is shown as '–', never as 0 or blank. */
export const shown = (value: number | string | null | undefined) => (value === null || value === undefined || value === '' ? '–' : String(value));
