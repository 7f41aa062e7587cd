import { isWellFormedText } from "#domain/text";
import { asc, ilike, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { venues } from "#server/db/schema";

export interface VenueRow {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  latitude: number;
  longitude: number;
}

/** Longest query looked at: venue names and addresses are short. */
const MAX_QUERY_LENGTH = 100;
export const MAX_VENUE_RESULTS = 20;

/**
 * Venues whose name, address or city contains `query` (case-insensitive), the ones whose name starts
 * with it first, for the event form's venue search. An empty query finds nothing.
 */
export async function searchVenues(db: Database, query: string, limit = 8): Promise<VenueRow[]> {
  const words = query.trim().slice(0, MAX_QUERY_LENGTH);
  // Broken text (a NUL, say) names no venue, and the database would refuse to compare it.
  if (!words || !isWellFormedText(words)) return [];
  // LIKE's own wildcards in what was typed are meant literally.
  const escaped = words.replace(/[\\%_]/g, (character) => `\\${character}`);
  const contains = `%${escaped}%`;
  return db
    .select()
    .from(venues)
    .where(or(ilike(venues.name, contains), ilike(venues.address, contains), ilike(venues.city, contains)))
    .orderBy(sql`(${venues.name} ilike ${`${escaped}%`}) desc`, asc(venues.name), asc(venues.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit)), MAX_VENUE_RESULTS));
}

/** Every venue, by name: the API's directory of them. */
export async function listVenues(db: Database) {
  return db.select().from(venues).orderBy(asc(venues.name));
}
