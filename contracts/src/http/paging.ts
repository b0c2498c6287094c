import { z } from 'zod';
import { isUuid, wholeNumber } from '../fields';

/**
 * Cursor (keyset) paging of the long lists (the forum, the years, the videos, the articles). A page ends with an
 * opaque cursor: the sort key and id of its last item, base64url-encoded JSON. The next page is the items after that
 * key in the list's order, so a page is never shifted by items inserted before it (new posts at the top), and a
 * server reads it with an index range scan instead of skipping an offset.
 *
 * Every list sorts by its key values descending, then by id descending (the tie-break that makes the order total).
 * A key value is a number or an ISO timestamp (compared as the instant it names).
 */
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

/** A cursor this server did not make for the list asked for (a 400 names the parameter: 'cursor: …'). */
export const INVALID_CURSOR_MESSAGE = 'Ogiltig sidmarkör, börja om från första sidan';

export type CursorKey = readonly (number | string)[];
/** Where a page ended: the list it belongs to (its sort), the key values of its last item, and that item's id. */
export type Cursor = { sort: string; key: CursorKey; id: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** The kinds of key value a sort has, in order: a whole number or an instant. */
export type KeyKind = 'int' | 'instant';

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify({ s: cursor.sort, k: cursor.key, i: cursor.id }));
}

/** An instant as one canonical text (ISO, UTC, milliseconds), or null when the text names none ('2024-02-30…'). */
function canonicalInstant(value: unknown): string | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return null;
  // JavaScript rolls 30 February over into March: only a calendar date that reads back as written is one.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The cursor a client sent back, checked against the sort it asks for: null when it is not one this server made
 * for that sort (not base64url JSON, another sort's, a key of the wrong kinds, an id that is no uuid). Key values
 * come back canonical (an instant as UTC ISO with milliseconds), safe to give to a database.
 */
export function decodeCursor(text: string, sort: string, kinds: readonly KeyKind[]): Cursor | null {
  if (text.length > 400) return null;
  const json = fromBase64Url(text);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { s, k, i } = value as { s?: unknown; k?: unknown; i?: unknown };
  if (s !== sort || typeof i !== 'string' || !isUuid(i) || !Array.isArray(k) || k.length !== kinds.length) return null;
  const key: (number | string)[] = [];
  for (const [index, kind] of kinds.entries()) {
    const part: unknown = k[index];
    if (kind === 'int') {
      if (typeof part !== 'number' || !Number.isSafeInteger(part) || Math.abs(part) > 2_147_483_647) return null;
      key.push(part);
    } else {
      const instant = canonicalInstant(part);
      if (instant === null) return null;
      key.push(instant);
    }
  }
  return { sort: s, key, id: i };
}

/** Compares two key values of one kind (an instant by the time it names). */
const compareValue = (a: number | string, b: number | string) => {
  const left = typeof a === 'number' ? a : Date.parse(a);
  const right = typeof b === 'number' ? b : Date.parse(b);
  return left === right ? 0 : left < right ? -1 : 1;
};

/** The list order: keys descending, then ids descending. Negative when `a` comes first. */
export function compareByKey(a: { key: CursorKey; id: string }, b: { key: CursorKey; id: string }): number {
  for (let index = 0; index < Math.max(a.key.length, b.key.length); index += 1) {
    const order = compareValue(a.key[index] ?? 0, b.key[index] ?? 0);
    if (order !== 0) return -order;
  }
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/**
 * One page of a list held in memory (a search's matches, a short archive list): the items after `cursor` in the
 * list's order, at most `limit`, and the cursor of the next page (null on the last one).
 */
export function pageAfter<T extends { id: string }>(
  items: readonly T[],
  options: { sort: string; keyOf: (item: T) => CursorKey; cursor: Cursor | null; limit: number },
): { items: T[]; nextCursor: string | null } {
  const keyed = items.map((item) => ({ item, key: options.keyOf(item), id: item.id })).sort(compareByKey);
  const { cursor } = options;
  const after = cursor === null ? keyed : keyed.filter((entry) => compareByKey(entry, cursor) > 0);
  const page = after.slice(0, options.limit);
  const last = page[page.length - 1];
  const more = after.length > options.limit && last !== undefined;
  return { items: page.map((entry) => entry.item), nextCursor: more ? encodeCursor({ sort: options.sort, key: last.key, id: last.id }) : null };
}

/** A page of a list as the API answers it. */
export const pageSchema = <Item extends z.ZodTypeAny>(item: Item) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };

/** The paging parameters of a list's query: `cursor` (checked where the sort is known) and `limit`. */
export const pagingQueryShape = {
  cursor: z.string({ invalid_type_error: 'Ange sidmarkören en gång' }).optional(),
  limit: wholeNumber(1, PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};

/**
 * The query of a list with one order (`sort` names it in its cursors): limit and cursor, the cursor decoded and
 * checked (a 400 naming `cursor` when it is not one of this list's), and the list's own filters (`filters`: more
 * query fields, validated by their schemas, e.g. a category). Answers `{ limit, after, ...filters }`.
 */
export function pagedQuerySchema<Filters extends z.ZodRawShape = Record<never, never>>(sort: string, kinds: readonly KeyKind[], filters?: Filters) {
  return z.object({ ...pagingQueryShape, ...(filters ?? ({} as Filters)) }).transform((query, ctx) => {
    const { cursor, limit, ...rest } = query as { cursor?: string; limit: number } & Record<string, unknown>;
    const chosen = rest as z.output<z.ZodObject<Filters>>;
    if (cursor === undefined) return { ...chosen, limit, after: null as Cursor | null };
    const after = decodeCursor(cursor, sort, kinds);
    if (after === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['cursor'], message: INVALID_CURSOR_MESSAGE });
      return z.NEVER;
    }
    return { ...chosen, limit, after: after as Cursor | null };
  });
}
