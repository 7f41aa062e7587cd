import { LANGUAGE_NAMES, type Language } from "./language";

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
 * An event matches when its category name, its language's name, or — for a public event —
 * 'Public Events' equals one of the saved interests. Comparison ignores case.
 */
export function matchesInterests(event: RecommendableEvent, interestNames: readonly string[]): boolean {
  const wanted = new Set(interestNames.map((name) => name.toLowerCase()));
  return (
    wanted.has(event.categoryName.toLowerCase()) ||
    wanted.has(LANGUAGE_NAMES[event.language].toLowerCase()) ||
    (event.isPublic && wanted.has(PUBLIC_EVENTS_INTEREST.toLowerCase()))
  );
}

/** The first matching events, in the order given (callers pass upcoming events soonest first). */
export function recommend<E extends RecommendableEvent>(
  events: readonly E[],
  interestNames: readonly string[],
  limit = RECOMMENDATION_LIMIT,
): E[] {
  if (interestNames.length === 0) return [];
  return events.filter((event) => matchesInterests(event, interestNames)).slice(0, limit);
}
