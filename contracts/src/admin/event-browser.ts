import { z } from 'zod';
import { EVENT_NAMES, type EventName } from '../events/registry';
import { isUuid, wholeNumber } from '../fields';
import { AUDIT_KINDS, AuditActorSchema, FieldChangeSchema } from './audit';
import { checkLogRange, logCursor, logInstant } from './log-filters';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

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
      .refine((value) => !value || isUuid(value) || EMAIL.test(value), 'Måste vara ett användar-id eller en e-postadress')
      .transform((value) => (value ? value.toLowerCase() : null)),
    from: logInstant(false),
    to: logInstant(true),
    before: logCursor,
    limit: wholeNumber(1, 200).default(50),
  })
  .superRefine(checkLogRange);
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
