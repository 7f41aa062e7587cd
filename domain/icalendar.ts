/** iCalendar (RFC 5545) text for events, so people can add them to any calendar app. */

import { formatUtcOffset, utcOffsetMinutes } from "./time";

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  url: string;
  /** The IANA zone the event happens in: its times are written on that zone's clocks (TZID). */
  timeZone: string;
  /** When the event was last changed (LAST-MODIFIED). */
  lastModified: Date;
  /** Grows with every change of the event (SEQUENCE), so calendars replace their copy instead of keeping it. */
  sequence: number;
  /** When the calendar entry was made (DTSTAMP). */
  now: Date;
  status?: "CONFIRMED" | "CANCELLED";
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A zone's description starts this long before its first event, so that rules in force then are in it. */
const ZONE_LOOKBACK_MS = 366 * DAY_MS;

/**
 * A SEQUENCE for an event from its creation and last change: the seconds between them, which grow with
 * every change (the events table keeps no revision count) and fit iCalendar's 32-bit INTEGER for 68 years.
 */
export function sequenceOf(createdAt: Date, updatedAt: Date): number {
  return Math.min(2_147_483_647, Math.max(0, Math.floor((updatedAt.getTime() - createdAt.getTime()) / 1000)));
}

/** What a calendar entry reads of an event, wherever it is written (its page, the feed, an order's e-mail). */
export interface CalendarEventSource {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
  status: string;
  venue: { name: string; address: string; city: string; state: string; zipCode: string };
}

/**
 * An event as an iCalendar entry, with `description` as plain text. The UID is the same wherever it is
 * written (one event, one identity), so a calendar that has it from an e-mail replaces it from the feed.
 */
export function eventEntryOf(
  event: CalendarEventSource,
  { origin, now, description }: { origin: string; now: Date; description: string },
): CalendarEvent {
  const { venue } = event;
  return {
    uid: `event-${event.id}@${new URL(origin).hostname}`,
    title: event.title,
    description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    location: `${venue.name}, ${venue.address}, ${venue.city}, ${venue.state} ${venue.zipCode}`,
    url: `${origin}/events/${event.id}`,
    lastModified: event.updatedAt,
    sequence: sequenceOf(event.createdAt, event.updatedAt),
    now,
    status: event.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
  };
}

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * Escapes text values: backslash, semicolon, comma and line breaks have meanings in iCalendar. Other
 * control characters are not allowed in a TEXT value at all (RFC 5545 §3.3.11) and are dropped.
 */
export function escapeText(text: string): string {
  return stripControls(
    text
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r\n|\r|\n/g, "\\n"),
  );
}

/** "20261205T190000": the reading of `instant` on clocks `offsetMinutes` ahead of UTC (a local DATE-TIME). */
function localStamp(instant: Date, offsetMinutes: number): string {
  return utcStamp(new Date(instant.getTime() + offsetMinutes * 60_000)).slice(0, -1);
}

function offsetValue(offsetMinutes: number): string {
  return formatUtcOffset(offsetMinutes).replace(":", "");
}

/** The instants in (from, to] at which clocks in `timeZone` change their offset, found to the minute. */
function offsetChanges(timeZone: string, from: Date, to: Date): { at: Date; before: number; after: number }[] {
  const changes: { at: Date; before: number; after: number }[] = [];
  let previous = from.getTime();
  let previousOffset = utcOffsetMinutes(from, timeZone);
  // Zones change at most a few times a year and never twice in a day: a daily look misses none.
  for (let time = previous + DAY_MS; previous < to.getTime(); time += DAY_MS) {
    const next = Math.min(time, to.getTime());
    const offset = utcOffsetMinutes(new Date(next), timeZone);
    if (offset !== previousOffset) {
      let [low, high] = [previous, next]; // the offset is previousOffset at low and offset at high
      while (high - low > 60_000) {
        const middle = low + Math.max(60_000, Math.floor((high - low) / 120_000) * 60_000);
        if (utcOffsetMinutes(new Date(middle), timeZone) === previousOffset) low = middle;
        else high = middle;
      }
      changes.push({ at: new Date(high), before: previousOffset, after: offset });
    }
    previous = next;
    previousOffset = offset;
  }
  return changes;
}

