/**
 * When recurring work runs next. Times are in UTC: the site serves several time zones, and a fixed
 * UTC instant is the same for every app instance whatever the machine's zone.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** 0 is Sunday, 1 Monday … 6 Saturday, as `Date.prototype.getUTCDay` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * When the weekly digest goes out: Mondays at 14:00 UTC (morning in the Americas, evening in Africa).
 * The scheduled task sends it and promotion pricing charges per edition, so both read it here.
 */
export const DIGEST_SCHEDULE: { readonly weekday: Weekday; readonly hour: number } = { weekday: 1, hour: 14 };

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

/** How many weekly runs (on `weekday` at `hour`:00 UTC) fall within [from, to): from included, to not. */
export function weeklyRunsWithin(from: Date, to: Date, weekday: Weekday, hour: number): number {
  const first = nextWeeklyRunAfter(new Date(from.getTime() - 1), weekday, hour).getTime();
  if (first >= to.getTime()) return 0;
  return Math.floor((to.getTime() - 1 - first) / WEEK_MS) + 1;
}
