import { z } from 'zod';
import { ENTRY_RESULTS } from '../archive/entry-results';

/**
 * Year search categories (the search block's select), as the server applies them:
 * - winners: the words are matched against the winning artist and song only;
 * - classics: years marked isClassic (the Eurovision-winning years and any the admin marks);
 * - lost-media: years with no video in the archive yet, the material fans are asked to find;
 * - controversies: years with at least one recorded controversy.
 */
export const YEAR_SEARCH_CATEGORIES = ['winners', 'classics', 'lost-media', 'controversies'] as const;
export type YearSearchCategory = (typeof YEAR_SEARCH_CATEGORIES)[number];

/** A decade is given by its first year: 1950 … 2020 (1958 is the first contest). */
export const SEARCH_DECADES = [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020] as const;

export const MAX_SEARCH_LENGTH = 200;
/**
 * The most hits one archive search answers (years, entries, acts, songwriters, articles, videos), in either search
 * engine: a search that answers this many may have found more (the search page then says so: '500+').
 */
export const SEARCH_HITS_MAX = 500;
/** The answer to a longer query: the API's 400, and the search page's own notice for an address that has one. */
export const SEARCH_TOO_LONG_MESSAGE = `Sökfrågan får vara högst ${MAX_SEARCH_LENGTH} tecken`;

/** Search text as it is searched: control characters taken as spaces, trimmed (the API, and the search page reading its address). */
export const normaliseSearchText = (value: string): string => value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();

/** Free text: trimmed, control characters taken as spaces, at most 200 characters. */
export const searchText = z
  .string({ invalid_type_error: 'Ange sökordet en gång' })
  .transform(normaliseSearchText)
  .refine((value) => value.length <= MAX_SEARCH_LENGTH, SEARCH_TOO_LONG_MESSAGE);

/**
 * A query with characters but no letter or digit ('%', '_', '🎤') has nothing to search for: it finds nothing.
 * Only an empty one lists (the forum's newest posts, every year).
 */
export const hasNothingToFind = (q: string): boolean => q.trim() !== '' && !/[\p{L}\p{N}]/u.test(q);

export const YearSearchQuerySchema = z.object({
  q: searchText.default(''),
  category: z
    .enum(['all', ...YEAR_SEARCH_CATEGORIES], { errorMap: () => ({ message: `Måste vara en av: all, ${YEAR_SEARCH_CATEGORIES.join(', ')}` }) })
    .default('all'),
  decade: z
    .string({ invalid_type_error: 'Ange decenniet en gång' })
    .refine((value) => value === 'all' || SEARCH_DECADES.some((decade) => String(decade) === value), {
      message: `Måste vara all eller en av: ${SEARCH_DECADES.join(', ')}`,
    })
    .transform((value) => (value === 'all' ? null : Number(value)))
    .default('all'),
});
export type YearSearchQuery = z.output<typeof YearSearchQuerySchema>;

export const TextSearchQuerySchema = z.object({ q: searchText.default('') });

/**
 * GET /api/search/entries: an entry as search lists it (the Bidrag section). `artistSlug` links the act's page
 * (empty when the act is unknown); `result` is the lineup's badge (entryResult).
 */
export const EntrySearchHitSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  artist: z.string(),
  song: z.string(),
  artistId: z.string(),
  artistSlug: z.string(),
  result: z.enum(ENTRY_RESULTS).nullable(),
  finalPlace: z.number().int().nullable(),
});
export type EntrySearchHit = z.infer<typeof EntrySearchHitSchema>;

/** GET /api/search/artists: an act with its entry count and first and last year (null without entries). */
export const ArtistSearchHitSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  entryCount: z.number().int(),
  firstYear: z.number().int().nullable(),
  lastYear: z.number().int().nullable(),
});
export type ArtistSearchHit = z.infer<typeof ArtistSearchHitSchema>;

/**
 * GET /api/search/songwriters: a songwriter (derived from the entries' credits, by slug) with the name credited
 * most often, the other spellings and stage names, and the entries credited.
 */
export const SongwriterSearchHitSchema = z.object({
  slug: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  entryCount: z.number().int(),
  wins: z.number().int(),
  firstYear: z.number().int(),
  lastYear: z.number().int(),
});
export type SongwriterSearchHit = z.infer<typeof SongwriterSearchHitSchema>;
