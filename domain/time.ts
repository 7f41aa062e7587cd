/** Wall-clock times in a named IANA zone, converted without any library. */

export interface LocalDateTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading of `instant` in `timeZone`. */
export function localDateTimeIn(instant: Date, timeZone: string): LocalDateTime {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value("year"),
    month: value("month"),
    day: value("day"),
    hour: value("hour"),
    minute: value("minute"),
  };
}

function offsetMsAt(instant: Date, timeZone: string): number {
  const local = localDateTimeIn(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/**
 * The instant at which clocks in `timeZone` read `local`. Two passes settle daylight-saving
 * changes; a time skipped by a spring-forward gap resolves to the hour after it.
 */
export function zonedTimeToUtc(local: LocalDateTime, timeZone: string): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = guess - offsetMsAt(new Date(guess), timeZone);
  const second = guess - offsetMsAt(new Date(first), timeZone);
  const readsAsAsked = (instant: number) => {
    const reading = localDateTimeIn(new Date(instant), timeZone);
    return reading.day === local.day && reading.hour === local.hour && reading.minute === local.minute;
  };
  if (readsAsAsked(second)) return new Date(second);
  if (readsAsAsked(first)) return new Date(first);
  // In a gap no instant reads as asked; the later candidate is the same wall time shifted past the gap.
  return new Date(Math.max(first, second));
}

/** The calendar date `days` after the local date of `instant` in `timeZone`, at `hour:minute` there. */
export function zonedDayAt(instant: Date, days: number, hour: number, minute: number, timeZone: string): Date {
  const today = localDateTimeIn(instant, timeZone);
  const target = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return zonedTimeToUtc(
    { year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: target.getUTCDate(), hour, minute },
    timeZone,
  );
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The year, month and day of "2026-12-05" when that day exists on the calendar; null for anything else,
 * "2026-13-45" and "2026-02-29" included (Date.UTC would quietly roll them over into another day).
 */
export function parseIsoDay(text: string): { year: number; month: number; day: number } | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  calendar.setUTCFullYear(year); // Date.UTC reads years 0–99 as 1900–1999
  const exists =
    calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  return exists ? { year, month, day } : null;
}
