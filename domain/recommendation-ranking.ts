import { dateWindow, distanceMiles, type EventSearch } from "./event-search";
import type { Language } from "./language";
import type { MatchmakerAnswers, MatchmakerWhen } from "./matchmaker-answers";
import {
  isRecommendable,
  recommendationCriteria,
  type RecommendableEvent,
  RECOMMENDATION_LIMIT,
} from "./recommendation";

/**
 * Recommended For You, ranked (issue 20): every eligible upcoming event gets a score from what is known of
 * the person, and keeps the reasons that scored so its card can say why it was chosen. Pure: the service
 * (server/services/recommendations.ts) gathers the signals in a few queries and calls rankRecommendations.
 * docs/recommendations.md explains the weights and lists the tests of each rule.
 */

/** Points for an event whose category is one of the person's saved interests or the matchmaker's categories. */
export const INTEREST_CATEGORY_WEIGHT = 25;
/** Points for an event in a language the person chose (an interest named after it, or the matchmaker's languages). */
export const LANGUAGE_WEIGHT = 10;
/** Points for any public event when the person saved the 'Public Events' interest (it matches nearly everything). */
export const PUBLIC_EVENTS_WEIGHT = 5;
/**
 * Points for an event in a category of events the person bought tickets to (past or upcoming): what people
 * do says more than what they ticked, so this outweighs a saved interest and a jazz fan sees jazz first.
 */
export const BOUGHT_CATEGORY_WEIGHT = 40;
/** Points for an event in a category of events the person saved. */
export const SAVED_CATEGORY_WEIGHT = 15;
/** Points for an event run by an organizer the person follows. */
export const FOLLOWED_ORGANIZER_WEIGHT = 30;
/** Points per person who bought tickets to one of the same events as this person and also to this one… */
export const PEOPLE_LIKE_YOU_WEIGHT = 8;
/** …counting at most this many such people, so one crowded event does not drown every other signal. */
export const PEOPLE_LIKE_YOU_MAX_PEOPLE = 3;
/** Points for a family-friendly category when the matchmaker was told 'with family'. */
export const FAMILY_WEIGHT = 10;
/** Points for an event inside the matchmaker's 'when'; one outside it loses OUT_OF_WINDOW_PENALTY. */
export const WHEN_WEIGHT = 15;
export const OUT_OF_WINDOW_PENALTY = 20;
/** Points for an event within the matchmaker's price; one whose cheapest ticket costs more loses OVER_PRICE_PENALTY. */
export const PRICE_WEIGHT = 10;
export const OVER_PRICE_PENALTY = 20;
/** Up to this many points for nearness (full at the starting point, none at NEARNESS_SCALE_MILES)… */
export const DISTANCE_WEIGHT = 10;
export const NEARNESS_SCALE_MILES = 50;
/** …and this many lost when the venue is farther than the matchmaker's 'how far'. */
export const TOO_FAR_PENALTY = 20;
/** Without a 'how far' answer, distance is given as a reason up to this many miles. */
export const NEAR_REASON_MILES = 25;
/** Up to this many points for being soon: full now, halved every DATE_HALF_LIFE_DAYS days. */
export const DATE_WEIGHT = 10;
export const DATE_HALF_LIFE_DAYS = 14;

/** Categories the matchmaker counts as family-friendly when someone comes 'with family'. */
export const FAMILY_FRIENDLY_CATEGORIES: readonly string[] = [
  "family",
  "community",
  "arts",
  "food-drink",
  "sports",
  "education",
  "charity",
];

/** What ranking needs of an event, besides the eligibility facts of domain/recommendation.ts. */
export interface RankableEvent extends RecommendableEvent {
  id: number;
  startsAt: Date;
  /** Its category's key (domain/catalog.ts); categoryName is the English name interests match on. */
  categoryKey: string;
  organizerId: string;
  organizerName: string;
  /** The cheapest ticket still on offer, or null when it has no ticket types (then it costs nothing). */
  minPriceCents: number | null;
  venue: { latitude: number; longitude: number } | null;
}

