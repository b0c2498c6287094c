import { z } from 'zod';
import { FORUM_CATEGORIES, FORUM_STATUSES } from '../forum/forum';
import { ENTRY_FIELDS, ENTRY_RESULTS, HEAT_RESULTS, SECOND_CHANCE_RESULTS, type EntryField, type EntryFields } from './lineups';

/**
 * What the lineup, artist, songwriter, source, statistics and export endpoints answer (docs/content.md,
 * "API"), as zod schemas the routes' contracts (lineup-api.ts) check and the client parses with; every type is
 * derived from its schema. Every number the data leaves open is null, never 0.
 *
 * These describe the answer's shape, not the input's limits: the limits (lengths, ranges, source-key syntax) are
 * the input schemas' of lineups.ts, checked when an entry was decided, and a stored value is not refused on the
 * way out. That the stored entry's shape is the input's output is checked at compile time below.
 */

const int = z.number().int();
const nullableInt = int.nullable();
const texts = z.array(z.string());
const entryResult = z.enum(ENTRY_RESULTS).nullable();

export const SourceSchema = z.object({ id: z.string(), key: z.string(), description: z.string() });
export type Source = z.infer<typeof SourceSchema>;
/** A source key as an entry cites it, with its description; null description: the key has no source record. */
export const SourceRefSchema = z.object({ key: z.string(), description: z.string().nullable() });
export type SourceRef = z.infer<typeof SourceRefSchema>;

export const ArtistRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type ArtistRef = z.infer<typeof ArtistRefSchema>;
/** One songwriter credit of an entry: `name` as credited, `alias` a stage name written in parentheses. */
export const SongwriterRefSchema = z.object({ name: z.string(), slug: z.string(), alias: z.string().nullable() });
export type SongwriterRef = z.infer<typeof SongwriterRefSchema>;

const disputeShape = {
  field: z.enum(ENTRY_FIELDS as [EntryField, ...EntryField[]]),
  values: z.array(z.unknown()),
  sources: texts,
  note: z.string().nullable(),
};

/** An entry's fields as stored (what its events carry: EntryFieldsSchema's output). */
export const StoredEntryFieldsSchema = z.object({
  year: int,
  artistId: z.string(),
  artist: z.string(),
  song: z.string(),
  songwriters: texts,
  heat: nullableInt,
  runningOrder: nullableInt,
  heatPlace: nullableInt,
  heatResult: z.enum(HEAT_RESULTS).nullable(),
  andraChansen: z.enum(SECOND_CHANCE_RESULTS).nullable(),
  finalRunningOrder: nullableInt,
  finalPlace: nullableInt,
  finalPoints: nullableInt,
  juryPoints: nullableInt,
  televotePoints: nullableInt,
  sources: texts,
  verifiedBy: texts,
  unconfirmed: texts,
  disputed: z.array(z.object(disputeShape)),
  notes: z.string().nullable(),
});

/** The answer of GET, POST and PUT of an entry (and each of the reorder's): the stored fields with the id. */
export const SavedEntrySchema = StoredEntryFieldsSchema.extend({ id: z.string() });
export type SavedEntry = z.infer<typeof SavedEntrySchema>;

export const DisputeViewSchema = z.object({ ...disputeShape, sources: z.array(SourceRefSchema) });
export type DisputeView = z.infer<typeof DisputeViewSchema>;

/** An entry with its links resolved: the artist as billed that year plus the act's identity, sources with descriptions. */
export const EntryViewSchema = StoredEntryFieldsSchema.omit({ artistId: true, songwriters: true, sources: true, verifiedBy: true, disputed: true }).extend({
  id: z.string(),
  /** The act's name as billed this year (`artist`) and the act it belongs to. */
  artistRef: ArtistRefSchema,
  songwriters: z.array(SongwriterRefSchema),
  sources: z.array(SourceRefSchema),
  verifiedBy: z.array(SourceRefSchema),
  disputed: z.array(DisputeViewSchema),
  /** winner, final (reached the final), andra-chansen (went there and out), out; null when the data does not say. */
  result: entryResult,
});
export type EntryView = z.infer<typeof EntryViewSchema>;

export const SHOW_KINDS = ['heat', 'second-chance', 'final'] as const;
export type ShowKind = (typeof SHOW_KINDS)[number];
/**
 * One show of a year. `key` is what the reorder command takes ('heat-2', 'final'; null for the second-chance
 * show, whose running order the data does not hold). `description` is the data's line for it (venue, date).
 */
export const LineupShowSchema = z.object({
  key: z.string().nullable(),
  kind: z.enum(SHOW_KINDS),
  number: nullableInt,
  name: z.string(),
  description: z.string().nullable(),
  entries: z.array(EntryViewSchema),
});
export type LineupShow = z.infer<typeof LineupShowSchema>;

