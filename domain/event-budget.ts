import {
  BUDGET_CATEGORIES,
  MAX_PLAN_BUDGET_CENTS,
  type BudgetLine,
  type PlanArea,
  type PlanInput,
} from "./event-plan-input";
import { applicablePermits } from "./event-plan";
import { eventTypeBySlug, type EventTypeSlug, type PermitTopic } from "./event-types";
import { TICKETING_FEES, ticketingFeeCents } from "./promotion-pricing";

/**
 * The budgeting tool of /event-planning (issue 20): default budget lines for the planner's answers, totals,
 * cost per attendee, the break-even ticket price, what happens when 30 % fewer come, and the ticket types
 * that price fills. Money is integer cents (USD) throughout. The defaults are planning estimates for the DMV,
 * written up with their sources in docs/planning.md; every line is the organizer's to change.
 */

/** A default of the event's type (the planner's schema admits only the types' slugs). */
function ofType<T>(table: Readonly<Record<EventTypeSlug, T>>, slug: string): T {
  const value = (table as Readonly<Record<string, T>>)[slug];
  if (value === undefined) throw new RangeError(`Unknown event type: ${slug}`);
  return value;
}

/** A fee schedule as TICKETING_FEES states it: basis points of an order's subtotal plus a fixed amount per paid order. */
export type FeeSchedule = { basisPoints: number; fixedCentsPerPaidOrder: number };

/** Size tiers by expected attendance: up to 50, 150, 500, 2,000 guests, and more. */
export const SIZE_TIERS = [50, 150, 500, 2_000] as const;

/** The tier index (0–4) of an attendance. */
export function sizeTier(attendance: number): number {
  const index = SIZE_TIERS.findIndex((limit) => attendance <= limit);
  return index === -1 ? SIZE_TIERS.length : index;
}

/** Hiring a room or site for the day in DC, by size tier (estimates). */
export const VENUE_CENTS_DC = [600_00, 3_000_00, 9_000_00, 25_000_00, 60_000_00] as const;

/** Venue prices in each area as a percentage of DC's: DC is dearer than the Maryland and Virginia suburbs. */
export const VENUE_AREA_PERCENT: Readonly<Record<PlanArea, number>> = { dc: 100, va: 85, md: 80, elsewhere: 80 };

/** Food and drink per guest, by event type (cents; 0 where guests buy from vendors or a bar). */
export const CATERING_PER_GUEST_CENTS: Readonly<Record<EventTypeSlug, number>> = {
  conference: 45_00,
  concert: 0,
  workshop: 12_00,
  meetup: 10_00,
  festival: 0,
  party: 20_00,
  fundraiser: 85_00,
  sports: 8_00,
  networking: 25_00,
  exhibition: 10_00,
  tasting: 35_00,
  "wellness-class": 5_00,
  "family-day": 12_00,
  "fashion-show": 20_00,
};

/** Decoration and signage per expected guest, by event type (cents; a fixed line once planned). */
export const DECORATION_PER_GUEST_CENTS: Readonly<Record<EventTypeSlug, number>> = {
  conference: 3_00,
  concert: 1_00,
  workshop: 1_00,
  meetup: 50,
  festival: 1_50,
  party: 5_00,
  fundraiser: 12_00,
  sports: 1_00,
  networking: 3_00,
  exhibition: 5_00,
  tasting: 4_00,
  "wellness-class": 1_00,
  "family-day": 2_00,
  "fashion-show": 10_00,
};

/** How many hours staff and security are paid: set-up, the event and clearing up. */
export const EVENT_HOURS: Readonly<Record<EventTypeSlug, number>> = {
  conference: 10,
  concert: 6,
  workshop: 4,
  meetup: 3,
  festival: 10,
  party: 6,
  fundraiser: 6,
  sports: 6,
  networking: 4,
  exhibition: 8,
  tasting: 4,
  "wellness-class": 2,
  "family-day": 8,
  "fashion-show": 6,
};

/** Event staff: one per this many guests (at least one), paid by the hour. */
export const STAFFING = { guestsPerStaff: 50, hourlyCents: 25_00 } as const;

/** Licensed security guards, for large events or where alcohol is served: one per this many guests (at least one). */
export const SECURITY = { minAttendance: 500, guestsPerGuard: 100, hourlyCents: 45_00 } as const;

/**
 * Sound, light and projection by size tier: a stage and PA where the type's checklist has sound-and-stage, else a
 * projector and microphones.
 */
export const AV_CENTS = {
  stage: [1_500_00, 4_000_00, 10_000_00, 25_000_00, 60_000_00],
  basic: [150_00, 600_00, 2_000_00, 5_000_00, 10_000_00],
} as const;

