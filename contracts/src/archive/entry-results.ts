/**
 * The result badge of an entry: what became of it in the end. null when the data does not say. Apart from the
 * entry's schemas (lineups.ts): the search's hit schema needs only this, and the search box is on the home page.
 */
export const ENTRY_RESULTS = ['winner', 'final', 'andra-chansen', 'out'] as const;
export type EntryResult = (typeof ENTRY_RESULTS)[number];
