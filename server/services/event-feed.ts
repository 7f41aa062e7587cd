import { eq, inArray } from "drizzle-orm";
import type { EventSearch } from "#domain/event-search";
import type { Database } from "#server/db/client";
import { events, venues } from "#server/db/schema";
import type { CalendarSource } from "./calendar-entries";
import { searchEvents } from "./event-search";

/** A feed lists at most this many events, the soonest first: a calendar app refetches it whole every time. */
export const FEED_MAX_EVENTS = 500;
/** Descriptions are cut to this many characters of text in a feed; the event's page has the rest (its URL is in every entry). */
export const FEED_DESCRIPTION_LENGTH = 1_000;
/** searchEvents' largest page. */
const SEARCH_PAGE_SIZE = 100;

/** An event of a feed (its description as the organizer wrote it: calendarEntryOf cuts it). */
export type FeedEvent = CalendarSource;

/**
 * The upcoming published events matching a search of /events, soonest first, at most FEED_MAX_EVENTS:
 * the events of a subscribable calendar. The search is the /events one (every filter means the same),
 * except that past events, sorting and paging are the feed's own.
 */
export async function listFeedEvents(db: Database, search: EventSearch, now: Date): Promise<FeedEvent[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < FEED_MAX_EVENTS; page += 1) {
    const result = await searchEvents(
      db,
      { ...search, past: undefined, sort: "date", page, limit: SEARCH_PAGE_SIZE },
      now,
    );
    ids.push(...result.events.map((event) => event.id));
    if (result.events.length < SEARCH_PAGE_SIZE) break;
  }
  const wanted = ids.slice(0, FEED_MAX_EVENTS);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      description: events.description,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
      venue: {
        name: venues.name,
        address: venues.address,
        city: venues.city,
        state: venues.state,
        zipCode: venues.zipCode,
      },
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(inArray(events.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted
    .map((id) => byId.get(id))
    .filter((row): row is (typeof rows)[number] => row !== undefined)
    .map((row) => ({ ...row, status: "published" as const }));
}
