import { z } from 'zod';
import { ArticleSchema } from './articles';
import { VideoSchema } from './videos';
import { YearSchema } from './years';
import { ArtistFieldsSchema, EntryFieldsSchema, SourceFieldsSchema } from './lineups';

/**
 * The data of the archive's events. Their names, versions and the parser every reader goes through are in the
 * event registry (contracts/src/events/registry.ts): this file only says what each event carries.
 */

/**
 * Years, videos, articles, entries, artists and sources are documents with the same life: created, updated (the
 * full field set after the change plus the names of the fields that changed), deleted (the last field set, so the
 * log alone tells what was removed). Event data carries the full field set, so a read model or audit diff needs
 * no lookups.
 */
export const documentEventData = <F extends z.ZodTypeAny>(fields: F) => ({
  created: z.object({ id: z.string(), fields }),
  updated: z.object({ id: z.string(), fields, changed: z.array(z.string()) }),
  deleted: z.object({ id: z.string(), fields }),
});

export const YearEventData = documentEventData(YearSchema.omit({ id: true }));
export const VideoEventData = documentEventData(VideoSchema.omit({ id: true }));
export const ArticleEventData = documentEventData(ArticleSchema.omit({ id: true }));
/** Entries, artists and sources (docs/event-sourcing.md, "Every entry"). */
export const EntryEventData = documentEventData(EntryFieldsSchema);
/** A rename is an ArtistUpdated whose fields carry the new name and the old one among the aliases. */
export const ArtistEventData = documentEventData(ArtistFieldsSchema);
export const SourceEventData = documentEventData(SourceFieldsSchema);

/**
 * Uniqueness reservations (year number, article slug) live in their own streams, claimed with an expected
 * revision, so two concurrent commands can never both own the same key. Claimed and released carry the same.
 */
export const ReservationEventData = z.object({ key: z.string(), ownerId: z.string() });

/**
 * The lineups import's marker, carrying what the data file says about each year as a whole (format, the
 * shows' lines, the gaps: docs/content.md); the lineup_years read model holds it.
 */
export const LineupsImportedData = z.object({
  dataVersion: z.string(),
  entries: z.number().int(),
  artists: z.number().int(),
  sources: z.number().int(),
  years: z.array(z.object({ year: z.number().int(), format: z.string().nullable(), shows: z.array(z.string()), gaps: z.array(z.string()) })),
  noContest: z.array(z.object({ year: z.number().int(), why: z.string() })),
  generalGaps: z.array(z.string()),
});

/** The archive import's marker. */
export const ArchiveImportedData = z.object({ dataVersion: z.string(), years: z.number().int(), videos: z.number().int(), articles: z.number().int() });
