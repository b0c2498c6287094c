/**
 * The home page's decade filter (spec 'Home'): 'Alla' (value 'alla', the default) and the 2020s back to the
 * 1950s. A decade keeps the years from its first year up to nine years later.
 */
export const ALL_DECADES = 'alla';

export type DecadeOption = { value: string; label: string };

export const DECADE_OPTIONS: readonly DecadeOption[] = [
  { value: ALL_DECADES, label: 'Alla' },
  ...[2020, 2010, 2000, 1990, 1980, 1970, 1960, 1950].map((start) => ({ value: String(start), label: `${start}s` })),
];

export function isDecadeValue(value: string): boolean {
  return DECADE_OPTIONS.some((option) => option.value === value);
}

/** The years inside the chosen decade, in their given order; 'alla' (or an unknown value) keeps them all. */
export function filterByDecade<T extends { year: number }>(years: readonly T[], decade: string): T[] {
  if (decade === ALL_DECADES || !isDecadeValue(decade)) return [...years];
  const start = Number(decade);
  return years.filter((item) => item.year >= start && item.year <= start + 9);
}
