import type { FieldChange } from '@mello/contracts';

/**
 * How the item history shows one field's change: short values side by side, lists as added/removed entries, and
 * long texts (descriptions, article bodies) as a compact word diff with a little context around each edit.
 */
export type Segment = { op: 'same' | 'removed' | 'added'; text: string };
export type ChangeView =
  | { type: 'value'; before: string; after: string }
  | { type: 'list'; added: string[]; removed: string[]; unchanged: number }
  | { type: 'text'; segments: Segment[]; before: string; after: string };

/** Texts longer than this (or with line breaks) get the compact diff instead of two full values. */
export const LONG_TEXT = 120;
/** Characters of unchanged text kept on each side of an edit in the compact diff. */
export const CONTEXT = 40;
/** Above this many token pairs the middle of a text is shown as one replacement (keeps the diff instant). */
const MAX_LCS_CELLS = 1_000_000;

const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const instant = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' });

/**
 * An instant as ISO ('2024-03-09T19:00:00.000Z') or as PostgreSQL prints a timestamptz ('2024-03-09 19:00:00.5+00'),
 * else null (free text such as '9 februari 1974' stays text).
 */
export function parseInstant(value: string): Date | null {
  const match = INSTANT.exec(value.trim());
  if (!match) return null;
  const [, day, time, zone = ''] = match;
  const offset = /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const date = new Date(`${day}T${time}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One value as the admin reads it: '—' for nothing, Ja/Nej for flags, Swedish date and time for instants. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nej';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const date = parseInstant(value);
    return date ? instant.format(date) : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(formatValue).join('; ');
  return JSON.stringify(value);
}

const asList = (value: unknown): string[] | null => {
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : formatValue(item)));
  if (value === null || value === undefined) return [];
  return null;
};

/** Entries removed and added between two lists (each entry counted as often as it occurs). */
export function listDiff(before: readonly string[], after: readonly string[]) {
  const remaining = new Map<string, number>();
  for (const item of after) remaining.set(item, (remaining.get(item) ?? 0) + 1);
  const removed: string[] = [];
  let unchanged = 0;
  for (const item of before) {
    const left = remaining.get(item) ?? 0;
    if (left > 0) {
      remaining.set(item, left - 1);
      unchanged += 1;
    } else removed.push(item);
  }
  const added: string[] = [];
  for (const item of after) {
    const left = remaining.get(item) ?? 0;
    if (left > 0) {
      remaining.set(item, left - 1);
      added.push(item);
    }
  }
  return { added, removed, unchanged };
}

const tokens = (text: string) => text.split(/(\s+)/).filter((token) => token !== '');

function pushSegment(segments: Segment[], op: Segment['op'], text: string) {
  if (!text) return;
  const last = segments[segments.length - 1];
  if (last && last.op === op) last.text += text;
  else segments.push({ op, text });
}

/** A word-level diff: common start and end first, then a longest-common-subsequence over the middle. */
export function wordDiff(before: string, after: string): Segment[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const segments: Segment[] = [];
  pushSegment(segments, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_LCS_CELLS) {
    pushSegment(segments, 'removed', midA.join(''));
    pushSegment(segments, 'added', midB.join(''));
  } else {
    for (const segment of lcsSegments(midA, midB)) pushSegment(segments, segment.op, segment.text);
  }
  pushSegment(segments, 'same', a.slice(endA).join(''));
  return segments;
}

function lcsSegments(a: string[], b: string[]): Segment[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  // lengths[i][j]: the LCS length of a[i..] and b[j..], filled from the end.
  const lengths = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * cols + j] = a[i] === b[j] ? lengths[(i + 1) * cols + j + 1]! + 1 : Math.max(lengths[(i + 1) * cols + j]!, lengths[i * cols + j + 1]!);
    }
  }
  const segments: Segment[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      pushSegment(segments, 'same', a[i]!);
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || lengths[(i + 1) * cols + j]! >= lengths[i * cols + j + 1]!)) {
      // Removals first: a replaced word reads "old → new".
      pushSegment(segments, 'removed', a[i]!);
      i += 1;
    } else {
      pushSegment(segments, 'added', b[j]!);
      j += 1;
    }
  }
  return segments;
}

/** Long unchanged stretches shortened to CONTEXT characters on the side(s) next to an edit, joined by '…'. */
export function compactSegments(segments: readonly Segment[], context = CONTEXT): Segment[] {
  return segments.map((segment, index) => {
    if (segment.op !== 'same') return segment;
    const first = index === 0;
    const last = index === segments.length - 1;
    const text = segment.text;
    if (first && last) return segment;
    if (first) return text.length > context ? { op: 'same', text: `…${text.slice(-context)}` } : segment;
    if (last) return text.length > context ? { op: 'same', text: `${text.slice(0, context)}…` } : segment;
    return text.length > context * 2 + 5 ? { op: 'same', text: `${text.slice(0, context)} … ${text.slice(-context)}` } : segment;
  });
}

const isLong = (value: unknown) => typeof value === 'string' && (value.length > LONG_TEXT || value.includes('\n'));

/** The view of one field change (see ChangeView). */
export function describeChange(change: FieldChange): ChangeView {
  const { before, after } = change;
  if (Array.isArray(before) || Array.isArray(after)) {
    const beforeList = asList(before);
    const afterList = asList(after);
    if (beforeList && afterList) return { type: 'list', ...listDiff(beforeList, afterList) };
  }
  const textual = (value: unknown) => value === null || value === undefined || typeof value === 'string';
  if (textual(before) && textual(after) && (isLong(before) || isLong(after))) {
    const beforeText = (before as string | null) ?? '';
    const afterText = (after as string | null) ?? '';
    return { type: 'text', segments: compactSegments(wordDiff(beforeText, afterText)), before: beforeText, after: afterText };
  }
  return { type: 'value', before: formatValue(before), after: formatValue(after) };
}
