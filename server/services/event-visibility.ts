import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { events } from "#server/db/schema";

/*
 * THE rule of which events the public sees, in one place. Every list, search, feed, sitemap, count and
 * API answer of events goes through `publicEventCondition`; an event page through
 * `publicEventPageCondition`. An event hidden by staff (moderation, `hidden_at`) is in neither, at once
 * and without being deleted; its organizers and staff still reach it through their own pages.
 * tests/unit/event-visibility-rule.test.ts fails when a query spells `status = 'published'` itself, and
 * tests/integration/hidden-events.test.ts hides an event and looks for it on every public surface.
 */

/** The columns the rule reads: the events table itself, or an alias of it. */
interface EventVisibilityColumns {
  status: AnyColumn;
  hiddenAt: AnyColumn;
}

/** `events` as `e`, for hand-written SQL that names the table so: `${publicEventCondition(e)}`. */
export const e = alias(events, "e");

/** Listed publicly (lists, search, feeds, sitemap, counts): published, and not hidden by staff. */
export function publicEventCondition(table: EventVisibilityColumns = events): SQL {
  return sql`(${table.status} = 'published' and ${table.hiddenAt} is null)`;
}

/** Its page opens for anyone: published or cancelled (a cancelled event says so), and not hidden by staff. */
export function publicEventPageCondition(table: EventVisibilityColumns = events): SQL {
  return sql`(${table.status} <> 'draft' and ${table.hiddenAt} is null)`;
}
