import type { Database } from "#server/db/client";
import { searchEvents } from "./event-search";

/** Published events that have not ended yet, soonest first. */
export async function listUpcomingEvents(db: Database, { now, limit }: { now: Date; limit: number }) {
  return (await searchEvents(db, { sort: "date", limit }, now)).events;
}
