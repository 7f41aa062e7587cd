import { sequenceOf, type CalendarEvent } from "#domain/icalendar";
import { markdownToText } from "./markdown";

/** What a calendar entry reads of an event: the event's page, its feed and its own file write the same one. */
export interface CalendarSource {
  id: number;
  title: string;
  /** Markdown, as organizers write it. */
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
  status: "published" | "cancelled";
  venue: { name: string; address: string; city: string; state: string; zipCode: string };
}

/**
 * An event as an iCalendar entry. The UID is the same wherever it is written (one event, one identity);
 * the description is plain text, since calendar apps show Markdown marks as they are.
 */
export function calendarEntryOf(
  event: CalendarSource,
  origin: string,
  now: Date,
  { descriptionLength = Number.POSITIVE_INFINITY }: { descriptionLength?: number } = {},
): CalendarEvent {
  const url = `${origin}/events/${event.id}`;
  const { venue } = event;
  return {
    uid: `event-${event.id}@${new URL(origin).hostname}`,
    title: event.title,
    description: `${shortened(markdownToText(event.description), descriptionLength)}\n\n${url}`,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    location: `${venue.name}, ${venue.address}, ${venue.city}, ${venue.state} ${venue.zipCode}`,
    url,
    lastModified: event.updatedAt,
    sequence: sequenceOf(event.createdAt, event.updatedAt),
    now,
    status: event.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
  };
}

/** `text` cut to at most `length` characters and an ellipsis, at a space when one is near the end. */
function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${space > length - 100 ? cut.slice(0, space) : cut}…`;
}
