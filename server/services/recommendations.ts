import { and, asc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import { hasCriteria, RECOMMENDATION_LIMIT, recommendationCriteria } from "#domain/recommendation";
import type { Database } from "#server/db/client";
import { categories, events } from "#server/db/schema";
import type { Actor } from "./actor";
import { loadEventSummaries } from "./event-summaries";
import { listMyInterests } from "./interests";

/**
 * Upcoming published events matching the person's saved interests (spec §4: category name, event
 * language, or 'Public Events' for public events), soonest first, at most six. The rule lives in
 * domain/recommendation.ts; the database only applies the criteria it derives, so the filter runs
 * where the events are instead of loading every upcoming event.
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
    // Upcoming as everywhere else on the site: not ended yet (glossary: a past event's end is before now).
    .where(and(eq(events.status, "published"), gt(events.endsAt, now), or(...matches)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(RECOMMENDATION_LIMIT);
  return loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
}