/** Everything known of the person; a signed-out person of the matchmaker has answers only. */
export interface RecommendationSignals {
  /** Null for a signed-out person (nothing is theirs). */
  userId: string | null;
  interestNames: readonly string[];
  answers: MatchmakerAnswers | null;
  /** Category keys of events the person saved. */
  savedCategoryKeys: readonly string[];
  /** Organizers (user ids) the person follows. */
  followedOrganizerIds: readonly string[];
  /** Category keys of events the person bought tickets to. */
  boughtCategoryKeys: readonly string[];
  /** Events the person already holds a ticket to: not recommended again. */
  ticketedEventIds: readonly number[];
  /**
   * Events the person saved: on their Saved list already, so not recommended (a recommendation brings
   * something new); their categories still count (`savedCategoryKeys`).
   */
  savedEventIds: readonly number[];
  /** Event id → how many people who went where this person went also bought tickets to it. */
  peopleLikeYou: ReadonlyMap<number, number>;
}

export const EMPTY_SIGNALS: RecommendationSignals = {
  userId: null,
  interestNames: [],
  answers: null,
  savedCategoryKeys: [],
  followedOrganizerIds: [],
  boughtCategoryKeys: [],
  ticketedEventIds: [],
  savedEventIds: [],
  peopleLikeYou: new Map(),
};

/** Why an event was chosen; the card shows the first 'because' reason and up to two facts. */
export type RecommendationReason =
  | { kind: "interest"; category: string }
  | { kind: "language"; language: Language }
  | { kind: "public-events" }
  | { kind: "bought-similar"; category: string }
  | { kind: "saved-similar"; category: string }
  | { kind: "followed-organizer"; name: string }
  | { kind: "people-like-you" }
  | { kind: "family-friendly" }
  | { kind: Exclude<MatchmakerWhen, "any"> }
  | { kind: "free" }
  | { kind: "under-price"; cents: number }
  | { kind: "distance"; miles: number };

/** Reasons that say why the person in particular (the rest are facts about the event: when, price, distance). */
export const BECAUSE_REASON_KINDS = [
  "followed-organizer",
  "bought-similar",
  "interest",
  "people-like-you",
  "saved-similar",
  "family-friendly",
  "language",
  "public-events",
] as const;

export interface RankedRecommendation {
  eventId: number;
  score: number;
  reasons: RecommendationReason[];
}

const DAY_MS = 86_400_000;

/** The instants [from, to) of a matchmaker 'when', in Washington's calendar (as the search's date filter). */
export function whenWindow(when: MatchmakerWhen, now: Date): { from: Date; to: Date } | null {
  const windowOf = (date: "weekend" | "week" | "month") => dateWindow({ date } as EventSearch, now)!;
  switch (when) {
    case "any":
      return null;
    case "this-week":
      return windowOf("week") as { from: Date; to: Date };
    case "this-weekend":
      return windowOf("weekend") as { from: Date; to: Date };
    case "next-weekend": {
      const weekend = windowOf("weekend") as { from: Date; to: Date };
      const to = new Date(weekend.to.getTime() + 7 * DAY_MS);
      return { from: new Date(to.getTime() - 2 * DAY_MS), to };
    }
    case "this-month":
      return windowOf("month") as { from: Date; to: Date };
  }
}

function overlaps(event: Pick<RankableEvent, "startsAt" | "endsAt">, window: { from: Date; to: Date }): boolean {
  return event.startsAt < window.to && event.endsAt > window.from;
}

/** Whether the event may be shown at all: the rule of domain/recommendation.ts, and not already ticketed or saved. */
export function isEligible(event: RankableEvent, signals: RecommendationSignals, now: Date): boolean {
  if (signals.ticketedEventIds.includes(event.id) || signals.savedEventIds.includes(event.id)) return false;
  // A signed-out person runs no event; an id no event has keeps the staff check meaningful.
  return isRecommendable(event, { userId: signals.userId ?? "", now });
}