/** One-day event liability insurance by size tier, and liquor liability on top where alcohol is served. */
export const INSURANCE_CENTS = { general: [250_00, 400_00, 800_00, 2_000_00, 5_000_00], liquor: 300_00 } as const;

/** Promotion beyond this site (printing, social ads) by size tier. */
export const MARKETING_CENTS = [100_00, 500_00, 2_000_00, 6_000_00, 15_000_00] as const;

/** What applying for each permit usually costs (application and licence fees, estimates). */
export const PERMIT_FEE_CENTS: Readonly<Record<PermitTopic, number>> = {
  alcohol: 300_00,
  "amplified-sound": 100_00,
  "public-space": 500_00,
  "street-closure": 1_500_00,
  "food-service": 250_00,
  "temporary-structures": 300_00,
  "charitable-gaming": 100_00,
  occupancy: 150_00,
};

/** Contingency: this percentage of all the other lines. */
export const CONTINGENCY_PERCENT = 10;

/**
 * "Price my tickets": the first EARLY_BIRD.sharePercent % of the tickets (rounded down) sell at
 * EARLY_BIRD.discountPercent % off the general price (rounded down to a whole dollar).
 */
export const EARLY_BIRD = { sharePercent: 20, discountPercent: 20 } as const;

/** What the 'what if fewer come' line assumes: this percentage fewer guests. */
export const FEWER_PERCENT = 30;

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);
const capped = (cents: number) => Math.min(MAX_PLAN_BUDGET_CENTS, Math.max(0, cents));

/**
 * The default budget for the planner's answers: one line per category, in BUDGET_CATEGORIES order. Catering is
 * the one line per attendee; the others are totals. `fees` holds the permit and licence fees of the permits
 * that apply: the site's ticketing fee is not the organizer's cost, as checkout adds it to each paid order
 * (see summarizeBudget's buyerPriceCents). Contingency is CONTINGENCY_PERCENT % of the rest.
 */
export function defaultBudgetLines(input: PlanInput): BudgetLine[] {
  const slug = input.eventType;
  const attendance = input.attendance;
  const tier = sizeTier(attendance);
  const permits = applicablePermits(input);
  const alcohol = permits.includes("alcohol");
  const hours = ofType(EVENT_HOURS, slug);
  const type = eventTypeBySlug(slug);
  const stage = type !== null && type.checklist.includes("sound-and-stage");

  const staff = Math.max(1, Math.ceil(attendance / STAFFING.guestsPerStaff));
  const guards =
    attendance >= SECURITY.minAttendance || alcohol ? Math.max(1, Math.ceil(attendance / SECURITY.guestsPerGuard)) : 0;
  const amounts: Record<Exclude<(typeof BUDGET_CATEGORIES)[number], "catering" | "contingency">, number> = {
    venue: percentOf(VENUE_CENTS_DC[tier]!, VENUE_AREA_PERCENT[input.area]),
    av: (stage ? AV_CENTS.stage : AV_CENTS.basic)[tier]!,
    staff: staff * STAFFING.hourlyCents * hours,
    security: guards * SECURITY.hourlyCents * hours,
    insurance: INSURANCE_CENTS.general[tier]! + (alcohol ? INSURANCE_CENTS.liquor : 0),
    marketing: MARKETING_CENTS[tier]!,
    decoration: ofType(DECORATION_PER_GUEST_CENTS, slug) * attendance,
    fees: permits.reduce((total, permit) => total + PERMIT_FEE_CENTS[permit], 0),
  };
  const catering = ofType(CATERING_PER_GUEST_CENTS, slug);
  const lines: BudgetLine[] = BUDGET_CATEGORIES.filter((category) => category !== "contingency").map((category) =>
    category === "catering"
      ? { category, perAttendeeCents: catering, amountCents: capped(catering * attendance) }
      : { category, perAttendeeCents: null, amountCents: capped(amounts[category]) },
  );
  const rest = lines.reduce((total, line) => total + line.amountCents, 0);
  lines.push({
    category: "contingency",
    perAttendeeCents: null,
    amountCents: capped(percentOf(rest, CONTINGENCY_PERCENT)),
  });
  return lines;
}

/**
 * The same budget for another attendance: each per-attendee line is re-totalled (its amount becomes
 * perAttendeeCents × attendance); the other lines, contingency included, stay as they are (a venue does not
 * get cheaper because fewer come).
 */
export function budgetForAttendance(lines: readonly BudgetLine[], attendance: number): BudgetLine[] {
  return lines.map((line) =>
    line.perAttendeeCents === null ? { ...line } : { ...line, amountCents: capped(line.perAttendeeCents * attendance) },
  );
}

