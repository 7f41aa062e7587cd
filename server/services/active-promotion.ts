import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { instant } from "#server/db/client";

export type Placement = "homepage" | "explore" | "category" | "sidebar";

/** The condition on `promotions p` that it is placed at `placement` and running at `now`. */
function running(placement: Placement, now: Date): SQL {
  return sql`p.placement = ${placement} and p.is_active and p.starts_at <= ${instant(now)} and p.ends_at > ${instant(now)}`;
}

/**
 * SQL for "the event `eventId` has a promotion placed at `placement` running at `now`". The
 * placements: homepage (Featured Events), explore (first in search results), category, sidebar.
 */
export function activePromotion(placement: Placement, now: Date, eventId: PgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from promotions p where p.event_id = ${eventId} and ${running(placement, now)})`;
}

/** SQL selecting the ids of the events with a promotion placed at `placement` running at `now`. */
export function promotedEventIds(placement: Placement, now: Date): SQL {
  return sql`select distinct p.event_id from promotions p where ${running(placement, now)} and p.event_id is not null`;
}
