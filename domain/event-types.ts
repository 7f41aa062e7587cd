import { CATEGORIES, type CategoryKey } from "./catalog";

/**
 * The kinds of event the site guides organizers through (/event-types): for each, the categories its
 * events are listed under, what to plan (checklist items), which permits may apply, how far ahead to
 * start and how many people such events usually gather. Data only: the words live in the locale files
 * (eventTypes.*), and issue 20's planning engine builds its plans from the same lists.
 */

/** Things to plan, shared by the types; each type lists the ones it needs, in the order to do them. */
export const PLANNING_ITEMS = [
  "define-goals",
  "set-budget",
  "book-venue",
  "check-permits",
  "book-talent",
  "line-up-speakers",
  "sound-and-stage",
  "arrange-catering",
  "gather-materials",
  "find-sponsors",
  "set-ticket-tiers",
  "publish-event",
  "promote-event",
  "recruit-staff",
  "accessibility-plan",
  "safety-plan",
  "weather-plan",
  "get-insurance",
  "set-up-check-in",
  "follow-up",
] as const;
export type PlanningItem = (typeof PLANNING_ITEMS)[number];

/** Permits and licences an event may need in DC, Maryland or Virginia (general topics, not legal advice). */
export const PERMIT_TOPICS = [
  "alcohol",
  "amplified-sound",
  "public-space",
  "street-closure",
  "food-service",
  "temporary-structures",
  "charitable-gaming",
  "occupancy",
] as const;
export type PermitTopic = (typeof PERMIT_TOPICS)[number];

export interface EventTypeGuide {
  /** Its address: /event-types/{slug}. */
  slug: string;
  /** The site's categories (domain/catalog.ts) such events are listed under, the closest first. */
  categories: readonly CategoryKey[];
  /** What to plan, in the order to do it. */
  checklist: readonly PlanningItem[];
  /** Permits that often apply, to be checked with the locality. */
  permits: readonly PermitTopic[];
  /** How many weeks before the day planning usually starts. */
  leadTimeWeeks: number;
  /** How many people such an event usually gathers. */
  size: { min: number; max: number };
}

