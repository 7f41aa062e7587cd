/**
 * When recurring work runs next. Times are in UTC: the site serves several time zones, and a fixed
 * UTC instant is the same for every app instance whatever the machine's zone.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** 0 is Sunday, 1 Monday … 6 Saturday, as `Date.prototype.getUTCDay` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The first instant strictly after `after` that falls at `hour`:00 UTC. */
export function nextDailyRunAfter(after: Date, hour: number): Date {
  const midnight = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  const today = midnight + hour * HOUR_MS;
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}

/** The first instant strictly after `after` that falls on `weekday` at `hour`:00 UTC. */
export function nextWeeklyRunAfter(after: Date, weekday: Weekday, hour: number): Date {
  const midnight = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  const daysAhead = (weekday - after.getUTCDay() + 7) % 7;
  const candidate = midnight + daysAhead * DAY_MS + hour * HOUR_MS;
  return new Date(candidate > after.getTime() ? candidate : candidate + 7 * DAY_MS);
}
