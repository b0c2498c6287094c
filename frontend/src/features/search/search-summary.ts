import { SEARCH_CATEGORY_OPTIONS, SEARCH_DECADE_OPTIONS } from '../../lib/search-url';

export type SearchCounts = { years: number; entries: number; artists: number; songwriters: number; articles: number; videos: number; forum: number };

export function totalHits(counts: SearchCounts): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** '1 träff' / '12 träffar' for the results line. */
export function hitsLabel(count: number): string {
  return `${count} ${count === 1 ? 'träff' : 'träffar'}`;
}

/**
 * The Swedish labels of the year filters in the address (product decision 5), e.g. ['Klassiker', '1990-talet'];
 * 'all' and unknown values add nothing.
 */
export function activeFilterLabels({ category, decade }: { category: string; decade: string }): string[] {
  const labels: string[] = [];
  const categoryOption = SEARCH_CATEGORY_OPTIONS.find((option) => option.value === category);
  if (categoryOption && categoryOption.value !== 'all') labels.push(categoryOption.label);
  const decadeOption = SEARCH_DECADE_OPTIONS.find((option) => option.value === decade);
  if (decadeOption && decadeOption.value !== 'all') labels.push(decadeOption.label);
  return labels;
}

/** A section heading with its count: 'År (3)'. */
export function sectionTitle(name: string, count: number): string {
  return `${name} (${count})`;
}
