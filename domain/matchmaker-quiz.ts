import { PLACES } from "./event-search-options";
import { SITE_TIME_ZONE } from "./event-search";
import { matchmakerAnswersSchema, type MatchmakerAnswers, type MatchmakerWhen } from "./matchmaker-answers";
import {
  MATCHMAKER_BUDGETS,
  MATCHMAKER_PLACES,
  type MatchmakerFormErrors,
  type MatchmakerFormValues,
  type MatchmakerPlace,
  type MatchReason,
} from "./matchmaker-choices";
import { localDateTimeIn, zonedTimeToUtc } from "./time";

/**
 * The Event Matchmaker's quiz as a plain GET form (/event-matchmaker): its answers live in the address, so
 * the quiz works without scripts and a result can be shared or signed in and come back to. This file turns
 * the address into answers (checked by matchmakerAnswersSchema) and back, and says when an event's date
 * fits "when you are free".
 */

/** What the address holds: no quiz yet, answers that are fine, or answers with the fields that are not. */
export type MatchmakerQuery =
  | { kind: "none" }
  | { kind: "valid"; answers: MatchmakerAnswers; values: MatchmakerFormValues }
  | { kind: "invalid"; errors: Partial<Record<keyof MatchmakerFormErrors, string>>; values: MatchmakerFormValues };

const MAX_VALUE_LENGTH = 40;
const MAX_REPEATS = 20;

