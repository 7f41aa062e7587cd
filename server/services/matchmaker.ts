import { and, asc, eq, gt, inArray, lt, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import { distanceMiles } from "#domain/event-search";
import { INTERESTS } from "#domain/catalog";
import { matchmakerAnswersSchema, type MatchmakerAnswers } from "#domain/matchmaker-answers";
import type { MatchReason } from "#domain/matchmaker-choices";
import { matchReasons, whenWindow } from "#domain/matchmaker-quiz";
import type { Database } from "#server/db/client";
import {
  categories,
  eventCoOrganizers,
  events,
  matchmakerAnswers,
  ticketTypes,
  userInterests,
  venues,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";
import { rankEventsForAnswers } from "./recommendations";

/** How many matches the matchmaker shows. */
export const MATCH_LIMIT = 12;
/** How many of the soonest events meeting the rest of the answers are measured for distance. */
const CANDIDATE_LIMIT = 500;
/** How many of the recommendation ranking's best for these answers order the matches (the rest follow by date). */
const RANKED_LIMIT = 60;

/** A matched event, with what the card says about why. */
export interface MatchedEvent {
  event: EventSummary;
  reasons: MatchReason[];
  distanceMiles: number | null;
}

/**
 * Keeps a signed-in person's matchmaker answers (one set per person: saving again replaces them) and adds
 * the chosen categories to their saved interests, where an interest of the same name exists, so that
 * Recommended For You follows them (the recommendation rule matches an interest's name to a category's).
 * Answers that do not pass matchmakerAnswersSchema change nothing.
 */
export async function saveMatchmakerAnswers(db: Database, actor: Actor, input: unknown): Promise<MatchmakerAnswers> {
  const parsed = matchmakerAnswersSchema.safeParse(input);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    throw new AppError("invalid", "The matchmaker's answers are not valid.", fields);
  }
  const answers = parsed.data;
  const interestKeys = INTERESTS.map((interest) => interest.key as string).filter((key) =>
    (answers.categories as string[]).includes(key),
  );
  await db.transaction(async (tx) => {
    await tx
      .insert(matchmakerAnswers)
      .values({ userId: actor.userId, answers })
      .onConflictDoUpdate({ target: matchmakerAnswers.userId, set: { answers, updatedAt: new Date() } });
    if (interestKeys.length > 0) {
      await tx
        .insert(userInterests)
        .values(interestKeys.map((interest) => ({ userId: actor.userId, interest })))
        .onConflictDoNothing();
    }
  });
  return answers;
}

/** The answers the person kept, or null; only ever their own (the actor's). */
export async function getMatchmakerAnswers(db: Database, actor: Actor): Promise<MatchmakerAnswers | null> {
  const [row] = await db
    .select({ answers: matchmakerAnswers.answers })
    .from(matchmakerAnswers)
    .where(eq(matchmakerAnswers.userId, actor.userId));
  if (!row) return null;
  // Kept answers are checked again: a list of choices may have changed since they were saved.
  const parsed = matchmakerAnswersSchema.safeParse(row.answers);
  return parsed.success ? parsed.data : null;
}

/**
 * Upcoming events that meet the answers, with their reasons: publicly listed, not ended, not sold out, in a
 * chosen category and language, overlapping the time asked for, a ticket on sale within the budget (an event
 * without tickets is free), within the distance of the starting point, and never one the viewer runs. Ordered
 * as Recommended For You ranks them for these answers (and, signed in, everything else known of the person:
 * rankEventsForAnswers), then soonest first.
 */
export async function matchEvents(
  db: Database,
  viewer: Actor | null,
  answers: MatchmakerAnswers,
  now: Date,
  limit = MATCH_LIMIT,
): Promise<MatchedEvent[]> {
  const onSale = sql`${ticketTypes.eventId} = ${events.id} and ${ticketTypes.sold} < ${ticketTypes.quantity}`;
  const noTickets = sql`not exists (select 1 from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id})`;
  const cheapest = sql<number>`coalesce((select min(${ticketTypes.priceCents}) from ${ticketTypes} where ${onSale}), 0)`;
  const conditions: SQL[] = [
    publicEventCondition(),
    gt(events.endsAt, now),
    or(sql`exists (select 1 from ${ticketTypes} where ${onSale})`, noTickets)!,
    inArray(categories.key, answers.categories),
  ];
  const window = whenWindow(answers.when, now);
  if (window) conditions.push(lt(events.startsAt, window.to), gt(events.endsAt, window.from));
  if (answers.maxPriceCents !== null) {
    conditions.push(
      or(
        sql`exists (select 1 from ${ticketTypes} where ${onSale} and ${ticketTypes.priceCents} <= ${answers.maxPriceCents})`,
        noTickets,
      )!,
    );
  }
  if (answers.languages.length > 0) conditions.push(inArray(events.language, answers.languages));
  if (viewer) {
    conditions.push(
      ne(events.organizerId, viewer.userId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(eventCoOrganizers)
          .where(and(eq(eventCoOrganizers.eventId, events.id), eq(eventCoOrganizers.userId, viewer.userId))),
      ),
    );
  }
  const rows = await db
    .select({
      id: events.id,
      categoryKey: categories.key,
      language: events.language,
      latitude: venues.latitude,
      longitude: venues.longitude,
      cheapestCents: cheapest,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(CANDIDATE_LIMIT);

  const origin = answers.origin;
  const within = rows
    .map((row) => ({ ...row, distanceMiles: origin ? distanceMiles(origin, row) : null }))
    .filter(
      (row) => answers.maxMiles === null || (row.distanceMiles !== null && row.distanceMiles <= answers.maxMiles),
    );
  if (within.length === 0) return [];
  const ranked = (await rankEventsForAnswers(db, answers, now, RANKED_LIMIT, viewer)).map((event) => event.id);
  const place = (id: number) => {
    const index = ranked.indexOf(id);
    return index === -1 ? ranked.length : index;
  };
  // A stable sort: events the ranking did not reach keep the date order.
  const measured = within.sort((a, b) => place(a.id) - place(b.id)).slice(0, limit);
  const summaries = new Map(
    (
      await loadEventSummaries(
        db,
        measured.map((row) => row.id),
        now,
      )
    ).map((event) => [event.id, event]),
  );
  return measured.flatMap((row) => {
    const event = summaries.get(row.id);
    if (!event) return [];
    const facts = { ...row, cheapestCents: Number(row.cheapestCents) };
    return [{ event, distanceMiles: row.distanceMiles, reasons: matchReasons(facts, answers) }];
  });
}
