import { z } from 'zod';
import { INVALID_CURSOR_MESSAGE } from '../http/paging';

/**
 * The filters the two views of the log share (the event browser, GET /api/admin/events, and the audit history,
 * GET /api/admin/history): a time range and a cursor. One definition, so both answer a bad value with the same 400.
 */

/** A position in the global log as the event store writes it (backend/src/event-store/port.ts, LogPosition). */
export const LOG_POSITION = /^\d{20}\/\d{20}$/;
/** Both numbers fit their columns (xid8, bigint): a larger one names no event and must not reach the query. */
const isLogPosition = (value: string) => {
  if (!LOG_POSITION.test(value)) return false;
  const [xid, position] = value.split('/').map(BigInt) as [bigint, bigint];
  return xid < 2n ** 64n && position < 2n ** 63n;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;
const DATE_START = /^(\d{4})-(\d{2})-(\d{2})($|T)/;

/** A day of the calendar: Date.parse reads 2020-02-30 as 1 March, which no one meant. */
const isCalendarDay = (value: string) => {
  const match = DATE_START.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * A date (ÅÅÅÅ-MM-DD) or an ISO 8601 instant, as an ISO string. A four-digit year from 1970 on: what the log can
 * hold, and what PostgreSQL and Date both read the same way (year 0 or 275760 reached PostgreSQL as an instant it
 * cannot hold: a 500). `endOfDay`: a bare date as the end of a range means the whole of that day (UTC), since the
 * bound is exclusive.
 */
export const logInstant = (endOfDay: boolean) =>
  z
    .string()
    .trim()
    .max(40, 'Får vara högst 40 tecken')
    .optional()
    .refine((value) => !value || (isCalendarDay(value) && Date.parse(value) >= 0), 'Måste vara ett datum (ÅÅÅÅ-MM-DD) eller en tidpunkt (ISO 8601)')
    .transform((value) => (!value ? null : new Date(Date.parse(value) + (endOfDay && DAY.test(value) ? DAY_MS : 0)).toISOString()));

/** `before`: the log position of the last item of the previous page. */
export const logCursor = z
  .string()
  .optional()
  .refine((value) => !value || isLogPosition(value), INVALID_CURSOR_MESSAGE)
  .transform((value) => value || null);

/** A range must end after it starts. */
export function checkLogRange(query: { from: string | null; to: string | null }, ctx: z.RefinementCtx): void {
  if (query.from && query.to && query.from >= query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Måste vara efter från-datumet' });
}