/** The score of one event and the reasons that scored, strongest 'because' reason first, then the facts. */
export function scoreEvent(
  event: RankableEvent,
  signals: RecommendationSignals,
  now: Date,
  weekend = whenWindow("this-weekend", now),
): RankedRecommendation {
  const because: { weight: number; reason: RecommendationReason }[] = [];
  const facts: RecommendationReason[] = [];
  let score = 0;
  const add = (weight: number, reason: RecommendationReason) => {
    score += weight;
    because.push({ weight, reason });
  };
  const category = event.categoryKey;
  const answers = signals.answers;

  const criteria = recommendationCriteria(signals.interestNames);
  const likesCategory =
    criteria.categoryNames.includes(event.categoryName.toLowerCase()) ||
    (answers?.categories as readonly string[] | undefined)?.includes(category);
  if (likesCategory) add(INTEREST_CATEGORY_WEIGHT, { kind: "interest", category });
  if (criteria.languages.includes(event.language) || answers?.languages.includes(event.language)) {
    add(LANGUAGE_WEIGHT, { kind: "language", language: event.language });
  }
  if (!likesCategory && event.isPublic && criteria.includesPublicEvents) {
    add(PUBLIC_EVENTS_WEIGHT, { kind: "public-events" });
  }
  if (signals.boughtCategoryKeys.includes(category)) add(BOUGHT_CATEGORY_WEIGHT, { kind: "bought-similar", category });
  if (signals.savedCategoryKeys.includes(category)) add(SAVED_CATEGORY_WEIGHT, { kind: "saved-similar", category });
  if (signals.followedOrganizerIds.includes(event.organizerId)) {
    add(FOLLOWED_ORGANIZER_WEIGHT, { kind: "followed-organizer", name: event.organizerName });
  }
  const people = Math.min(signals.peopleLikeYou.get(event.id) ?? 0, PEOPLE_LIKE_YOU_MAX_PEOPLE);
  if (people > 0) add(PEOPLE_LIKE_YOU_WEIGHT * people, { kind: "people-like-you" });
  if (answers?.company === "family" && FAMILY_FRIENDLY_CATEGORIES.includes(category)) {
    add(FAMILY_WEIGHT, { kind: "family-friendly" });
  }

  // When: the matchmaker's window, else 'this weekend' as a plain fact; sooner is better either way.
  const window = answers ? whenWindow(answers.when, now) : null;
  if (answers && window) {
    if (overlaps(event, window)) {
      score += WHEN_WEIGHT;
      facts.push({ kind: answers.when as Exclude<MatchmakerWhen, "any"> });
    } else score -= OUT_OF_WINDOW_PENALTY;
  } else if (weekend && overlaps(event, weekend)) facts.push({ kind: "this-weekend" });
  const daysAway = Math.max(0, (event.startsAt.getTime() - now.getTime()) / DAY_MS);
  score += DATE_WEIGHT * 0.5 ** (daysAway / DATE_HALF_LIFE_DAYS);

  const price = event.minPriceCents ?? 0;
  if (answers && answers.maxPriceCents !== null) {
    if (price <= answers.maxPriceCents) {
      score += PRICE_WEIGHT;
      facts.push(price === 0 ? { kind: "free" } : { kind: "under-price", cents: answers.maxPriceCents });
    } else score -= OVER_PRICE_PENALTY;
  }

  const origin = answers?.origin;
  if (origin && event.venue) {
    const miles = distanceMiles(origin, event.venue);
    score += DISTANCE_WEIGHT * Math.max(0, 1 - miles / NEARNESS_SCALE_MILES);
    if (answers.maxMiles !== null && miles > answers.maxMiles) score -= TOO_FAR_PENALTY;
    else if (miles <= (answers.maxMiles ?? NEAR_REASON_MILES)) {
      facts.push({ kind: "distance", miles: Math.max(1, Math.round(miles)) });
    }
  }

  because.sort((a, b) => b.weight - a.weight);
  return {
    eventId: event.id,
    score: Math.round(score * 1000) / 1000,
    reasons: [...because.map((entry) => entry.reason), ...facts],
  };
}

/**
 * The eligible events, best first: highest score, then soonest, then lowest id (so equal scores keep a
 * stable order). Only events some signal about the person chose are recommended: with no signal at all,
 * date alone would recommend everything, which is the upcoming list, not a recommendation.
 */
export function rankRecommendations(
  candidates: readonly RankableEvent[],
  signals: RecommendationSignals,
  now: Date,
  limit = RECOMMENDATION_LIMIT,
): RankedRecommendation[] {
  const weekend = whenWindow("this-weekend", now);
  const startOf = new Map(candidates.map((event) => [event.id, event.startsAt.getTime()]));
  return candidates
    .filter((event) => isEligible(event, signals, now))
    .map((event) => scoreEvent(event, signals, now, weekend))
    .filter((ranked) => ranked.reasons.some((reason) => isBecauseReason(reason)))
    .sort((a, b) => b.score - a.score || startOf.get(a.eventId)! - startOf.get(b.eventId)! || a.eventId - b.eventId)
    .slice(0, limit);
}

export function isBecauseReason(reason: RecommendationReason): boolean {
  return (BECAUSE_REASON_KINDS as readonly string[]).includes(reason.kind);
}
