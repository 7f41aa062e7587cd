import { and, eq, gt, inArray, notInArray, or, sql } from "drizzle-orm";
import { matchmakerAnswersSchema } from "#domain/matchmaker-answers";
import { EMPTY_SIGNALS, type RecommendationSignals } from "#domain/recommendation-ranking";
import type { Database } from "#server/db/client";
import {
  categories,
  eventSaves,
  events,
  interests,
  matchmakerAnswers,
  orders,
  organizerFollows,
  userInterests,
  users,
} from "#server/db/schema";
import type { Actor } from "./actor";

/**
 * What is known of a person that ranks their recommendations (domain/recommendation-ranking.ts), read in
 * six small queries run together: interests, kept matchmaker answers, saved events and their categories, followed
 * organizers, the events of their confirmed orders, and who else went there (co-attendance).
 */

/** Orders that are the person's: placed signed in, or with their account's address once it is confirmed (as My Tickets). */
function ordersOf(actor: Actor) {
  return and(
    eq(orders.status, "confirmed"),
    or(
      eq(orders.userId, actor.userId),
      sql`lower(${orders.buyerEmail}) = (select lower(u.email) from ${users} u
        where u.id = ${actor.userId} and u.email_confirmed_at is not null)`,
    ),
  );
}

/** Co-attendance looks at this many of the person's most recent events, and counts upcoming events only. */
export const CO_ATTENDANCE_EVENTS = 50;

export async function loadRecommendationSignals(db: Database, actor: Actor, now: Date): Promise<RecommendationSignals> {
  const [interestRows, answerRows, savedRows, followRows, boughtRows] = await Promise.all([
    db
      .select({ name: interests.name })
      .from(userInterests)
      .innerJoin(interests, eq(interests.key, userInterests.interest))
      .where(eq(userInterests.userId, actor.userId)),
    db
      .select({ answers: matchmakerAnswers.answers })
      .from(matchmakerAnswers)
      .where(eq(matchmakerAnswers.userId, actor.userId)),
    db
      .select({ eventId: eventSaves.eventId, key: categories.key })
      .from(eventSaves)
      .innerJoin(events, eq(events.id, eventSaves.eventId))
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .where(eq(eventSaves.userId, actor.userId)),
    db
      .select({ organizerId: organizerFollows.organizerId })
      .from(organizerFollows)
      .where(eq(organizerFollows.followerId, actor.userId)),
    db
      .selectDistinct({ eventId: events.id, key: categories.key, startsAt: events.startsAt })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .where(ordersOf(actor)),
  ]);
  const recent = [...boughtRows]
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())
    .slice(0, CO_ATTENDANCE_EVENTS)
    .map((row) => row.eventId);
  // A kept answer that no longer reads (an old shape) is ignored rather than trusted.
  const answers = answerRows[0] ? matchmakerAnswersSchema.safeParse(answerRows[0].answers) : null;
  return {
    ...EMPTY_SIGNALS,
    userId: actor.userId,
    interestNames: interestRows.map((row) => row.name),
    answers: answers?.success ? answers.data : null,
    savedCategoryKeys: [...new Set(savedRows.map((row) => row.key))],
    followedOrganizerIds: followRows.map((row) => row.organizerId),
    boughtCategoryKeys: [...new Set(boughtRows.map((row) => row.key))],
    ticketedEventIds: boughtRows.map((row) => row.eventId),
    savedEventIds: savedRows.map((row) => row.eventId),
    peopleLikeYou: await peopleLikeYou(db, actor, recent, now),
  };
}

/**
 * For each upcoming event the person has no ticket to: how many other people bought tickets to one of
 * `eventIds` (the person's) and to it too. A buyer is their account, or their address for a guest order.
 */
async function peopleLikeYou(db: Database, actor: Actor, eventIds: number[], now: Date): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const buyer = sql`coalesce(${orders.userId}::text, lower(${orders.buyerEmail}))`;
  const alike = db
    .selectDistinct({ buyer: sql<string>`${buyer}`.as("buyer") })
    .from(orders)
    .where(and(eq(orders.status, "confirmed"), inArray(orders.eventId, eventIds), sql`not (${ordersOf(actor)})`))
    .as("alike");
  const rows = await db
    .select({ eventId: orders.eventId, people: sql<number>`count(distinct ${buyer})::int` })
    .from(orders)
    .innerJoin(alike, eq(alike.buyer, buyer))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.status, "confirmed"), gt(events.endsAt, now), notInArray(orders.eventId, eventIds)))
    .groupBy(orders.eventId);
  return new Map(rows.map((row) => [row.eventId, row.people]));
}
