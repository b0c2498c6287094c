/**
 * The year page's line under its not-found text for a year when no Melodifestival was held: a Swedish rendering of
 * that year's `why` in the `noContest` list of backend/src/archive-import/data/lineups.json (English there), saying
 * only what it says. Written here, not read from the data, because the client imports only contracts;
 * backend/src/archive-import/no-contest-reasons.unit.test.ts keeps the years the same as the data's. A module of
 * its own: only the year page's chunk carries it, not the shared contracts chunk the home route loads.
 */
export const NO_CONTEST_REASONS_SV: Readonly<Record<number, string>> = {
  1964: 'Ingen Melodifestival hölls 1964: Sverige deltog inte i Eurovision det året (strejk i artisternas fackförbund).',
  1970: 'Ingen Melodifestival hölls 1970: Sverige bojkottade, tillsammans med de andra nordiska länderna, Eurovision det året efter att fyra länder slutat lika 1969.',
  1976: 'Ingen Melodifestival hölls 1976: Sverige deltog inte i Eurovision det året (kostnaden efter att ha varit värdland 1975, protester mot kommersiell musik).',
};