/** GET /api/years/by-year/{year}/lineup */
export const YearLineupSchema = z.object({
  year: int,
  format: z.string().nullable(),
  shows: z.array(LineupShowSchema),
  /** The data's lines about what is missing for this year: the page says its lineup is incomplete. */
  gaps: texts,
  entryCount: int,
});
export type YearLineup = z.infer<typeof YearLineupSchema>;

export const ArtistEntrySchema = z.object({
  id: z.string(),
  year: int,
  artist: z.string(),
  song: z.string(),
  result: entryResult,
  heat: nullableInt,
  heatPlace: nullableInt,
  finalPlace: nullableInt,
  finalPoints: nullableInt,
});
export type ArtistEntry = z.infer<typeof ArtistEntrySchema>;

/** A video of an act's entry, as the artist page links it. */
export const ArtistVideoSchema = z.object({ id: z.string(), title: z.string(), year: int, videoUrl: z.string(), entryId: z.string() });
export type ArtistVideo = z.infer<typeof ArtistVideoSchema>;
/** A forum post about one of an act's entries (a lost-media hunt or any post that names the entry). */
export const ArtistThreadSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(FORUM_CATEGORIES),
  status: z.enum(FORUM_STATUSES),
  createdAt: z.string(),
  repliesCount: int,
  entryId: z.string(),
});
export type ArtistThread = z.infer<typeof ArtistThreadSchema>;
/** How many forum threads the artist page lists (the newest). */
export const ARTIST_THREADS_MAX = 20;

/** GET /api/artists/{slug} */
export const ArtistDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  aliases: texts,
  entries: z.array(ArtistEntrySchema),
  entryCount: int,
  wins: int,
  /** The best final place of any entry; null when no final place is known. */
  bestFinalPlace: nullableInt,
  /** Every video whose matched entry (video-entry-match.ts) is one of the act's, by year then as added. */
  videos: z.array(ArtistVideoSchema),
  /** The newest forum posts (at most ARTIST_THREADS_MAX) that name one of the act's entries, open and solved. */
  threads: z.array(ArtistThreadSchema),
});
export type ArtistDetail = z.infer<typeof ArtistDetailSchema>;

/** GET /api/artists: every act, by name. */
export const ArtistSummarySchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), aliases: texts, entryCount: int, wins: int });
export type ArtistSummary = z.infer<typeof ArtistSummarySchema>;

/** An act as POST and PUT of an artist answer it (its stored fields with the id). */
export const SavedArtistSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), aliases: texts });
export type SavedArtist = z.infer<typeof SavedArtistSchema>;

/** GET /api/songwriters/{slug} */
export const SongwriterDetailSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Other spellings and stage names found in the credits. */
  aliases: texts,
  entries: z.array(ArtistEntrySchema.extend({ artistRef: ArtistRefSchema })),
  entryCount: int,
  wins: int,
  bestFinalPlace: nullableInt,
});
export type SongwriterDetail = z.infer<typeof SongwriterDetailSchema>;
/** GET /api/songwriters: every songwriter credited. */
export const SongwriterSummarySchema = z.object({ slug: z.string(), name: z.string(), entryCount: int, wins: int });
export type SongwriterSummary = z.infer<typeof SongwriterSummarySchema>;

/** GET /api/statistics */
export const StatisticsSchema = z.object({
  entryCount: int,
  yearCount: int,
  artistCount: int,
  songwriterCount: int,
  mostEntriesByArtist: z.array(z.object({ slug: z.string(), name: z.string(), entryCount: int })),
  mostWinsBySongwriter: z.array(z.object({ slug: z.string(), name: z.string(), wins: int })),
  /** Highest published final points; entries with unknown points are left out, never counted as 0. */
  highestFinalPoints: z.array(z.object({ id: z.string(), year: int, artist: z.string(), song: z.string(), artistSlug: z.string(), finalPoints: int })),
  entriesPerYear: z.array(z.object({ year: int, entryCount: int })),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

/** One row of GET /api/export/lineups.json (the CSV has the same rows; docs/open-data.md). */
export const ExportEntrySchema = StoredEntryFieldsSchema.omit({ artistId: true, sources: true, verifiedBy: true, disputed: true }).extend({
  id: z.string(),
  artistSlug: z.string(),
  result: entryResult,
  sources: z.array(SourceRefSchema),
  verifiedBy: z.array(SourceRefSchema),
  disputed: z.array(DisputeViewSchema),
});
export type ExportEntry = z.infer<typeof ExportEntrySchema>;
export const LineupsExportSchema = z.object({ entryCount: int, entries: z.array(ExportEntrySchema) });
export type LineupsExport = z.infer<typeof LineupsExportSchema>;

/**
 * The stored shape must be exactly what the input schema (EntryFieldsSchema) produces: a field added to one and
 * not the other stops the build here, so the answers cannot drift from what an entry holds.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const storedIsTheInputsOutput: Same<z.infer<typeof StoredEntryFieldsSchema>, EntryFields> = true;
void storedIsTheInputsOutput;
