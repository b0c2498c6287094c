/**
 * Finals whose `finalPoints` are counts of votes, not points: 1962 was decided by postcard vote, and the lineups data
 * gives each song's postcards (up to 102,327; its notes: "finalPoints = postcard votes"). Shown as published on the
 * year page, but left out of the statistics' points ranking, where they stood above every points final by a
 * factor of 300. backend/src/archive-import/vote-count-finals.unit.test.ts keeps this list the data's.
 */
export const VOTE_COUNT_FINAL_YEARS: readonly number[] = [1962];

/** The statistics page's line under its points ranking, for the finals left out of it. */
export const VOTE_COUNT_FINALS_NOTE = 'Finalen 1962 avgjordes med vykortsröster, inte poäng, och är inte med i listan.';
