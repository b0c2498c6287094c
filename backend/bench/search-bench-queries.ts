import type { SearchEngine } from '../src/search/search-engine';

/**
 * The search bench's query mix (search-bench.ts), one definition for the bench and for search-answers.ts, which
 * checks that a change to the search answers these queries exactly as before.
 */
export function searchBenchQueries(search: SearchEngine): Array<[string, () => Promise<string>]> {
  return [
    ['forum list, newest 50', () => search.searchForum({ q: '', category: null, limit: 50 })],
    ['forum list, category lost-media', () => search.searchForum({ q: '', category: 'lost-media', limit: 50 })],
    ['forum "mellanakten" (1 in 8 posts)', () => search.searchForum({ q: 'mellanakten', category: null, limit: 50 })],
    ['forum "loreen malmö" (two words)', () => search.searchForum({ q: 'loreen malmö', category: null, limit: 50 })],
    ['forum "lorren" (typo)', () => search.searchForum({ q: 'lorren', category: null, limit: 50 })],
    ['forum "repet" (prefix)', () => search.searchForum({ q: 'repet', category: null, limit: 50 })],
    ['forum "zebrafink" (no hit)', () => search.searchForum({ q: 'zebrafink', category: null, limit: 50 })],
    ['years "fangad av en stormvind"', () => search.searchYears({ q: 'fangad av en stormvind', category: 'all', decade: null })],
    ['years "göteborg", decade 1990', () => search.searchYears({ q: 'göteborg', category: 'all', decade: 1990 })],
    ['years "" (all)', () => search.searchYears({ q: '', category: 'all', decade: null })],
    ['articles "melodifestivalen"', () => search.searchArticles('melodifestivalen')],
    ['videos "waterloo"', () => search.searchVideos('waterloo')],
    ['entries "euphoria"', () => search.searchEntries('euphoria')],
    ['entries "euforia" (typo)', () => search.searchEntries('euforia')],
    ['entries "carola"', () => search.searchEntries('carola')],
    ['entries "" (first 500)', () => search.searchEntries('')],
    ['artists "karola" (typo)', () => search.searchArtists('karola')],
    ['artists "anders"', () => search.searchArtists('anders')],
    ['songwriters "thomas g:son"', () => search.searchSongwriters('thomas g:son')],
    ['songwriters "bjorn" (accents folded)', () => search.searchSongwriters('bjorn')],
  ];
}
