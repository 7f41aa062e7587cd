import { and, asc, eq, gt, inArray, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import { hasCriteria, RECOMMENDATION_LIMIT, recommendationCriteria } from "#domain/recommendation";
import type { Database } from "#server/db/client";
import { categories, eventCoOrganizers, events, ticketTypes } from "#server/db/schema";
import type { Actor } from "./actor";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";
import { listMyInterests } from "./interests";

/** domain/event.ts isSoldOut, negated: some ticket type has one left, or the event has no ticket types. */
const isNotSoldOut = sql`(exists (select 1 from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id} and ${ticketTypes.sold} < ${ticketTypes.quantity})
  or not exists (select 1 from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id}))`;

/**
 * Events matching the person's saved interests (spec §4: category name, event language, or 'Public
 * Events' for public events) that may be recommended to them (published, not ended, not sold out,
 * not run by them), soonest first, at most six. The rule lives in domain/recommendation.ts; the
 * database applies the same conditions, so the filter runs where the events are instead of loading
 * every upcoming event. Home, dashboard and `/api/v1/me/recommendations` all read this.
 */
export async function listRecommendations(db: Database, actor: Actor, now: Date): Promise<EventSummary[]> {
  const saved = await listMyInterests(db, actor);
  const criteria = recommendationCriteria(saved.map((interest) => interest.name));
  if (!hasCriteria(criteria)) return [];

  const matches: SQL[] = [inArray(sql`lower(${categories.name})`, criteria.categoryNames)];
  if (criteria.languages.length > 0) matches.push(inArray(events.language, criteria.languages));
  if (criteria.includesPublicEvents) matches.push(eq(events.isPublic, true));

  const rows = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(
      and(
        publicEventCondition(),
        // Upcoming as everywhere else on the site: not ended yet (glossary: a past event's end is before now).
        gt(events.endsAt, now),
        isNotSoldOut,
        ne(events.organizerId, actor.userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(eventCoOrganizers)
            .where(and(eq(eventCoOrganizers.eventId, events.id), eq(eventCoOrganizers.userId, actor.userId))),
        ),
        or(...matches),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(RECOMMENDATION_LIMIT);
  return loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
}
