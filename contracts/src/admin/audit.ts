import { z } from 'zod';
import { wholeNumber } from '../fields';
import { checkLogRange, logCursor, logInstant } from './log-filters';

/** The kinds of item the history covers; each is one stream family. */
/** `rebuild`: a finished rebuild of the read models (its run's id is the item's id). */
export const AUDIT_KINDS = ['year', 'video', 'article', 'entry', 'artist', 'source', 'forum-post', 'forum-reply', 'rebuild'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const isAuditKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);
/** Kinds whose versions can be restored (the admin's curated documents, the lineups' entries, artists and sources). */
export const RESTORABLE_KINDS = ['year', 'video', 'article', 'entry', 'artist', 'source'] as const;
export type RestorableKind = (typeof RESTORABLE_KINDS)[number];

export const AuditActorSchema = z.object({ userId: z.string().nullable(), email: z.string().nullable(), system: z.boolean() });
export type AuditActor = z.infer<typeof AuditActorSchema>;

const auditKind = z.enum(AUDIT_KINDS);

/** One change of one field, as the timeline shows it. */
export const FieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** An event as the administrator sees it in the site-wide log (GET /api/admin/history). */
export const AuditEntrySchema = z.object({
  position: z.string(),
  type: z.string(),
  /** 'created' | 'updated' | 'deleted' | 'restored' | 'liked' | … — what happened, for a badge. */
  action: z.string(),
  kind: auditKind,
  itemId: z.string(),
  /** The item's title as of this event (year number and winner, '2012 · Loreen – Euphoria', an act's name, a source key, video/article/post title, reply excerpt). */
  label: z.string(),
  at: z.string(),
  actor: AuditActorSchema,
  /** For deletions of forum content: whose content it was. */
  contentAuthor: z.string().nullable(),
  /** Whether the item still exists (a deleted item's history stays reachable). */
  exists: z.boolean(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** One page of the log; `nextBefore` is the `before` of the next (older) page, null on the last. */
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), nextBefore: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** One event of an item's own stream, with what it changed (GET /api/admin/history/{kind}/{id}). */
export const TimelineEntrySchema = z.object({
  revision: z.number().int(),
  position: z.string(),
  type: z.string(),
  /** created, updated, deleted, or restored (an earlier version brought back by the admin). */
  action: z.string(),
  /** For a restore: the revision of the version it brought back. */
  restoredFrom: z.number().int().optional(),
  at: z.string(),
  actor: AuditActorSchema,
  changes: z.array(FieldChangeSchema),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const ItemTimelineSchema = z.object({
  kind: auditKind,
  itemId: z.string(),
  label: z.string(),
  exists: z.boolean(),
  entries: z.array(TimelineEntrySchema),
});
export type ItemTimeline = z.infer<typeof ItemTimelineSchema>;

/** The item as it stood right after one event (GET /api/admin/history/{kind}/{id}/versions/{revision}). */
export const ItemVersionSchema = z.object({
  kind: auditKind,
  itemId: z.string(),
  revision: z.number().int(),
  at: z.string(),
  deleted: z.boolean(),
  item: z.record(z.unknown()),
});
export type ItemVersion = z.infer<typeof ItemVersionSchema>;

/** GET /api/admin/history query: every filter optional; `before` pages backwards through the log. */
export const AuditQuerySchema = z
  .object({
    kind: z
      .enum(['all', ...AUDIT_KINDS], { errorMap: () => ({ message: `Måste vara all eller en av: ${AUDIT_KINDS.join(', ')}` }) })
      .default('all')
      .transform((value) => (value === 'all' ? null : value)),
    user: z
      .string()
      .trim()
      .max(254, 'Får vara högst 254 tecken')
      .optional()
      .transform((value) => (value ? value : null)),
    from: logInstant(false),
    to: logInstant(true),
    before: logCursor,
    limit: wholeNumber(1, 200).default(50),
  })
  .superRefine(checkLogRange);
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** POST /api/admin/history/{kind}/{id}/restore: which version to bring back (appends a new event). */
export const RestoreInputSchema = z.object({ revision: wholeNumber(0, 1_000_000) });

/** GET /api/admin/status: each projection's checkpoint and lag, for maintainers. */
export const ProjectionStatusSchema = z.object({
  name: z.string(),
  position: z.string().nullable(),
  behind: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProjectionStatus = z.infer<typeof ProjectionStatusSchema>;

export const AdminStatusSchema = z.object({
  head: z.string().nullable(),
  projections: z.array(ProjectionStatusSchema),
  search: z.enum(['postgres', 'typesense']),
  eventStore: z.enum(['postgres', 'eventstoredb']),
});
export type AdminStatus = z.infer<typeof AdminStatusSchema>;
