import type { CategoryKey } from "#domain/catalog";
import type { EventSummary } from "#domain/event-summary";
import type { Database } from "#server/db/client";
import { searchEvents } from "#server/services/event-search";

/**
 * The next `limit` published events listed under any of `categories`, soonest first: each category's
 * soonest through the site's own search (so whatever search leaves out, such as hidden events, stays out
 * here too), merged.
 */
export async function upcomingEventsIn(
  db: Database,
  categories: readonly CategoryKey[],
  now: Date,
  limit: number,
): Promise<EventSummary[]> {
  const results = await Promise.all(
    categories.map((category) => searchEvents(db, { category, sort: "date", limit }, now)),
  );
  const byId = new Map<number, EventSummary>();
  for (const { events } of results) {
    for (const { distanceMiles: _distance, ...event } of events) byId.set(event.id, event);
  }
  return [...byId.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id).slice(0, limit);
}
