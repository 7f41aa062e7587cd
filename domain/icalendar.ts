/** iCalendar (RFC 5545) text for events, so people can add them to any calendar app. */

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  url: string;
  /** When the calendar entry was made (DTSTAMP). */
  now: Date;
  status?: "CONFIRMED" | "CANCELLED";
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
 * A calendar of `events` named `calendarName`. Times are written in UTC (a "Z" time), which every
 * client shows in its own zone, so no VTIMEZONE is needed and no zone rules can go stale in it.
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
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${stripControls(event.uid)}`,
      `DTSTAMP:${utcStamp(event.now)}`,
      `DTSTART:${utcStamp(event.startsAt)}`,
      `DTEND:${utcStamp(event.endsAt)}`,
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
