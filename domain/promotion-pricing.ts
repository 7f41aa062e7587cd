import { z } from "zod";
import { DIGEST_SCHEDULE, weeklyRunsWithin } from "./schedule";

/**
 * Promotion pricing: the published rate card, what a campaign costs, its limits, and where a campaign
 * stands in time; plus the platform's fee on tickets, so that /pricing and checkout read one source.
 * Money is integer cents (USD).
 */

/** Spec §3 promotion types: feature on homepage, prioritize in search, include in digest, social media. */
export const PROMOTION_TYPES = ["homepage", "search", "digest", "social"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** How a type is charged: each day it runs, each digest edition sent while it runs, or once. */
export type RateUnit = "day" | "edition" | "once";

/**
 * The rate card. Homepage placement is the scarcest slot (a handful of Featured Events), so it costs
 * most per day; search priority is shown only to matching searches; the digest goes out once a week
 * (DIGEST_SCHEDULE), so it is charged per edition sent while the campaign runs, and a campaign that no
 * edition falls in cannot buy it; the social kit is made once.
 */
export const RATE_CARD: Readonly<Record<PromotionType, { unit: RateUnit; cents: number }>> = {
  homepage: { unit: "day", cents: 25_00 },
  search: { unit: "day", cents: 15_00 },
  digest: { unit: "edition", cents: 10_00 },
  social: { unit: "once", cents: 19_00 },
};

export const PROMOTION_LIMITS = {
  minDays: 1,
  maxDays: 90,
  /** $100,000: a budget beyond it is a typo, not a plan. */
  maxBudgetCents: 100_000_00,
} as const;

/**
 * The platform's fee on ticket orders, stated as data: basis points of the order's subtotal plus a
 * fixed amount per paid order. Both are zero today; checkout (domain/order.ts) and /pricing read it.
 */
export const TICKETING_FEES = { basisPoints: 0, fixedCentsPerPaidOrder: 0 } as const;

/** The ticketing fee on an order's subtotal: nothing on a free order. */
export function ticketingFeeCents(
  subtotalCents: number,
  fees: { basisPoints: number; fixedCentsPerPaidOrder: number } = TICKETING_FEES,
): number {
  if (subtotalCents <= 0) return 0;
  return Math.round((subtotalCents * fees.basisPoints) / 10_000) + fees.fixedCentsPerPaidOrder;
}

/** Stable words for what is wrong with a promotion request; the UI translates them (promote.problems.*). */
export const PROMOTION_PROBLEMS = {
  typesRequired: "types_required",
  unknownType: "unknown_type",
  duplicateType: "duplicate_type",
  daysOutOfRange: "days_out_of_range",
  budgetOutOfRange: "budget_out_of_range",
  belowPrice: "below_price",
  notPromotable: "not_promotable",
  startInPast: "start_in_past",
  startAfterEvent: "start_after_event",
  afterEvent: "after_event",
  /** The digest was chosen but no edition goes out while the campaign runs and its event is to come. */
  noDigestEdition: "no_digest_edition",
  /** The digest was chosen for a private event, which the digest never lists. */
  digestPrivateEvent: "digest_private_event",
} as const;

export interface QuoteLine {
  type: PromotionType;
  unit: RateUnit;
  /** How many units are charged: days, digest editions, or 1. */
  units: number;
  unitCents: number;
  amountCents: number;
}

export interface PromotionQuote {
  lines: QuoteLine[];
  totalCents: number;
  isWithinBudget: boolean;
}

/** When a campaign runs, and when its event ends if that is known (a quote for any event does not know). */
export interface CampaignWindow {
  startsAt: Date;
  days: number;
  eventEndsAt?: Date;
}

/**
 * The digest editions a campaign pays for: those scheduled from its start until its end, or until its
 * event ends when that is sooner (an edition lists only events still to come). The digest then
 * features it in each of them (server/services/weekly-digest.ts picks campaigns by edition).
 */
export function digestEditions(window: CampaignWindow): number {
  const endsAt = campaignEndsAt(window.startsAt, window.days);
  const until = window.eventEndsAt && window.eventEndsAt < endsAt ? window.eventEndsAt : endsAt;
  return weeklyRunsWithin(window.startsAt, until, DIGEST_SCHEDULE.weekday, DIGEST_SCHEDULE.hour);
}

/** How many units of `unit` a campaign is charged. */
export function chargedUnits(unit: RateUnit, window: CampaignWindow): number {
  if (unit === "day") return window.days;
  if (unit === "edition") return digestEditions(window);
  return 1;
}

/**
 * The price of the chosen types for a campaign, line by line in rate-card order, against the budget
 * when one is set (without one, the quoted price is what the organizer agrees to pay).
 * A digest line may charge 0 editions: such a campaign cannot be sold (the services refuse it).
 */
export function quotePromotion(
  input: CampaignWindow & { types: readonly PromotionType[]; budgetCents?: number | undefined },
): PromotionQuote {
  const chosen = new Set(input.types);
  const lines = PROMOTION_TYPES.filter((type) => chosen.has(type)).map((type): QuoteLine => {
    const { unit, cents } = RATE_CARD[type];
    const units = chargedUnits(unit, input);
    return { type, unit, units, unitCents: cents, amountCents: units * cents };
  });
  const totalCents = lines.reduce((total, line) => total + line.amountCents, 0);
  return { lines, totalCents, isWithinBudget: input.budgetCents === undefined || totalCents <= input.budgetCents };
}

const P = PROMOTION_PROBLEMS;
const days = z
  .number(P.daysOutOfRange)
  .int(P.daysOutOfRange)
  .min(PROMOTION_LIMITS.minDays, P.daysOutOfRange)
  .max(PROMOTION_LIMITS.maxDays, P.daysOutOfRange);
const budgetCents = z
  .number(P.budgetOutOfRange)
  .int(P.budgetOutOfRange)
  .min(0, P.budgetOutOfRange)
  .max(PROMOTION_LIMITS.maxBudgetCents, P.budgetOutOfRange)
  .optional();
const types = z
  .array(z.enum(PROMOTION_TYPES, P.unknownType))
  .min(1, P.typesRequired)
  .max(PROMOTION_TYPES.length, P.duplicateType)
  .refine((list) => new Set(list).size === list.length, P.duplicateType);

/**
 * What a quote takes: the types, the days, a budget the price must fit (optional: the quoted price is
 * the price paid), and a start (ISO 8601 instant; now when left out).
 */
export const promotionQuoteInputSchema = z
  .object({ types, days, budgetCents, startsAt: z.iso.datetime({ offset: true }).optional() })
  .strict();
export type PromotionQuoteInput = z.infer<typeof promotionQuoteInputSchema>;

/** What buying a campaign takes: a quote's fields and the event. */
export const promotionInputSchema = promotionQuoteInputSchema
  .extend({ eventId: z.number().int().positive().max(2_147_483_647) })
  .strict();
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** When a campaign of `days` days starting at `startsAt` ends. */
export function campaignEndsAt(startsAt: Date, days: number): Date {
  return new Date(startsAt.getTime() + days * DAY_MS);
}

/**
 * The longest campaign starting at `startsAt` that an event ending at `eventEndsAt` can use: days
 * after the event would be paid for and shown to nobody. At least one day, for an event about to start.
 */
export function maxCampaignDays(startsAt: Date, eventEndsAt: Date): number {
  return Math.max(1, Math.ceil((eventEndsAt.getTime() - startsAt.getTime()) / DAY_MS));
}

export const CAMPAIGN_STATES = ["scheduled", "active", "ended"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Where a paid campaign stands at `now`: ended by its job or by time, running, or yet to start. */
export function campaignState(
  campaign: { startsAt: Date; endsAt: Date; endedAt: Date | null },
  now: Date,
): CampaignState {
  if (campaign.endedAt !== null || campaign.endsAt.getTime() <= now.getTime()) return "ended";
  return campaign.startsAt.getTime() <= now.getTime() ? "active" : "scheduled";
}
