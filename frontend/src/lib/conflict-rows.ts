/** One field that differs between the user's unsaved values and the newer saved version. */
export type ConflictRow = { field: string; label: string; mine: string; theirs: string };

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nej';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => String(item)).join('\n');
  return String(value);
};

/** The fields where the two payloads differ, in the form's order (the labels' order), for the conflict view. */
export function conflictRows(mine: Record<string, unknown>, theirs: Record<string, unknown>, labels: Readonly<Record<string, string>>): ConflictRow[] {
  return Object.entries(labels)
    .filter(([field]) => field in mine || field in theirs)
    .filter(([field]) => JSON.stringify(mine[field] ?? null) !== JSON.stringify(theirs[field] ?? null))
    .map(([field, label]) => ({ field, label, mine: shown(mine[field]), theirs: shown(theirs[field]) }));
}