/** The short name clocks in `timeZone` go by at `instant` ("EST"), when there is one besides "GMT+3". */
function zoneAbbreviation(instant: Date, timeZone: string): string | null {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && /^[A-Z]{2,5}$/.test(name) ? name : null;
}

/**
 * A VTIMEZONE for `timeZone` from a year before `from` until `to`: the offset in force at its start,
 * then every change of offset (daylight saving time starting or ending) as its own observance with the
 * exact local time of the change. Written from the runtime's zone data rather than as RRULEs, so
 * it holds for zones whose rules are irregular or have changed.
 */
function timeZoneComponent(timeZone: string, from: Date, to: Date): string[] {
  const start = new Date(Math.floor((from.getTime() - ZONE_LOOKBACK_MS) / 60_000) * 60_000);
  const startOffset = utcOffsetMinutes(start, timeZone);
  const changes = offsetChanges(timeZone, start, to);
  const observance = (onset: Date, before: number, after: number, isDaylight: boolean) => {
    const kind = isDaylight ? "DAYLIGHT" : "STANDARD";
    const name = zoneAbbreviation(onset, timeZone);
    return [
      `BEGIN:${kind}`,
      // An observance's onset is a local time on the clocks in force before it (RFC 5545 §3.6.5).
      `DTSTART:${localStamp(onset, before)}`,
      `TZOFFSETFROM:${offsetValue(before)}`,
      `TZOFFSETTO:${offsetValue(after)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      `END:${kind}`,
    ];
  };
  const firstChange = changes[0];
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    // Daylight time is the offset further ahead of its neighbour.
    ...observance(start, startOffset, startOffset, firstChange !== undefined && startOffset > firstChange.after),
    ...changes.flatMap((change) => observance(change.at, change.before, change.after, change.after > change.before)),
    "END:VTIMEZONE",
  ];
}

/** One VTIMEZONE per zone the events happen in, covering all of that zone's events. */
function timeZoneComponents(events: readonly CalendarEvent[]): string[] {
  const spans = new Map<string, { from: Date; to: Date }>();
  for (const event of events) {
    const span = spans.get(event.timeZone);
    spans.set(event.timeZone, {
      from: span && span.from < event.startsAt ? span.from : event.startsAt,
      to: span && span.to > event.endsAt ? span.to : event.endsAt,
    });
  }
  return [...spans].flatMap(([timeZone, { from, to }]) => timeZoneComponent(timeZone, from, to));
}

/** Drops control characters (but tab): they would break a content line, or a client reading it. */
function stripControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, "");
}

/** Folds a content line to at most 75 octets per line, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** What a subscribed calendar (a feed) adds to a file: how often clients should fetch it again. */
export interface CalendarOptions {
  /** An ISO 8601 duration such as "PT1H": REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL (Apple, Google, Outlook). */
  refreshInterval?: string;
  /** A sentence about the calendar (X-WR-CALDESC). */
  description?: string;
}

/**
 * A calendar of `events` named `calendarName`. Times are on the clocks of each event's zone (TZID) with
 * a VTIMEZONE describing that zone, so an event at 7 PM in Washington stays at 7 PM there in any client.
 */
export function toICalendar(
  events: readonly CalendarEvent[],
  calendarName: string,
  options: CalendarOptions = {},
): string {
  const refresh =
    options.refreshInterval && /^P(T?\d+[WDHMS])+$/.test(options.refreshInterval) ? options.refreshInterval : null;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//DMV Events//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${escapeText(calendarName)}`,
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    ...(options.description ? [`X-WR-CALDESC:${escapeText(options.description)}`] : []),
    ...(refresh ? [`REFRESH-INTERVAL;VALUE=DURATION:${refresh}`, `X-PUBLISHED-TTL:${refresh}`] : []),
    ...timeZoneComponents(events),
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${stripControls(event.uid)}`,
      `DTSTAMP:${utcStamp(event.now)}`,
      `DTSTART;TZID=${event.timeZone}:${localStamp(event.startsAt, utcOffsetMinutes(event.startsAt, event.timeZone))}`,
      `DTEND;TZID=${event.timeZone}:${localStamp(event.endsAt, utcOffsetMinutes(event.endsAt, event.timeZone))}`,
      `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
      `SEQUENCE:${event.sequence}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      `URL:${stripControls(event.url)}`,
      `STATUS:${event.status ?? "CONFIRMED"}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
