import type { ForumCategory, ForumStatus } from '../forum/forum';
import type { Dispute, EntryFields, EntryResult } from './lineups';

/**
 * What the lineup, artist, songwriter, source, statistics and export endpoints answer (docs/content.md,
 * "API"). Every number the data leaves open is null, never 0.
 */

export type Source = { id: string; key: string; description: string };
/** A source key as an entry cites it, with its description; null description: the key has no source record. */
export type SourceRef = { key: string; description: string | null };

export type ArtistRef = { id: string; slug: string; name: string };
/** One songwriter credit of an entry: `name` as credited, `alias` a stage name written in parentheses. */
export type SongwriterRef = { name: string; slug: string; alias: string | null };

export type DisputeView = Omit<Dispute, 'sources'> & { sources: SourceRef[] };

/** An entry with its links resolved: the artist as billed that year plus the act's identity, sources with descriptions. */
export type EntryView = Omit<EntryFields, 'artistId' | 'songwriters' | 'sources' | 'verifiedBy' | 'disputed'> & {
  id: string;
  /** The act's name as billed this year (`artist`) and the act it belongs to. */
  artistRef: ArtistRef;
  songwriters: SongwriterRef[];
  sources: SourceRef[];
  verifiedBy: SourceRef[];
  disputed: DisputeView[];
  /** winner, final (reached the final), andra-chansen (went there and out), out; null when the data does not say. */
  result: EntryResult | null;
};

export type ShowKind = 'heat' | 'second-chance' | 'final';
/**
 * One show of a year. `key` is what the reorder command takes ('heat-2', 'final'; null for the second-chance
 * show, whose running order the data does not hold). `description` is the data's line for it (venue, date).
 */
export type LineupShow = {
  key: string | null;
  kind: ShowKind;
  number: number | null;
  name: string;
  description: string | null;
  entries: EntryView[];
};

/** GET /api/years/by-year/{year}/lineup */
export type YearLineup = {
  year: number;
  format: string | null;
  shows: LineupShow[];
  /** The data's lines about what is missing for this year: the page says its lineup is incomplete. */
  gaps: string[];
  entryCount: number;
};

export type ArtistEntry = {
  id: string;
  year: number;
  artist: string;
  song: string;
  result: EntryResult | null;
  heat: number | null;
  heatPlace: number | null;
  finalPlace: number | null;
  finalPoints: number | null;
};

/** GET /api/artists/{slug} */
export type ArtistDetail = {
  id: string;
  slug: string;
  name: string;
  aliases: string[];
  entries: ArtistEntry[];
  entryCount: number;
  wins: number;
  /** The best final place of any entry; null when no final place is known. */
  bestFinalPlace: number | null;
  /** Every video whose matched entry (video-entry-match.ts) is one of the act's, by year then as added. */
  videos: ArtistVideo[];
  /** The newest forum posts (at most ARTIST_THREADS_MAX) that name one of the act's entries, open and solved. */
  threads: ArtistThread[];
};
/** A video of an act's entry, as the artist page links it. */
export type ArtistVideo = { id: string; title: string; year: number; videoUrl: string; entryId: string };
/** A forum post about one of an act's entries (a lost-media hunt or any post that names the entry). */
export type ArtistThread = { id: string; title: string; category: ForumCategory; status: ForumStatus; createdAt: string; repliesCount: number; entryId: string };
/** How many forum threads the artist page lists (the newest). */
export const ARTIST_THREADS_MAX = 20;
/** GET /api/artists: every act, by name. */
export type ArtistSummary = { id: string; slug: string; name: string; aliases: string[]; entryCount: number; wins: number };

/** GET /api/songwriters/{slug} */
export type SongwriterDetail = {
  slug: string;
  name: string;
  /** Other spellings and stage names found in the credits. */
  aliases: string[];
  entries: Array<ArtistEntry & { artistRef: ArtistRef }>;
  entryCount: number;
  wins: number;
  bestFinalPlace: number | null;
};
export type SongwriterSummary = { slug: string; name: string; entryCount: number; wins: number };

/** GET /api/statistics */
export type Statistics = {
  entryCount: number;
  yearCount: number;
  artistCount: number;
  songwriterCount: number;
  mostEntriesByArtist: Array<{ slug: string; name: string; entryCount: number }>;
  mostWinsBySongwriter: Array<{ slug: string; name: string; wins: number }>;
  /** Highest published final points; entries with unknown points are left out, never counted as 0. */
  highestFinalPoints: Array<{ id: string; year: number; artist: string; song: string; artistSlug: string; finalPoints: number }>;
  entriesPerYear: Array<{ year: number; entryCount: number }>;
};

/** One row of GET /api/export/lineups.json (the CSV has the same rows; docs/open-data.md). */
export type ExportEntry = Omit<EntryFields, 'artistId' | 'sources' | 'verifiedBy' | 'disputed'> & {
  id: string;
  artistSlug: string;
  result: EntryResult | null;
  sources: SourceRef[];
  verifiedBy: SourceRef[];
  disputed: DisputeView[];
};
export type LineupsExport = { entryCount: number; entries: ExportEntry[] };
