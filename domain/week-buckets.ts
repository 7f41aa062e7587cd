/*
 * Weekly figures: weeks are UTC weeks starting Monday 00:00 UTC (ISO weeks), so that every staff
 * member, wherever they are, sees the same columns. A week is named by its Monday ("2026-11-23").
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday 00:00 UTC that starts the week holding `instant`. */
export function weekStart(instant: Date): Date {
  const midnight = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
  const sinceMonday = (instant.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The starts of the `count` weeks up to and including the one holding `now`, oldest first. */
export function lastWeeks(now: Date, count: number): Date[] {
  const current = weekStart(now).getTime();
  return Array.from({ length: count }, (_, index) => new Date(current - (count - 1 - index) * WEEK_MS));
}

/** A week's name: the date of its Monday, YYYY-MM-DD. */
export function weekKey(start: Date): string {
  return start.toISOString().slice(0, 10);
}

/**
 * Sums `amount` of each entry into the week its instant falls in, for the weeks given (as lastWeeks
 * makes them); entries outside those weeks are left out. One total per week, in the weeks' order.
 */
export function bucketByWeek(weeks: readonly Date[], entries: readonly { at: Date; amount: number }[]): number[] {
  const index = new Map(weeks.map((week, position) => [week.getTime(), position]));
  const totals = weeks.map(() => 0);
  for (const entry of entries) {
    const position = index.get(weekStart(entry.at).getTime());
    if (position !== undefined) totals[position]! += entry.amount;
  }
  return totals;
}
