/**
 * Swedish date formatting (spec: "Dates are formatted in Swedish").
 *
 * The archive is about a Swedish contest for a Swedish audience, so calendar days are those of Stockholm
 * whatever the visitor's own time zone: an article published 23:30 UTC belongs to the next Swedish day, and
 * server and client (and tests) agree on the same text.
 */
export const SWEDISH_TIME_ZONE = 'Europe/Stockholm';

/**
 * Why there is no Intl here: the first Intl formatter a page makes loads the browser's locale data, 30-80 ms on
 * this machine's Chromium and four times that on Lighthouse's slow phone, inside the hydration of every page (the
 * footer's year, the articles' dates; issue 17, TBT). Stockholm's clock and Swedish month names are simple enough
 * to write out, and dates.unit.test.ts holds them to Intl for every hour from 1981 to 2040.
 */
const MONTHS = ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'];

const HOUR = 3_600_000;

/** The last Sunday of a month (0-based), at 01:00 UTC: when the EU's summer time starts and ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
}

/** Sweden has kept the EU's summer time since 1981 (tz database, Europe/Stockholm); the years before go to Intl. */
const FIRST_EU_YEAR = 1981;

/** Stockholm's offset from UTC at an instant from 1981 on: CET (+1), CEST (+2) from the last Sunday of March until
 * the last Sunday of October (of September until 1995). */
function stockholmOffset(instant: number, year: number): number {
  const summerStart = lastSundayAtOneUtc(year, 2);
  const summerEnd = lastSundayAtOneUtc(year, year <= 1995 ? 8 : 9);
  return instant >= summerStart && instant < summerEnd ? 2 * HOUR : HOUR;
}

/** An Intl formatter for what the code above does not cover, made on first use (see above for why). */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
const olderDates = lazily(() => new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SWEDISH_TIME_ZONE }));
const olderYears = lazily(() => new Intl.DateTimeFormat('sv-SE', { year: 'numeric', timeZone: SWEDISH_TIME_ZONE }));
const otherNumbers = lazily(() => new Intl.NumberFormat('sv-SE'));

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
  const instant = date.getTime();
  const year = date.getUTCFullYear();
  if (year < FIRST_EU_YEAR) return olderDates().format(date);
  const local = new Date(instant + stockholmOffset(instant, year));
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/**
 * The year of a moment in Stockholm (the same on the server and in any visitor's time zone, even on New Year's Eve):
 * since 1981 Stockholm keeps winter time (UTC+1) at every turn of the year (in 1940-1942 it did not).
 */
export function swedishYear(date: Date): string {
  if (date.getUTCFullYear() < FIRST_EU_YEAR) return olderYears().format(date);
  return String(new Date(date.getTime() + HOUR).getUTCFullYear());
}

/** Whole numbers with Swedish digit grouping: 1234567 → '1 234 567' (a no-break space between groups, as Intl). */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value) && value >= 0) return String(value).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  // Negative numbers (Intl writes a minus sign, U+2212) and fractions: none is a count, but they stay right.
  return otherNumbers().format(value);
}
