/**
 * The rules of saved events' reminders and followed organizers' e-mails, in one place (pure, so unit
 * tested at their edges).
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** A saved event's reminder goes out the day before it, from this hour (in the event's own time zone). */
export const REMINDER_LOCAL_HOUR = 9;

/** The reminders' task looks at events starting within this many hours (the day before is within it). */
export const REMINDER_LOOKAHEAD_HOURS = 48;

/** When the daily e-mail about followed organizers' new events goes out: 15:00 UTC (the Americas' morning). */
export const FOLLOWED_EVENTS_EMAIL_HOUR = 15;

/** The date (YYYY-MM-DD) and hour of `instant` on the wall clocks of `timeZone`. */
function wallClock(instant: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

/** The calendar day before `date` (YYYY-MM-DD). */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * Whether a saved event's reminder is due at `now`: it is the day before the event's date where it
 * happens, from REMINDER_LOCAL_HOUR on, and the event has not started. On the event's own day nothing
 * is sent (too late to be a reminder); an event saved that evening still gets one.
 */
export function savedReminderDue(event: { startsAt: Date; timeZone: string }, now: Date): boolean {
  if (now.getTime() >= event.startsAt.getTime()) return false;
  const today = wallClock(now, event.timeZone);
  return today.date === dayBefore(wallClock(event.startsAt, event.timeZone).date) && today.hour >= REMINDER_LOCAL_HOUR;
}

/** The first whole hour strictly after `after` (the reminders' task runs every hour). */
export function nextHourlyRunAfter(after: Date): Date {
  return new Date((Math.floor(after.getTime() / HOUR_MS) + 1) * HOUR_MS);
}

/**
 * The new events one daily e-mail tells about: those announced in the day that ends at the run's
 * scheduled instant, (runAt − 24 h, runAt]. Each run covers the day since the previous one, so one
 * person gets at most one such e-mail a day and each event is in one e-mail only.
 */
export function followedEventsWindow(runAt: Date): { after: Date; upTo: Date } {
  return { after: new Date(runAt.getTime() - DAY_MS), upTo: runAt };
}
