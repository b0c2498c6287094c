import { formatDate, parseDate } from './dates';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The forum's relative time (spec section 2, Forum list): 'mindre än 1h sedan' under 1 hour, 'Nh sedan' under
 * 24 hours, 'Nd sedan' under 7 days, otherwise the Swedish date. Hours and days are counted down (59 minutes is
 * still under 1 hour; 47 hours is 1 day). `now` is given, not read from the clock: a page counts from the time
 * its server render used (app/now.tsx), so server and browser write the same text, and the boundaries can be tested.
 * A time slightly in the future (clocks out of step) counts as just now.
 */
export function relativeTime(value: string | Date, now: Date): string {
  const date = parseDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < HOUR_MS) return 'mindre än 1h sedan';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h sedan`;
  if (elapsed < 7 * DAY_MS) return `${Math.floor(elapsed / DAY_MS)}d sedan`;
  return formatDate(date);
}