export const EVENT_TYPES = [
  {
    slug: "conference",
    categories: ["conference", "business", "technology"],
    checklist: [
      "define-goals",
      "set-budget",
      "book-venue",
      "line-up-speakers",
      "find-sponsors",
      "set-ticket-tiers",
      "publish-event",
      "arrange-catering",
      "sound-and-stage",
      "accessibility-plan",
      "recruit-staff",
      "set-up-check-in",
      "follow-up",
    ],
    permits: ["occupancy", "alcohol"],
    leadTimeWeeks: 26,
    size: { min: 100, max: 2_000 },
  },
  {
    slug: "concert",
    categories: ["music"],
    checklist: [
      "set-budget",
      "book-venue",
      "book-talent",
      "sound-and-stage",
      "check-permits",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "safety-plan",
      "accessibility-plan",
      "recruit-staff",
      "set-up-check-in",
    ],
    permits: ["amplified-sound", "occupancy", "alcohol"],
    leadTimeWeeks: 12,
    size: { min: 50, max: 5_000 },
  },
  {
    slug: "workshop",
    categories: ["education", "technology", "arts"],
    checklist: [
      "define-goals",
      "book-venue",
      "gather-materials",
      "set-ticket-tiers",
      "publish-event",
      "accessibility-plan",
      "set-up-check-in",
      "follow-up",
    ],
    permits: [],
    leadTimeWeeks: 4,
    size: { min: 6, max: 40 },
  },
  {
    slug: "meetup",
    categories: ["community", "networking", "technology"],
    checklist: ["define-goals", "book-venue", "publish-event", "promote-event", "accessibility-plan", "follow-up"],
    permits: [],
    leadTimeWeeks: 3,
    size: { min: 10, max: 80 },
  },
  {
    slug: "festival",
    categories: ["music", "food-drink", "arts", "community"],
    checklist: [
      "define-goals",
      "set-budget",
      "book-venue",
      "check-permits",
      "get-insurance",
      "find-sponsors",
      "book-talent",
      "sound-and-stage",
      "arrange-catering",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "safety-plan",
      "weather-plan",
      "accessibility-plan",
      "recruit-staff",
      "set-up-check-in",
      "follow-up",
    ],
    permits: ["public-space", "street-closure", "amplified-sound", "food-service", "alcohol", "temporary-structures"],
    leadTimeWeeks: 36,
    size: { min: 500, max: 20_000 },
  },
  {
    slug: "party",
    categories: ["party", "music"],
    checklist: [
      "set-budget",
      "book-venue",
      "book-talent",
      "arrange-catering",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "safety-plan",
      "set-up-check-in",
    ],
    permits: ["alcohol", "amplified-sound", "occupancy"],
    leadTimeWeeks: 4,
    size: { min: 20, max: 300 },
  },
  {
    slug: "fundraiser",
    categories: ["charity", "community"],
    checklist: [
      "define-goals",
      "set-budget",
      "find-sponsors",
      "book-venue",
      "check-permits",
      "arrange-catering",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "recruit-staff",
      "set-up-check-in",
      "follow-up",
    ],
    permits: ["charitable-gaming", "alcohol", "food-service"],
    leadTimeWeeks: 12,
    size: { min: 40, max: 500 },
  },
  {
    slug: "sports",
    categories: ["sports", "wellness"],
    checklist: [
      "define-goals",
      "book-venue",
      "check-permits",
      "get-insurance",
      "set-ticket-tiers",
      "publish-event",
      "recruit-staff",
      "safety-plan",
      "weather-plan",
      "set-up-check-in",
      "follow-up",
    ],
    permits: ["public-space", "street-closure"],
    leadTimeWeeks: 12,
    size: { min: 20, max: 2_000 },
  },
  {
    slug: "networking",
    categories: ["networking", "business"],
    checklist: [
      "define-goals",
      "book-venue",
      "arrange-catering",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "set-up-check-in",
      "follow-up",
    ],
    permits: ["alcohol"],
    leadTimeWeeks: 4,
    size: { min: 20, max: 200 },
  },
  {
    slug: "exhibition",
    categories: ["arts"],
    checklist: [
      "define-goals",
      "set-budget",
      "book-venue",
      "get-insurance",
      "gather-materials",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "accessibility-plan",
      "recruit-staff",
    ],
    permits: ["occupancy", "alcohol"],
    leadTimeWeeks: 12,
    size: { min: 50, max: 1_000 },
  },
  {
    slug: "tasting",
    categories: ["food-drink"],
    checklist: [
      "set-budget",
      "book-venue",
      "check-permits",
      "arrange-catering",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "set-up-check-in",
    ],
    permits: ["alcohol", "food-service"],
    leadTimeWeeks: 6,
    size: { min: 15, max: 150 },
  },
  {
    slug: "wellness-class",
    categories: ["wellness", "sports"],
    checklist: [
      "book-venue",
      "gather-materials",
      "set-ticket-tiers",
      "publish-event",
      "accessibility-plan",
      "get-insurance",
      "follow-up",
    ],
    permits: ["public-space"],
    leadTimeWeeks: 3,
    size: { min: 5, max: 60 },
  },
  {
    slug: "family-day",
    categories: ["family", "community"],
    checklist: [
      "define-goals",
      "book-venue",
      "check-permits",
      "arrange-catering",
      "set-ticket-tiers",
      "publish-event",
      "safety-plan",
      "weather-plan",
      "accessibility-plan",
      "recruit-staff",
      "set-up-check-in",
    ],
    permits: ["public-space", "food-service", "temporary-structures"],
    leadTimeWeeks: 8,
    size: { min: 30, max: 800 },
  },
  {
    slug: "fashion-show",
    categories: ["fashion", "arts"],
    checklist: [
      "define-goals",
      "set-budget",
      "book-venue",
      "book-talent",
      "sound-and-stage",
      "find-sponsors",
      "set-ticket-tiers",
      "publish-event",
      "promote-event",
      "recruit-staff",
      "set-up-check-in",
    ],
    permits: ["occupancy", "temporary-structures"],
    leadTimeWeeks: 12,
    size: { min: 50, max: 600 },
  },
] as const satisfies readonly EventTypeGuide[];

export type EventTypeSlug = (typeof EVENT_TYPES)[number]["slug"];

/** The guide at /event-types/{slug}, or null for any other slug. */
export function eventTypeBySlug(slug: string): EventTypeGuide | null {
  return EVENT_TYPES.find((type) => type.slug === slug) ?? null;
}

/** The types whose events are listed under a category, the closest matches first. */
export function eventTypesOfCategory(category: CategoryKey): EventTypeGuide[] {
  return EVENT_TYPES.filter((type) => (type.categories as readonly string[]).includes(category)).sort(
    (a, b) =>
      (a.categories as readonly string[]).indexOf(category) - (b.categories as readonly string[]).indexOf(category),
  );
}

/** The category keys the site knows (the seed writes exactly these). */
export const CATEGORY_KEYS: readonly CategoryKey[] = CATEGORIES.map((category) => category.key);
