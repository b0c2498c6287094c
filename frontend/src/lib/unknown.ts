/**
 * How an unknown value reads on every screen (the lineups, a video's views). The data's rule (docs/content.md,
 * product decision 11): null is "not published, or not seen in a source" and is shown as unknown, never as 0 or an
 * empty cell.
 */

/** What stands in for a null: the dash people see and the words screen readers and tooltips say. */
export const UNKNOWN = { mark: '–', label: 'uppgift saknas' } as const;

/** A known value as text, or null when it is unknown (null, undefined or blank text). 0 is a value, not unknown. */
export function knownText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}
