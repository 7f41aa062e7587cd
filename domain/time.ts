/** Wall-clock times in a named IANA zone, converted without any library. */

export interface LocalDateTime {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
}

/** One formatter per zone: making one costs far more than using it, and calendars ask for hundreds of readings. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall-clock reading of `instant` in `timeZone`. */
export function localDateTimeIn(instant: Date, timeZone: string): LocalDateTime {
  const parts = wallClockOf(timeZone).formatToParts(instant);
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

/** How far clocks in `timeZone` are ahead of UTC at `instant`, in minutes (-300 in Washington in winter). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetMsAt(instant, timeZone) / 60_000);
}

/** "-05:00", "+03:00", "+00:00": an offset as ISO 8601 writes it. */
export function formatUtcOffset(offsetMinutes: number): string {
  const size = Math.abs(offsetMinutes);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

/**
 * `instant` as ISO 8601 on the clocks of `timeZone`, with their offset: "2026-12-05T19:00:00-05:00".
 * Readers see the local time the event is announced at and still know the exact instant.
 */
export function isoStringIn(instant: Date, timeZone: string): string {
  const offset = utcOffsetMinutes(instant, timeZone);
  const shifted = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${shifted}${formatUtcOffset(offset)}`;
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
