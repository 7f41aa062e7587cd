import { sql } from "drizzle-orm";
import type { PlanInput } from "#domain/event-plan-input";
import { eventTypeBySlug } from "#domain/event-types";
import type { VenueCandidate } from "#domain/venue-suggestions";
import { selectRows, type Database } from "#server/db/client";
import { categories, ticketTypes, venues } from "#server/db/schema";
import { e, publicEventCondition } from "./event-visibility";

/**
 * The site's venues as the planner ranks them (domain/venue-suggestions.ts), in one query: for each venue,
 * the largest number of tickets a public event held there offered (what it is known to hold), how many of
 * its public events are of the plan's type (their category is one of the type's), and how many public
 * events it hosted in all. Drafts, hidden events and their tickets never count.
 */
export async function listVenueCandidates(
  db: Database,
  input: Pick<PlanInput, "eventType">,
  _now: Date,
): Promise<VenueCandidate[]> {
  const typeCategories = [...(eventTypeBySlug(input.eventType)?.categories ?? [])];
  const ofType =
    typeCategories.length > 0
      ? sql`${categories.key} in (${sql.join(
          typeCategories.map((key) => sql`${key}`),
          sql`, `,
        )})`
      : sql`false`;
  const rows = await selectRows<{
    id: number;
    name: string;
    city: string;
    state: string;
    capacity: number | null;
    events_of_type: number;
    events: number;
  }>(
    db,
    sql`
    select ${venues.id} as id, ${venues.name} as name, ${venues.city} as city, ${venues.state} as state,
      max(held.tickets)::int as capacity,
      (count(${e.id}) filter (where ${ofType}))::int as events_of_type,
      count(${e.id})::int as events
    from ${venues}
    left join events e on ${e.venueId} = ${venues.id} and ${publicEventCondition(e)}
    left join ${categories} on ${categories.id} = ${e.categoryId}
    left join (
      select ${ticketTypes.eventId} as event_id, sum(${ticketTypes.quantity}) as tickets
      from ${ticketTypes} group by ${ticketTypes.eventId}
    ) held on held.event_id = ${e.id}
    group by ${venues.id}
    order by ${venues.id}
  `,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    city: row.city,
    state: row.state,
    capacity: row.capacity === null ? null : Number(row.capacity),
    eventsOfType: Number(row.events_of_type),
    events: Number(row.events),
  }));
}
