/*
 * The staff console's fixed words and limits (issue 18), shared by its pages, services and API.
 */
import { withoutBrokenText } from "./text";

/** How many weeks the console's charts show, the current one last. */
export const FIGURE_WEEKS = 12;

/**
 * The platform's figures, in the order the console shows them (server/services/platform-figures.ts
 * says what each counts).
 */
export const FIGURE_KEYS = [
  "people",
  "organizers",
  "publishedEvents",
  "orders",
  "ticketsSold",
  "revenueCents",
  "promotionIncomeCents",
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** Figures in cents; the others are counts. */
export const MONEY_FIGURES: ReadonlySet<FigureKey> = new Set(["revenueCents", "promotionIncomeCents"]);

/** The console's event filters: by status, hidden events apart whatever their status. */
export const STAFF_EVENT_FILTERS = ["all", "published", "draft", "cancelled", "hidden"] as const;
export type StaffEventFilter = (typeof STAFF_EVENT_FILTERS)[number];

/** Whether `text` names an event filter. */
export function isStaffEventFilter(text: string | null): text is StaffEventFilter {
  return (STAFF_EVENT_FILTERS as readonly (string | null)[]).includes(text);
}

/** How many Major Events the home page shows, and the longest tagline. */
export const MAJOR_EVENT_COUNT = 3;
export const TAGLINE_MAX_LENGTH = 160;
/** The longest search the console's lists read. */
export const STAFF_SEARCH_MAX_LENGTH = 200;

/**
 * What a console list searches for, from its search box as typed: trimmed, at most
 * STAFF_SEARCH_MAX_LENGTH characters, and without characters the database cannot compare (a NUL
 * from a hand-edited address once answered 500).
 */
export function staffSearchText(typed: string | null | undefined): string {
  return withoutBrokenText(typed ?? "")
    .trim()
    .slice(0, STAFF_SEARCH_MAX_LENGTH);
}
