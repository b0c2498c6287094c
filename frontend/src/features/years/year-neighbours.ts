/**
 * The years before and after `year` that the archive holds (years without a contest, 1964, 1970 and 1976, are not
 * there, so 1963's next is 1965): null at either end, or when the archive's years are not known.
 */
export function yearNeighbours(year: number, archiveYears: readonly number[] | undefined): { previous: number | null; next: number | null } {
  if (!archiveYears) return { previous: null, next: null };
  let previous: number | null = null;
  let next: number | null = null;
  for (const candidate of archiveYears) {
    if (candidate < year && (previous === null || candidate > previous)) previous = candidate;
    if (candidate > year && (next === null || candidate < next)) next = candidate;
  }
  return { previous, next };
}
