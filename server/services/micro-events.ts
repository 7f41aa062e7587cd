import { sql } from "drizzle-orm";
import { MICRO_EVENT_MAX_CAPACITY } from "#domain/event";
import type { EventSummary } from "#domain/event-summary";
import { instant, selectRows, type Database } from "#server/db/client";
import { loadEventSummaries } from "./event-summaries";
import { e as eventsAsE, publicEventCondition } from "./event-visibility";

/** How many micro events the page shows at most, soonest first. */
export const MICRO_EVENTS_LIMIT = 60;

export interface MicroEvent extends EventSummary {
  /** Every ticket of every type: how many people it holds. */
  capacity: number;
  place: { latitude: number; longitude: number; address: string };
}

/**
 * Upcoming published micro events (domain/event.ts isMicroEvent: tickets for at least one and at most
 * MICRO_EVENT_MAX_CAPACITY people across their types), soonest first, with where they happen for the map.
 */
export async function listMicroEvents(db: Database, now: Date): Promise<MicroEvent[]> {
  const rows = await selectRows<{ id: number; capacity: number; latitude: number; longitude: number; address: string }>(
    db,
    sql`select e.id, sum(t.quantity)::int as capacity, v.latitude, v.longitude, v.address
      from events e
      join venues v on v.id = e.venue_id
      join ticket_types t on t.event_id = e.id
      where ${publicEventCondition(eventsAsE)} and e.ends_at > ${instant(now)}
      group by e.id, v.id
      having sum(t.quantity) between 1 and ${MICRO_EVENT_MAX_CAPACITY}
      order by e.starts_at asc, e.id asc
      limit ${MICRO_EVENTS_LIMIT}`,
  );
  const summaries = await loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
  const rowById = new Map(rows.map((row) => [row.id, row]));
  return summaries.flatMap((summary) => {
    const row = rowById.get(summary.id);
    if (!row) return [];
    return [
      {
        ...summary,
        capacity: row.capacity,
        place: { latitude: Number(row.latitude), longitude: Number(row.longitude), address: row.address },
      },
    ];
  });
}
