import { and, asc, eq, gt, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import { available } from "#domain/event";
import type { MatchmakerAnswers } from "#domain/matchmaker-answers";
import { RECOMMENDATION_LIMIT, recommendationCriteria } from "#domain/recommendation";
import {
  EMPTY_SIGNALS,
  FAMILY_FRIENDLY_CATEGORIES,
  rankRecommendations,
  type RankableEvent,
  type RecommendationReason,
  type RecommendationSignals,
} from "#domain/recommendation-ranking";
import type { Database } from "#server/db/client";
import { categories, eventCoOrganizers, events, profiles, ticketTypes, venues } from "#server/db/schema";
import type { Actor } from "./actor";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";
import { loadRecommendationSignals } from "./recommendation-signals";

/** A recommended event: its card, and why it was chosen (strongest 'because' reason first, then the facts). */
export type RecommendedEvent = EventSummary & { reasons: RecommendationReason[] };

/**
 * At most this many candidates are ranked, soonest first, among the upcoming public events some signal
 * points at (a liked, bought or saved category, a chosen language, a followed organizer, an event people
 * like this person went to). Later ones score little for date anyway; the cap keeps one page's work small.
 */
export const CANDIDATE_CAP = 400;

/** domain/event.ts isSoldOut, negated: some ticket type has one left, or the event has no ticket types. */
const isNotSoldOut = sql`(exists (select 1 from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id} and ${ticketTypes.sold} < ${ticketTypes.quantity})
  or not exists (select 1 from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id}))`;

/** The SQL form of "some signal points at this event": the only events ranking could recommend. */
function pointedAt(signals: RecommendationSignals): SQL | null {
  const criteria = recommendationCriteria(signals.interestNames);
  const answers = signals.answers;
  const categoryKeys = [
    ...signals.boughtCategoryKeys,
    ...signals.savedCategoryKeys,
    ...(answers?.categories ?? []),
    ...(answers?.company === "family" ? FAMILY_FRIENDLY_CATEGORIES : []),
  ];
  const languages = [...criteria.languages, ...(answers?.languages ?? [])];
  const peopleLikeYou = [...signals.peopleLikeYou.keys()];
  const matches: SQL[] = [];
  if (criteria.includesPublicEvents) matches.push(eq(events.isPublic, true));
  if (criteria.categoryNames.length > 0) matches.push(inArray(sql`lower(${categories.name})`, criteria.categoryNames));
  if (categoryKeys.length > 0) matches.push(inArray(categories.key, [...new Set(categoryKeys)]));
  if (languages.length > 0) matches.push(inArray(events.language, [...new Set(languages)]));
  if (signals.followedOrganizerIds.length > 0)
    matches.push(inArray(events.organizerId, [...signals.followedOrganizerIds]));
  if (peopleLikeYou.length > 0) matches.push(inArray(events.id, peopleLikeYou));
  return matches.length > 0 ? or(...matches)! : null;
}

/**
 * The upcoming public events (published, not hidden, not ended, not sold out, not already ticketed or
 * saved) some signal points at, soonest first, with what ranking reads of them: three queries (events,
 * their ticket types, their co-organizers), never one per event.
 */
async function loadCandidates(db: Database, signals: RecommendationSignals, now: Date): Promise<RankableEvent[]> {
  const pointed = pointedAt(signals);
  if (!pointed) return [];
  // Left out by ranking anyway (isEligible): left out here so they take none of the capped places.
  const known = [...new Set([...signals.ticketedEventIds, ...signals.savedEventIds])];
  const rows = await db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      status: events.status,
      isPublic: events.isPublic,
      language: events.language,
      categoryKey: categories.key,
      categoryName: categories.name,
      organizerId: events.organizerId,
      organizerName: profiles.name,
      latitude: venues.latitude,
      longitude: venues.longitude,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .where(
      and(
        publicEventCondition(),
        gt(events.endsAt, now),
        isNotSoldOut,
        pointed,
        known.length > 0 ? notInArray(events.id, known) : undefined,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(CANDIDATE_CAP);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [tickets, coOrganizers] = await Promise.all([
    db
      .select({
        eventId: ticketTypes.eventId,
        priceCents: ticketTypes.priceCents,
        quantity: ticketTypes.quantity,
        sold: ticketTypes.sold,
      })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, ids)),
    db
      .select({ eventId: eventCoOrganizers.eventId, userId: eventCoOrganizers.userId })
      .from(eventCoOrganizers)
      .where(inArray(eventCoOrganizers.eventId, ids)),
  ]);
  return rows.map((row) => {
    const own = tickets.filter((ticket) => ticket.eventId === row.id);
    const onOffer = own.filter((ticket) => available(ticket) > 0).map((ticket) => ticket.priceCents);
    return {
      ...row,
      ticketTypes: own,
      staffIds: [row.organizerId, ...coOrganizers.filter((co) => co.eventId === row.id).map((co) => co.userId)],
      minPriceCents: onOffer.length > 0 ? Math.min(...onOffer) : null,
      venue: { latitude: row.latitude, longitude: row.longitude },
    };
  });
}

async function rankAndLoad(
  db: Database,
  signals: RecommendationSignals,
  now: Date,
  limit: number,
): Promise<RecommendedEvent[]> {
  const ranked = rankRecommendations(await loadCandidates(db, signals, now), signals, now, limit);
  const reasons = new Map(ranked.map((entry) => [entry.eventId, entry.reasons]));
  const summaries = await loadEventSummaries(
    db,
    ranked.map((entry) => entry.eventId),
    now,
  );
  return summaries.map((summary) => ({ ...summary, reasons: reasons.get(summary.id) ?? [] }));
}

/**
 * Recommended For You (issue 20): the person's best-ranked eligible events, at most six, each with the
 * reasons it was chosen. Signals: saved interests, kept matchmaker answers, saved events, followed
 * organizers, bought tickets and what people with similar tickets went to, distance and date
 * (domain/recommendation-ranking.ts; docs/recommendations.md). Never past, sold-out, hidden, already
 * ticketed, saved or the person's own events. Home, dashboard and `/api/v1/me/recommendations` read this.
 */
export async function listRecommendations(db: Database, actor: Actor, now: Date): Promise<RecommendedEvent[]> {
  const signals = await loadRecommendationSignals(db, actor, now);
  return rankAndLoad(db, signals, now, RECOMMENDATION_LIMIT);
}

/**
 * The Event Matchmaker's results for anyone, signed in or not, from the answers alone: eligible events in
 * the answers' categories, family-friendly ones or languages, ranked by the same rules (price, distance,
 * 'when' and date move them up or down; they never exclude), with the reasons for each. With an actor,
 * everything else known of them ranks too (these answers replace any they kept), and their own and
 * already-ticketed events are left out. Events they saved stay in (with their full heart): the results
 * answer the quiz, where Recommended For You brings something new.
 */
export async function rankEventsForAnswers(
  db: Database,
  answers: MatchmakerAnswers,
  now: Date,
  limit = RECOMMENDATION_LIMIT,
  actor: Actor | null = null,
): Promise<RecommendedEvent[]> {
  const known = actor ? await loadRecommendationSignals(db, actor, now) : EMPTY_SIGNALS;
  return rankAndLoad(db, { ...known, answers, savedEventIds: [] }, now, limit);
}
