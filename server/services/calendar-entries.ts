import { eventEntryOf, type CalendarEvent, type CalendarEventSource } from "#domain/icalendar";
import { markdownToText } from "./markdown";

/** What a calendar entry reads of an event, its description in Markdown as organizers write it. */
export interface CalendarSource extends CalendarEventSource {
  description: string;
  status: "published" | "cancelled";
}

/**
 * An event as an iCalendar entry, for its page's file and the feed: the description as plain text (calendar
 * apps show Markdown marks as they are), cut to `descriptionLength`, then the event's address.
 */
export function calendarEntryOf(
  event: CalendarSource,
  origin: string,
  now: Date,
  { descriptionLength = Number.POSITIVE_INFINITY }: { descriptionLength?: number } = {},
): CalendarEvent {
  const text = shortened(markdownToText(event.description), descriptionLength);
  return eventEntryOf(event, { origin, now, description: `${text}\n\n${origin}/events/${event.id}` });
}

/** `text` cut to at most `length` characters and an ellipsis, at a space when one is near the end. */
function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${space > length - 100 ? cut.slice(0, space) : cut}…`;
}
