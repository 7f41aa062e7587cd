import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { instant } from "#server/db/client";

/**
 * SQL for "the event `eventId` has a promotion placed at `placement` running at `now`". The
 * placements: homepage (Featured Events), explore (first in search results), category, sidebar.
 */
export function activePromotion(
  placement: "homepage" | "explore" | "category" | "sidebar",
  now: Date,
  eventId: PgColumn | SQL,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from promotions p where p.event_id = ${eventId} and p.placement = ${placement}
    and p.is_active and p.starts_at <= ${instant(now)} and p.ends_at > ${instant(now)})`;
}