/** The quiz's answers from the address; "none" when the quiz has not been sent (no `when` in it). */
export function parseMatchmakerQuery(params: URLSearchParams): MatchmakerQuery {
  if (!params.has("when")) return { kind: "none" };
  const one = (name: string) => (params.get(name) ?? "").slice(0, MAX_VALUE_LENGTH);
  const many = (name: string) =>
    params
      .getAll(name)
      .slice(0, MAX_REPEATS)
      .map((value) => value.slice(0, MAX_VALUE_LENGTH));
  const values: MatchmakerFormValues = {
    categories: many("category"),
    when: one("when"),
    budget: one("budget") || "any",
    miles: one("miles") || "any",
    near: one("near"),
    lat: one("lat"),
    lng: one("lng"),
    languages: many("language"),
    company: one("company") || "alone",
  };
  const errors: Partial<Record<keyof MatchmakerFormErrors, string>> = {};
  const maxPriceCents = budgetCents(values.budget);
  if (maxPriceCents === undefined) errors.budget = "price_invalid";
  const origin = originOf(values);
  const maxMiles = values.miles === "any" ? null : Number(values.miles);
  if (values.miles !== "any" && !/^\d+$/.test(values.miles)) errors.distance = "distance_invalid";
  else if (maxMiles !== null && origin === null) errors.distance = "origin_required";
  if (origin === undefined) errors.distance = "origin_invalid";

  const parsed = matchmakerAnswersSchema.safeParse({
    categories: values.categories,
    when: values.when,
    maxPriceCents: maxPriceCents ?? null,
    maxMiles,
    origin: origin ?? null,
    languages: values.languages,
    company: values.company,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { kind: "invalid", errors, values };
  return { kind: "valid", answers: parsed.data, values };
}

const FIELD_OF: Record<string, keyof MatchmakerFormErrors> = {
  categories: "categories",
  when: "when",
  maxPriceCents: "budget",
  maxMiles: "distance",
  origin: "distance",
  languages: "languages",
  company: "company",
};

/** The most a ticket may cost for a budget, null for any price; undefined when the budget is not one offered. */
export function budgetCents(budget: string): number | null | undefined {
  if (budget === "any") return null;
  if (budget === "free") return 0;
  return (MATCHMAKER_BUDGETS as readonly string[]).includes(budget) ? Number(budget) * 100 : undefined;
}

/**
 * Where distances are measured from: the browser's position (lat/lng) wins over a chosen place; null when
 * neither is given, undefined when what is given is not a place or a position.
 */
function originOf(values: MatchmakerFormValues): { latitude: number; longitude: number } | null | undefined {
  if (values.lat !== "" || values.lng !== "") {
    const latitude = Number(values.lat);
    const longitude = Number(values.lng);
    const isNumber = (text: string) => /^-?\d{1,3}(\.\d{1,8})?$/.test(text);
    if (!isNumber(values.lat) || !isNumber(values.lng)) return undefined;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
    return { latitude, longitude };
  }
  if (values.near === "") return null;
  if (!(MATCHMAKER_PLACES as readonly string[]).includes(values.near)) return undefined;
  const place = PLACES[values.near as MatchmakerPlace];
  return { latitude: place.latitude, longitude: place.longitude };
}

/** The form's values for answers kept earlier (a chosen place comes back as that place, a position as one). */
export function valuesOfAnswers(answers: MatchmakerAnswers): MatchmakerFormValues {
  const place = answers.origin
    ? MATCHMAKER_PLACES.find(
        (key) =>
          PLACES[key].latitude === answers.origin!.latitude && PLACES[key].longitude === answers.origin!.longitude,
      )
    : undefined;
  return {
    categories: [...answers.categories],
    when: answers.when,
    budget:
      answers.maxPriceCents === null
        ? "any"
        : answers.maxPriceCents === 0
          ? "free"
          : String(answers.maxPriceCents / 100),
    miles: answers.maxMiles === null ? "any" : String(answers.maxMiles),
    near: place ?? "",
    lat: answers.origin && !place ? String(answers.origin.latitude) : "",
    lng: answers.origin && !place ? String(answers.origin.longitude) : "",
    languages: [...answers.languages],
    company: answers.company,
  };
}

/** The window [from, to) an event must overlap for "when you are free", in Washington's calendar; null: any time. */
export function whenWindow(when: MatchmakerWhen, now: Date): { from: Date; to: Date } | null {
  const weekday = new Date(startOfLocalDay(now, 0).getTime() + 12 * 3_600_000).getUTCDay(); // 0 = Sunday
  const daysToSaturday = weekday === 0 ? -1 : 6 - weekday;
  const notBefore = (instant: Date) => (instant > now ? instant : now);
  switch (when) {
    case "any":
      return null;
    case "this-week":
      return { from: now, to: startOfLocalDay(now, weekday === 0 ? 1 : 8 - weekday) };
    case "this-weekend":
      return { from: notBefore(startOfLocalDay(now, daysToSaturday)), to: startOfLocalDay(now, daysToSaturday + 2) };
    case "next-weekend":
      return { from: startOfLocalDay(now, daysToSaturday + 7), to: startOfLocalDay(now, daysToSaturday + 9) };
    case "this-month": {
      const today = localDateTimeIn(now, SITE_TIME_ZONE);
      const next = { year: today.month === 12 ? today.year + 1 : today.year, month: (today.month % 12) + 1 };
      return { from: now, to: zonedTimeToUtc({ ...next, day: 1, hour: 0, minute: 0 }, SITE_TIME_ZONE) };
    }
  }
}

function startOfLocalDay(now: Date, days: number): Date {
  const today = localDateTimeIn(now, SITE_TIME_ZONE);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return zonedTimeToUtc(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 },
    SITE_TIME_ZONE,
  );
}

/** What the reasons read of a matched event. */
export interface MatchedFacts {
  categoryKey: string;
  language: string;
  /** The cheapest ticket still on sale (0 for an event without tickets), in cents. */
  cheapestCents: number;
  /** From the answers' starting point, when they gave one. */
  distanceMiles: number | null;
}

/** The reasons an event meets the answers, in the order the card reads them (see MatchReason). */
export function matchReasons(facts: MatchedFacts, answers: MatchmakerAnswers): MatchReason[] {
  const reasons: MatchReason[] = [{ kind: "category", category: facts.categoryKey }];
  if (answers.when !== "any") reasons.push({ kind: "when", when: answers.when });
  if (facts.cheapestCents === 0 && answers.maxPriceCents !== null) reasons.push({ kind: "free" });
  else if (answers.maxPriceCents !== null) reasons.push({ kind: "under", cents: answers.maxPriceCents });
  if (facts.distanceMiles !== null) reasons.push({ kind: "distance", miles: facts.distanceMiles });
  if (answers.languages.length > 0) reasons.push({ kind: "language", language: facts.language });
  return reasons;
}
