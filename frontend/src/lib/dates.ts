/**
 * Swedish date formatting (spec: "Dates are formatted in Swedish").
 *
 * The archive is about a Swedish contest for a Swedish audience, so calendar days are those of Stockholm
 * whatever the visitor's own time zone: an article published 23:30 UTC belongs to the next Swedish day, and
 * server and client (and tests) agree on the same text.
 */
export const SWEDISH_TIME_ZONE = 'Europe/Stockholm';

/** Made on first use: building an Intl formatter costs tens of milliseconds on a slow phone, before any paint. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const longDate = lazily(() => new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SWEDISH_TIME_ZONE }));

const yearOnly = lazily(() => new Intl.DateTimeFormat('sv-SE', { year: 'numeric', timeZone: SWEDISH_TIME_ZONE }));

const wholeNumber = lazily(() => new Intl.NumberFormat('sv-SE'));

// Browsers' Date parsers guess at free text ('8 mars' becomes a day in 2001 in V8), so only ISO dates count.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** An ISO date string or a Date as a valid Date, otherwise null. */
export function parseDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? (ISO_DATE.test(value) ? new Date(value) : null) : value;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** '12 mars 2024'. Text that is not an ISO date comes back unchanged rather than as 'Invalid Date'. */
export function formatDate(value: string | Date): string {
  const date = parseDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return longDate().format(date);
}

/** The year of a moment in Stockholm (the same on the server and in any visitor's time zone, even on New Year's Eve). */
export function swedishYear(date: Date): string {
  return yearOnly().format(date);
}

/** Whole numbers with Swedish digit grouping: 1234567 → '1 234 567' (a narrow no-break space between groups). */
export function formatCount(value: number): string {
  return wholeNumber().format(value);
}
