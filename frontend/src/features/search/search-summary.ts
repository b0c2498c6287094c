import { FORUM_SEARCH_DEFAULT_LIMIT, SEARCH_HITS_MAX } from '@mello/contracts';
import { SEARCH_CATEGORY_OPTIONS, SEARCH_DECADE_OPTIONS } from '../../lib/search-url';

export type SearchCounts = { years: number; entries: number; artists: number; songwriters: number; articles: number; videos: number; forum: number };
export type SearchSectionName = keyof SearchCounts;

/** The most hits each section's search answers as this page asks it (the forum's without a limit). */
const SECTION_HITS_MAX: Readonly<Record<SearchSectionName, number>> = {
  years: SEARCH_HITS_MAX,
  entries: SEARCH_HITS_MAX,
  artists: SEARCH_HITS_MAX,
  songwriters: SEARCH_HITS_MAX,
  articles: SEARCH_HITS_MAX,
  videos: SEARCH_HITS_MAX,
  forum: FORUM_SEARCH_DEFAULT_LIMIT,
};

/** Whether a section got as many hits as its search answers at most: it may have found more than it shows. */
export const mayHaveMore = (counts: SearchCounts, section: SearchSectionName): boolean => counts[section] >= SECTION_HITS_MAX[section];

/** Whether any section may have found more than it shows. */
export const anyMayHaveMore = (counts: SearchCounts): boolean => (Object.keys(counts) as SearchSectionName[]).some((section) => mayHaveMore(counts, section));

export function totalHits(counts: SearchCounts): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** '1 träff' / '12 träffar' for the results line; 'Minst 1100 träffar' when a section may have found more. */
export function hitsLabel(count: number, more = false): string {
  const label = `${count} ${count === 1 ? 'träff' : 'träffar'}`;
  return more ? `Minst ${label}` : label;
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

/** A section heading with its count: 'År (3)'; 'Bidrag (500+)' when the search may have found more. */
export function sectionTitle(name: string, count: number, more = false): string {
  return `${name} (${count}${more ? '+' : ''})`;
}

/**
 * A section shows its first SECTION_FIRST_SHOWN hits (four rows of three cards), and each 'Visa fler' SECTION_SHOW_MORE
 * more: a word in nearly every entry ('a') finds 500 of them, and rendering every card of every section at once made
 * a page of 1.1 MB and several thousand elements before the reader saw anything. The heading keeps the whole count.
 */
export const SECTION_FIRST_SHOWN = 12;
export const SECTION_SHOW_MORE = 24;

/** 'Visa fler bidrag (488 kvar)': names what it shows, since every section has one. */
export const showMoreLabel = (noun: string, remaining: number): string => `Visa fler ${noun} (${remaining} kvar)`;