export interface BudgetSummary {
  /** The sum of the lines for the attendance. */
  totalCents: number;
  /** The total divided by the attendance, rounded up to the cent. */
  perAttendeeCents: number;
  /** The smallest whole-cent ticket price at which the attendance's tickets cover the total (0 for a free event). */
  breakEvenPriceCents: number;
  /** 30 % fewer guests (FEWER_PERCENT), rounded down, at least one. */
  fewerAttendance: number;
  /** The break-even price if only fewerAttendance come (per-attendee lines shrink, the others do not). */
  fewerBreakEvenPriceCents: number;
  /** Added to the contract: the total for fewerAttendance. */
  fewerTotalCents: number;
  /**
   * Added to the contract: what a buyer pays at checkout for one ticket at the break-even price, the site's
   * ticketing fee included (checkout adds the fee to each paid order; the organizer keeps the ticket price).
   */
  buyerPriceCents: number;
}

/**
 * The smallest whole-cent ticket price at which `attendance` tickets bring in `costCents`. The organizer keeps
 * the whole ticket price: the site's fee is added to the buyer's order at checkout (domain/order.ts), so it
 * does not raise the break-even price.
 */
export function breakEvenPriceCents(costCents: number, attendance: number): number {
  if (costCents <= 0) return 0;
  return Math.ceil(costCents / Math.max(1, attendance));
}

/**
 * Totals, cost per attendee, break-even price and the 'what if 30 % fewer come' line, for the lines re-totalled
 * to the attendance (budgetForAttendance). `fees` is the site's fee schedule (TICKETING_FEES unless a test
 * passes another), used for the price a buyer pays at checkout.
 */
export function summarizeBudget(
  lines: readonly BudgetLine[],
  attendance: number,
  fees: FeeSchedule = TICKETING_FEES,
): BudgetSummary {
  const guests = Math.max(1, Math.floor(attendance));
  const totalCents = sumCents(budgetForAttendance(lines, guests));
  const breakEven = breakEvenPriceCents(totalCents, guests);
  const fewerAttendance = Math.max(1, Math.floor((guests * (100 - FEWER_PERCENT)) / 100));
  const fewerTotalCents = sumCents(budgetForAttendance(lines, fewerAttendance));
  return {
    totalCents,
    perAttendeeCents: Math.ceil(totalCents / guests),
    breakEvenPriceCents: breakEven,
    fewerAttendance,
    fewerBreakEvenPriceCents: breakEvenPriceCents(fewerTotalCents, fewerAttendance),
    fewerTotalCents,
    buyerPriceCents: breakEven + ticketingFeeCents(breakEven, fees),
  };
}

/** The sum of the lines' amounts. */
export function sumCents(lines: readonly Pick<BudgetLine, "amountCents">[]): number {
  return lines.reduce((total, line) => total + line.amountCents, 0);
}

export interface SuggestedTicketType {
  kind: "early-bird" | "general";
  priceCents: number;
  quantity: number;
}

const DOLLAR = 100;
const roundUpToDollar = (cents: number) => Math.ceil(cents / DOLLAR) * DOLLAR;
const roundDownToDollar = (cents: number) => Math.floor(cents / DOLLAR) * DOLLAR;

/**
 * "Price my tickets": the ticket types that fill a new event, quantities summing to the attendance. The general
 * price is the break-even price rounded up to the next whole dollar; with an early-bird tier
 * (EARLY_BIRD.sharePercent % of the tickets at EARLY_BIRD.discountPercent % off, rounded down to a whole
 * dollar), the general price goes up by whole dollars until selling every ticket still covers the total, so the
 * discount never leaves the budget short. No early-bird tier for a free event, when it would cover less than one
 * ticket, or when the discounted price would be under a dollar.
 */
export function ticketTypesForBudget(
  summary: Pick<BudgetSummary, "totalCents" | "breakEvenPriceCents">,
  attendance: number,
): SuggestedTicketType[] {
  const guests = Math.max(1, Math.floor(attendance));
  const general = roundUpToDollar(summary.breakEvenPriceCents);
  const earlyQuantity = Math.floor((guests * EARLY_BIRD.sharePercent) / 100);
  const earlyPrice = (generalPrice: number) =>
    roundDownToDollar((generalPrice * (100 - EARLY_BIRD.discountPercent)) / 100);
  if (general === 0 || earlyQuantity === 0 || earlyPrice(general) < DOLLAR) {
    return [{ kind: "general", priceCents: general, quantity: guests }];
  }
  const generalQuantity = guests - earlyQuantity;
  let price = general;
  while (earlyQuantity * earlyPrice(price) + generalQuantity * price < summary.totalCents) price += DOLLAR;
  return [
    { kind: "early-bird", priceCents: earlyPrice(price), quantity: earlyQuantity },
    { kind: "general", priceCents: price, quantity: generalQuantity },
  ];
}
