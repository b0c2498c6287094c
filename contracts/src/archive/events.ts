import { z } from 'zod';
import { ArticleSchema } from './articles';
import { VideoSchema } from './videos';
import { YearSchema } from './years';

/** Event data carries the entity's full field set after the change, so a read model or audit diff needs no lookups. */
const YearFieldsSchema = YearSchema.omit({ id: true });
const VideoFieldsSchema = VideoSchema.omit({ id: true });
const ArticleFieldsSchema = ArticleSchema.omit({ id: true });

const event = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({ type: z.literal(type), data });

export const YearEventSchema = z.discriminatedUnion('type', [
  event('YearCreated', z.object({ yearId: z.string(), fields: YearFieldsSchema })),
  event('YearUpdated', z.object({ yearId: z.string(), fields: YearFieldsSchema, changed: z.array(z.string()) })),
  event('YearDeleted', z.object({ yearId: z.string(), year: z.number().int() })),
]);
export type YearEvent = z.infer<typeof YearEventSchema>;

export const VideoEventSchema = z.discriminatedUnion('type', [
  event('VideoCreated', z.object({ videoId: z.string(), fields: VideoFieldsSchema })),
  event('VideoUpdated', z.object({ videoId: z.string(), fields: VideoFieldsSchema, changed: z.array(z.string()) })),
  event('VideoDeleted', z.object({ videoId: z.string() })),
]);
export type VideoEvent = z.infer<typeof VideoEventSchema>;

export const ArticleEventSchema = z.discriminatedUnion('type', [
  event('ArticleCreated', z.object({ articleId: z.string(), fields: ArticleFieldsSchema })),
  event('ArticleUpdated', z.object({ articleId: z.string(), fields: ArticleFieldsSchema, changed: z.array(z.string()) })),
  event('ArticleDeleted', z.object({ articleId: z.string(), slug: z.string() })),
]);
export type ArticleEvent = z.infer<typeof ArticleEventSchema>;

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
  event(
    'ArchiveImported',
    z.object({ dataVersion: z.string(), years: z.number().int(), videos: z.number().int(), articles: z.number().int() }),
  ),
]);
export type ArchiveImportEvent = z.infer<typeof ArchiveImportEventSchema>;

export type ArchiveEvent = YearEvent | VideoEvent | ArticleEvent | ReservationEvent | ArchiveImportEvent;

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
  KeyClaimed: 1,
  KeyReleased: 1,
  ArchiveImported: 1,
} as const satisfies Record<ArchiveEvent['type'], number>;
