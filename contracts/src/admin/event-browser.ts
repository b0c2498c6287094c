import { z } from 'zod';
import { EVENT_NAMES, type EventName } from '../events/registry';
import { wholeNumber } from '../fields';
import { INVALID_CURSOR_MESSAGE } from '../http/paging';
import { AUDIT_KINDS, AuditActorSchema, FieldChangeSchema } from './audit';

/** A position in the global log as the event store writes it (backend/src/event-store/port.ts, LogPosition). */
export const LOG_POSITION = /^\d{20}\/\d{20}$/;
/** Both numbers fit their columns (xid8, bigint): a larger one names no event and must not reach the query. */
const isLogPosition = (value: string) => {
  if (!LOG_POSITION.test(value)) return false;
  const [xid, position] = value.split('/').map(BigInt) as [bigint, bigint];
  return xid < 2n ** 64n && position < 2n ** 63n;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

const instant = (endOfDay: boolean) =>
  z
    .string()
    .trim()
    .max(40, 'Får vara högst 40 tecken')
    .optional()
    // A four-digit year from 1970 on: what the log can hold, and what PostgreSQL and Date both read the same way.
    .refine(
      (value) => !value || (/^\d{4}-\d{2}-\d{2}($|T)/.test(value) && Date.parse(value) >= 0),
      'Måste vara ett datum (ÅÅÅÅ-MM-DD) eller en tidpunkt (ISO 8601)',
    )
    // A bare date as the end of a range means the whole of that day (UTC): the bound is exclusive.
    .transform((value) => (!value ? null : new Date(Date.parse(value) + (endOfDay && DAY.test(value) ? DAY_MS : 0)).toISOString()));

/**
 * GET /api/admin/events: the raw event log, newest first. Every filter optional; `before` is the position of the
 * last event of the previous page (keyset paging on the log position, never an offset). `user` is who caused the
 * event (the metadata's actor): a user id, or an e-mail address the server looks up.
 */
export const EventLogQuerySchema = z
  .object({
    stream: z
      .string()
      .trim()
      .max(300, 'Får vara högst 300 tecken')
      .optional()
      .transform((value) => value || null),
    type: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || (EVENT_NAMES as readonly string[]).includes(value), 'Okänd händelsetyp')
      .transform((value) => (value ? (value as EventName) : null)),
    user: z
      .string()
      .trim()
      .max(254, 'Får vara högst 254 tecken')
      .optional()
      .refine((value) => !value || UUID.test(value) || EMAIL.test(value), 'Måste vara ett användar-id eller en e-postadress')
      .transform((value) => (value ? value.toLowerCase() : null)),
    from: instant(false),
    to: instant(true),
    before: z
      .string()
      .optional()
      .refine((value) => !value || isLogPosition(value), INVALID_CURSOR_MESSAGE)
      .transform((value) => value || null),
    limit: wholeNumber(1, 200).default(50),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from >= query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Måste vara efter från-datumet' });
  });
export type EventLogQuery = z.output<typeof EventLogQuerySchema>;

/** One stored event as the browser shows it. Secrets are never in it (backend/src/admin/redact.ts). */
export const LoggedEventSchema = z.object({
  position: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  type: z.string(),
  /** When the store recorded it (ISO 8601). */
  recordedAt: z.string(),
  actor: AuditActorSchema,
  /** As readers see it: upcast and parsed by the event registry; the stored data when that fails (`readable` false). */
  data: z.unknown(),
  metadata: z.record(z.unknown()),
  readable: z.boolean(),
});
export type LoggedEvent = z.infer<typeof LoggedEventSchema>;

/** One page of the log; `nextBefore` is the `before` of the next (older) page, null on the last. */
export const EventLogPageSchema = z.object({ events: z.array(LoggedEventSchema), nextBefore: z.string().nullable() });
export type EventLogPage = z.infer<typeof EventLogPageSchema>;

/** GET /api/admin/events/stream?name=…: one stream, oldest first. */
export const StreamQuerySchema = z.object({
  name: z.string({ required_error: 'Obligatoriskt fält' }).trim().min(1, 'Obligatoriskt fält').max(300, 'Får vara högst 300 tecken'),
});

/** One event of a stream with the document's state right after it and what it changed (null state: no fold). */
export const StreamStepSchema = LoggedEventSchema.extend({
  state: z.record(z.unknown()).nullable(),
  deleted: z.boolean(),
  changes: z.array(FieldChangeSchema),
});
export type StreamStep = z.infer<typeof StreamStepSchema>;

export const StreamViewSchema = z.object({
  stream: z.string(),
  /** The kind of document the stream holds when the history knows how to fold it, else null (data only). */
  kind: z.enum(AUDIT_KINDS).nullable(),
  events: z.array(StreamStepSchema),
});
export type StreamView = z.infer<typeof StreamViewSchema>;
