import { z } from 'zod';
import { ArticleSchema } from './articles';
import { VideoSchema } from './videos';
import { YearSchema } from './years';
import { ArtistFieldsSchema, EntryFieldsSchema, SourceFieldsSchema } from './lineups';

/** Event data carries the entity's full field set after the change, so a read model or audit diff needs no lookups. */
const YearFieldsSchema = YearSchema.omit({ id: true });
const VideoFieldsSchema = VideoSchema.omit({ id: true });
const ArticleFieldsSchema = ArticleSchema.omit({ id: true });

const event = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({ type: z.literal(type), data });

/**
 * Years, videos and articles are documents with the same life: created, updated (the full field set after the
 * change plus the names of the fields that changed), deleted (the last field set, so the log alone tells what
 * was removed).
 */
const documentEvents = <C extends string, U extends string, D extends string, F extends z.ZodTypeAny>(
  names: { created: C; updated: U; deleted: D },
  fields: F,
) =>
  z.discriminatedUnion('type', [
    event(names.created, z.object({ id: z.string(), fields })),
    event(names.updated, z.object({ id: z.string(), fields, changed: z.array(z.string()) })),
    event(names.deleted, z.object({ id: z.string(), fields })),
  ]);

export const YearEventSchema = documentEvents(
  { created: 'YearCreated', updated: 'YearUpdated', deleted: 'YearDeleted' },
  YearFieldsSchema,
);
export type YearEvent = z.infer<typeof YearEventSchema>;

export const VideoEventSchema = documentEvents(
  { created: 'VideoCreated', updated: 'VideoUpdated', deleted: 'VideoDeleted' },
  VideoFieldsSchema,
);
export type VideoEvent = z.infer<typeof VideoEventSchema>;

export const ArticleEventSchema = documentEvents(
  { created: 'ArticleCreated', updated: 'ArticleUpdated', deleted: 'ArticleDeleted' },
  ArticleFieldsSchema,
);
export type ArticleEvent = z.infer<typeof ArticleEventSchema>;

/** Entries, artists and sources are documents of the same life (docs/event-sourcing.md, "Every entry"). */
export const EntryEventSchema = documentEvents({ created: 'EntryCreated', updated: 'EntryUpdated', deleted: 'EntryDeleted' }, EntryFieldsSchema);
export type EntryEvent = z.infer<typeof EntryEventSchema>;

/** A rename is an ArtistUpdated whose fields carry the new name and the old one among the aliases. */
export const ArtistEventSchema = documentEvents({ created: 'ArtistCreated', updated: 'ArtistUpdated', deleted: 'ArtistDeleted' }, ArtistFieldsSchema);
export type ArtistEvent = z.infer<typeof ArtistEventSchema>;

export const SourceEventSchema = documentEvents({ created: 'SourceCreated', updated: 'SourceUpdated', deleted: 'SourceDeleted' }, SourceFieldsSchema);
export type SourceEvent = z.infer<typeof SourceEventSchema>;

/**
 * Uniqueness reservations (year number, article slug) live in their own streams, claimed with an expected
 * revision, so two concurrent commands can never both own the same key.
 */
export const ReservationEventSchema = z.discriminatedUnion('type', [
  event('KeyClaimed', z.object({ key: z.string(), ownerId: z.string() })),
  event('KeyReleased', z.object({ key: z.string(), ownerId: z.string() })),
]);
export type ReservationEvent = z.infer<typeof ReservationEventSchema>;

export const ArchiveImportEventSchema = z.discriminatedUnion('type', [
  /**
   * The lineups import's marker, carrying what the data file says about each year as a whole (format, the
   * shows' lines, the gaps: docs/content.md); the lineup_years read model holds it.
   */
  event(
    'LineupsImported',
    z.object({
      dataVersion: z.string(),
      entries: z.number().int(),
      artists: z.number().int(),
      sources: z.number().int(),
      years: z.array(z.object({ year: z.number().int(), format: z.string().nullable(), shows: z.array(z.string()), gaps: z.array(z.string()) })),
      noContest: z.array(z.object({ year: z.number().int(), why: z.string() })),
      generalGaps: z.array(z.string()),
    }),
  ),
  event(
    'ArchiveImported',
    z.object({ dataVersion: z.string(), years: z.number().int(), videos: z.number().int(), articles: z.number().int() }),
  ),
]);
export type ArchiveImportEvent = z.infer<typeof ArchiveImportEventSchema>;

export type ArchiveEvent = YearEvent | VideoEvent | ArticleEvent | EntryEvent | ArtistEvent | SourceEvent | ReservationEvent | ArchiveImportEvent;

/** Schema version of every event type; bump when a type's data changes shape (and add an upcaster). */
export const EVENT_SCHEMA_VERSIONS = {
  YearCreated: 1,
  YearUpdated: 1,
  YearDeleted: 1,
  VideoCreated: 1,
  VideoUpdated: 1,
  VideoDeleted: 1,
  ArticleCreated: 1,
  ArticleUpdated: 1,
  ArticleDeleted: 1,
  EntryCreated: 1,
  EntryUpdated: 1,
  EntryDeleted: 1,
  ArtistCreated: 1,
  ArtistUpdated: 1,
  ArtistDeleted: 1,
  SourceCreated: 1,
  SourceUpdated: 1,
  SourceDeleted: 1,
  KeyClaimed: 1,
  KeyReleased: 1,
  ArchiveImported: 1,
  LineupsImported: 1,
} as const satisfies Record<ArchiveEvent['type'], number>;
