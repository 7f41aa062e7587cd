import { isSoldOut, type TicketAvailability } from "./event";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "./language";

/** How many recommendations the home page shows. */
export const RECOMMENDATION_LIMIT = 6;
/** The interest that matches every public event (spec §4). */
export const PUBLIC_EVENTS_INTEREST = "Public Events";

export interface RecommendableEvent {
  categoryName: string;
  language: Language;
  isPublic: boolean;
  status: "draft" | "published" | "cancelled";
  endsAt: Date;
  ticketTypes: readonly TicketAvailability[];
  /** The organizer and the co-organizers: the people who run the event. */
  staffIds: readonly string[];
}

/** Who the recommendations are for, and when. */
export interface RecommendationViewer {
  userId: string;
  now: Date;
}

/**
 * What saved interests ask for, in a form a database filter can use: category names (lower case),
 * event languages, and whether every public event matches.
 */
export interface RecommendationCriteria {
  categoryNames: string[];
  languages: Language[];
  includesPublicEvents: boolean;
}

/** Comparison ignores case: interests and category names are typed by people in different places. */
export function recommendationCriteria(interestNames: readonly string[]): RecommendationCriteria {
  const wanted = new Set(interestNames.map((name) => name.toLowerCase()));
  return {
    categoryNames: [...wanted],
    languages: LANGUAGES.filter((language) => wanted.has(LANGUAGE_NAMES[language].toLowerCase())),
    includesPublicEvents: wanted.has(PUBLIC_EVENTS_INTEREST.toLowerCase()),
  };
}

/** Whether criteria can match anything at all: without interests nothing is recommended. */
export function hasCriteria(criteria: RecommendationCriteria): boolean {
  return criteria.categoryNames.length > 0;
}

/**
 * An event matches when its category name, its language's name, or — for a public event —
 * 'Public Events' equals one of the saved interests.
 */
export function matchesCriteria(
  event: Pick<RecommendableEvent, "categoryName" | "language" | "isPublic">,
  criteria: RecommendationCriteria,
): boolean {
  return (
    criteria.categoryNames.includes(event.categoryName.toLowerCase()) ||
    criteria.languages.includes(event.language) ||
    (event.isPublic && criteria.includesPublicEvents)
  );
}

/**
 * Whether an event may be recommended to someone at all, whatever their interests: a recommendation
 * is an invitation to go, so it must be published (not a draft, not cancelled), not ended yet (as every
 * list of upcoming events counts it), have a ticket left to get, and not be one the person runs.
 * A private event is listed on the site as a VIP event, so it is not hidden and may be recommended.
 */
export function isRecommendable(event: RecommendableEvent, viewer: RecommendationViewer): boolean {
  return (
    event.status === "published" &&
    event.endsAt.getTime() > viewer.now.getTime() &&
    !isSoldOut(event) &&
    !event.staffIds.includes(viewer.userId)
  );
}

/** The first recommendable matching events, in the order given (callers pass events soonest first). */
export function recommend<E extends RecommendableEvent>(
  events: readonly E[],
  interestNames: readonly string[],
  viewer: RecommendationViewer,
  limit = RECOMMENDATION_LIMIT,
): E[] {
  const criteria = recommendationCriteria(interestNames);
  if (!hasCriteria(criteria)) return [];
  return events.filter((event) => isRecommendable(event, viewer) && matchesCriteria(event, criteria)).slice(0, limit);
}
