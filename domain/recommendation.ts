import { LANGUAGE_NAMES, LANGUAGES, type Language } from "./language";

/** How many recommendations the home page shows. */
export const RECOMMENDATION_LIMIT = 6;
/** The interest that matches every public event (spec §4). */
export const PUBLIC_EVENTS_INTEREST = "Public Events";

export interface RecommendableEvent {
  categoryName: string;
  language: Language;
  isPublic: boolean;
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
export function matchesCriteria(event: RecommendableEvent, criteria: RecommendationCriteria): boolean {
  return (
    criteria.categoryNames.includes(event.categoryName.toLowerCase()) ||
    criteria.languages.includes(event.language) ||
    (event.isPublic && criteria.includesPublicEvents)
  );
}

/** The first matching events, in the order given (callers pass upcoming events soonest first). */
export function recommend<E extends RecommendableEvent>(
  events: readonly E[],
  interestNames: readonly string[],
  limit = RECOMMENDATION_LIMIT,
): E[] {
  const criteria = recommendationCriteria(interestNames);
  if (!hasCriteria(criteria)) return [];
  return events.filter((event) => matchesCriteria(event, criteria)).slice(0, limit);
}
