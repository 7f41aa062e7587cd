import type { PlaceKey } from "./event-search-options";

/**
 * The Event Matchmaker's choices and the address its plain GET form makes, without the parser (zod stays out
 * of the page's browser code, as in event-search-options.ts). The lists repeat matchmaker-answers.ts's
 * (a unit test holds them equal).
 */

export const WHEN_CHOICES = ["this-week", "this-weekend", "next-weekend", "this-month", "any"] as const;
export const COMPANY_CHOICES = ["alone", "friends", "family"] as const;
export const DISTANCE_CHOICES = [3, 10, 25, 50] as const;

/** The budgets offered, as they appear in the address: "free" is free only, the numbers are dollars. */
export const MATCHMAKER_BUDGETS = ["free", "15", "30", "60", "any"] as const;
export type MatchmakerBudget = (typeof MATCHMAKER_BUDGETS)[number];

/** The places one may measure from without sharing a position: the DMV's centres (domain/event-search-options). */
export const MATCHMAKER_PLACES = [
  "washington",
  "arlington",
  "alexandria",
  "bethesda",
  "silver-spring",
  "capitol-hill",
  "georgetown",
  "rockville",
  "fairfax",
  "college-park",
] as const satisfies readonly PlaceKey[];
export type MatchmakerPlace = (typeof MATCHMAKER_PLACES)[number];

/** The answers as the form holds them: strings straight from the address, shown back in the form. */
export interface MatchmakerFormValues {
  categories: string[];
  when: string;
  budget: string;
  miles: string;
  near: string;
  lat: string;
  lng: string;
  languages: string[];
  company: string;
}

/** The fields an error can be shown beside, each with a message key of the page's words (matchmaker.errors.*). */
export interface MatchmakerFormErrors {
  categories: string;
  when: string;
  budget: string;
  distance: string;
  languages: string;
  company: string;
}

/** The form's starting point: every category open, any time, any price, any distance, alone. */
export const EMPTY_MATCHMAKER_VALUES: MatchmakerFormValues = {
  categories: [],
  when: "any",
  budget: "any",
  miles: "any",
  near: "",
  lat: "",
  lng: "",
  languages: [],
  company: "alone",
};

/** The address of the quiz with these values (the order of the form's fields). */
export function matchmakerSearch(values: MatchmakerFormValues): string {
  const params = new URLSearchParams();
  for (const category of values.categories) params.append("category", category);
  params.set("when", values.when);
  params.set("budget", values.budget);
  params.set("miles", values.miles);
  if (values.near) params.set("near", values.near);
  if (values.lat && values.lng) {
    params.set("lat", values.lat);
    params.set("lng", values.lng);
  }
  for (const language of values.languages) params.append("language", language);
  params.set("company", values.company);
  return `?${params.toString()}`;
}

/** The same quiz opened wide (any time, any price, any distance, any language): the empty state's way out. */
export function widenedValues(values: MatchmakerFormValues): MatchmakerFormValues {
  return { ...values, when: "any", budget: "any", miles: "any", languages: [] };
}

/**
 * Why an event was matched, one part per answer it meets, shown as 'Music · this weekend · under $30 · 3 mi':
 * its category, the time asked for, the budget (free, or under the most they will pay), how far it is from
 * where they start, and the language asked for.
 */
export type MatchReason =
  | { kind: "category"; category: string }
  | { kind: "when"; when: Exclude<(typeof WHEN_CHOICES)[number], "any"> }
  | { kind: "free" }
  | { kind: "under"; cents: number }
  | { kind: "distance"; miles: number }
  | { kind: "language"; language: string };
