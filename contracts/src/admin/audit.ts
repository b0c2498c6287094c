import { z } from 'zod';
import { wholeNumber } from '../fields';

/** The kinds of item the history covers; each is one stream family. */
export const AUDIT_KINDS = ['year', 'video', 'article', 'entry', 'artist', 'source', 'forum-post', 'forum-reply'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
/** Kinds whose versions can be restored (the admin's curated documents, the lineups' entries, artists and sources). */
export const RESTORABLE_KINDS = ['year', 'video', 'article', 'entry', 'artist', 'source'] as const;
export type RestorableKind = (typeof RESTORABLE_KINDS)[number];

export type AuditActor = { userId: string | null; email: string | null; system: boolean };

/** One change of one field, as the timeline shows it. */
export type FieldChange = { field: string; before: unknown; after: unknown };

/** An event as the administrator sees it in the site-wide log (GET /api/admin/history). */
export type AuditEntry = {
  position: string;
  type: string;
  /** 'created' | 'updated' | 'deleted' | 'restored' | 'liked' | … — what happened, for a badge. */
  action: string;
  kind: AuditKind;
  itemId: string;
  /** The item's title as of this event (year number and winner, '2012 · Loreen – Euphoria', an act's name, a source key, video/article/post title, reply excerpt). */
  label: string;
  at: string;
  actor: AuditActor;
  /** For deletions of forum content: whose content it was. */
  contentAuthor: string | null;
  /** Whether the item still exists (a deleted item's history stays reachable). */
  exists: boolean;
};

export type AuditPage = { entries: AuditEntry[]; nextBefore: string | null };

/** One event of an item's own stream, with what it changed (GET /api/admin/history/{kind}/{id}). */
export type TimelineEntry = {
  revision: number;
  position: string;
  type: string;
  /** created, updated, deleted, or restored (an earlier version brought back by the admin). */
  action: string;
  /** For a restore: the revision of the version it brought back. */
  restoredFrom?: number;
  at: string;
  actor: AuditActor;
  changes: FieldChange[];
};

export type ItemTimeline = { kind: AuditKind; itemId: string; label: string; exists: boolean; entries: TimelineEntry[] };

/** The item as it stood right after one event (GET /api/admin/history/{kind}/{id}/versions/{revision}). */
export type ItemVersion = { kind: AuditKind; itemId: string; revision: number; at: string; deleted: boolean; item: Record<string, unknown> };

/** GET /api/admin/history query: every filter optional; `before` pages backwards through the log. */
export const AuditQuerySchema = z.object({
  kind: z
    .enum(['all', ...AUDIT_KINDS], { errorMap: () => ({ message: `Måste vara all eller en av: ${AUDIT_KINDS.join(', ')}` }) })
    .default('all')
    .transform((value) => (value === 'all' ? null : value)),
  user: z.string().trim().max(254, 'Får vara högst 254 tecken').optional().transform((value) => (value ? value : null)),
  from: z
    .string()
    .optional()
    .refine((value) => !value || !Number.isNaN(Date.parse(value)), 'Måste vara ett datum (ÅÅÅÅ-MM-DD)')
    .transform((value) => (value ? new Date(value).toISOString() : null)),
  to: z
    .string()
    .optional()
    .refine((value) => !value || !Number.isNaN(Date.parse(value)), 'Måste vara ett datum (ÅÅÅÅ-MM-DD)')
    .transform((value) => (value ? value : null)),
  before: z.string().max(100).optional().transform((value) => value ?? null),
  limit: wholeNumber(1, 200).default(50),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

/** POST /api/admin/history/{kind}/{id}/restore: which version to bring back (appends a new event). */
export const RestoreInputSchema = z.object({ revision: wholeNumber(0, 1_000_000) });

/** GET /api/admin/status: each projection's checkpoint and lag, for maintainers. */
export type ProjectionStatus = { name: string; position: string | null; behind: number; lastError: string | null; lastErrorAt: string | null; updatedAt: string };
export type AdminStatus = { head: string | null; projections: ProjectionStatus[]; search: 'postgres' | 'typesense'; eventStore: 'postgres' | 'eventstoredb' };
