import { describe, expect, it } from "vitest";
import {
  breakEvenPriceCents,
  budgetForAttendance,
  defaultBudgetLines,
  EARLY_BIRD,
  summarizeBudget,
  sumCents,
  ticketTypesForBudget,
} from "./event-budget";
import {
  BUDGET_CATEGORIES,
  budgetLinesSchema,
  PLAN_AREAS,
  PLAN_SETTINGS,
  planInputSchema,
  type BudgetLine,
  type PlanInput,
} from "./event-plan-input";
import { EVENT_TYPES } from "./event-types";
import { TICKETING_FEES, ticketingFeeCents } from "./promotion-pricing";

function planInput(fields: Partial<PlanInput> = {}): PlanInput {
  return planInputSchema.parse({
    eventType: "conference",
    attendance: 150,
    date: "2027-02-27",
    budgetCents: null,
    setting: "indoor",
    language: "en",
    area: "va",
    ...fields,
  });
}

const amountOf = (lines: readonly BudgetLine[], category: string) =>
  lines.find((line) => line.category === category)?.amountCents;

const ATTENDANCES = [1, 7, 50, 51, 150, 499, 500, 2_000, 2_001, 100_000];

describe("the default budget", () => {
  it("has one valid line per category, in integer cents, for every type, area, setting and size", () => {
    for (const type of EVENT_TYPES) {
      for (const area of PLAN_AREAS) {
        for (const setting of PLAN_SETTINGS) {
          for (const attendance of ATTENDANCES) {
            const where = `${type.slug} ${area} ${setting} ${attendance}`;
            const lines = defaultBudgetLines(planInput({ eventType: type.slug, area, setting, attendance }));
            expect(
              lines.map((line) => line.category),
              where,
            ).toEqual([...BUDGET_CATEGORIES]);
            expect(budgetLinesSchema.safeParse(lines).success, where).toBe(true);
            for (const line of lines) {
              expect(Number.isSafeInteger(line.amountCents), `${where} ${line.category}`).toBe(true);
              if (line.perAttendeeCents !== null) {
                expect(line.amountCents, `${where} ${line.category}`).toBe(line.perAttendeeCents * attendance);
              }
            }
            // Lines that sum: the summary's total is the sum of the lines, whatever the attendance.
            const summary = summarizeBudget(lines, attendance);
            expect(summary.totalCents, where).toBe(sumCents(lines));
            for (const value of Object.values(summary)) expect(Number.isSafeInteger(value), where).toBe(true);
          }
        }
      }
    }
  });

  it("matches a hand calculation: a 150-person conference indoors in Virginia", () => {
    const lines = defaultBudgetLines(planInput());
    expect(Object.fromEntries(lines.map((line) => [line.category, line.amountCents]))).toEqual({
      venue: 2_550_00, // DC's $3,000 for up to 150 guests, at 85 % in Virginia
      catering: 6_750_00, // $45 a head × 150
      av: 4_000_00, // a conference has sound-and-stage: the stage rate for up to 150
      staff: 750_00, // ceil(150 / 50) = 3 staff × $25 × 10 hours
      security: 900_00, // alcohol may be served: ceil(150 / 100) = 2 guards × $45 × 10 hours
      insurance: 700_00, // $400 general liability + $300 liquor liability
      marketing: 500_00,
      decoration: 450_00, // $3 a head × 150
      fees: 450_00, // occupancy $150 + alcohol $300 (indoors: no public-space permit)
      contingency: 1_705_00, // 10 % of the $17,050 above
    });
    expect(lines.find((line) => line.category === "catering")?.perAttendeeCents).toBe(45_00);
  });

  it("charges more for a venue in DC than in Maryland or Virginia", () => {
    for (const attendance of ATTENDANCES) {
      const venue = (area: PlanInput["area"]) =>
        amountOf(defaultBudgetLines(planInput({ area, attendance })), "venue")!;
      expect(venue("dc"), String(attendance)).toBeGreaterThan(venue("va"));
      expect(venue("dc"), String(attendance)).toBeGreaterThan(venue("md"));
    }
  });

  it("pays for security only at large events or where alcohol is served", () => {
    const security = (fields: Partial<PlanInput>) => amountOf(defaultBudgetLines(planInput(fields)), "security");
    expect(security({ eventType: "workshop", attendance: 30 })).toBe(0);
    expect(security({ eventType: "sports", attendance: 499 })).toBe(0);
    expect(security({ eventType: "sports", attendance: 800 })).toBe(8 * 45_00 * 6);
    expect(security({ eventType: "party", attendance: 60 })).toBe(45_00 * 6);
  });

  it("scales catering with the attendance and costs nothing where guests buy their own", () => {
    const small = defaultBudgetLines(planInput({ eventType: "fundraiser", attendance: 100 }));
    const large = defaultBudgetLines(planInput({ eventType: "fundraiser", attendance: 400 }));
    expect(amountOf(large, "catering")).toBe(4 * amountOf(small, "catering")!);
    expect(amountOf(defaultBudgetLines(planInput({ eventType: "festival", attendance: 3_000 })), "catering")).toBe(0);
  });
});

describe("the budget for another attendance", () => {
  it("re-totals the per-attendee lines and keeps the others", () => {
    const lines = defaultBudgetLines(planInput());
    const bigger = budgetForAttendance(lines, 200);
    expect(amountOf(bigger, "catering")).toBe(45_00 * 200);
    for (const category of BUDGET_CATEGORIES.filter((category) => category !== "catering")) {
      expect(amountOf(bigger, category), category).toBe(amountOf(lines, category));
    }
    expect(summarizeBudget(lines, 200).totalCents).toBe(sumCents(bigger));
    expect(sumCents(bigger) - sumCents(lines)).toBe(45_00 * 50);
  });
});

describe("the summary", () => {
  const lines = defaultBudgetLines(planInput());

  it("gives the break-even price of a hand calculation, and the same with 30 % fewer guests", () => {
    // $18,755.00 for 150 guests: $125.0333… each, so $125.04 is the smallest price that covers it.
    const summary = summarizeBudget(lines, 150, TICKETING_FEES);
    expect(summary.totalCents).toBe(18_755_00);
    expect(summary.perAttendeeCents).toBe(125_04);
    expect(summary.breakEvenPriceCents).toBe(125_04);
    expect(150 * 125_04).toBeGreaterThanOrEqual(18_755_00);
    expect(150 * 125_03).toBeLessThan(18_755_00);
    // 30 % fewer: 105 guests; catering falls by 45 × $45 = $2,025, the rest stays: $16,730 / 105 = $159.333….
    expect(summary.fewerAttendance).toBe(105);
    expect(summary.fewerTotalCents).toBe(16_730_00);
    expect(summary.fewerBreakEvenPriceCents).toBe(159_34);
  });

  it("leaves the break-even price to the organizer's costs when the site charges fees: checkout adds them to the buyer's order", () => {
    const fees = { basisPoints: 300, fixedCentsPerPaidOrder: 50 };
    const summary = summarizeBudget(lines, 150, fees);
    expect(summary.breakEvenPriceCents).toBe(125_04);
    // The buyer pays $125.04 + 3 % ($3.7512, rounded to $3.75) + $0.50 = $129.29.
    expect(summary.buyerPriceCents).toBe(129_29);
    expect(summary.buyerPriceCents).toBe(125_04 + ticketingFeeCents(125_04, fees));
    // Today's schedule (no fee): the buyer pays the ticket price.
    expect(summarizeBudget(lines, 150).buyerPriceCents).toBe(125_04 + ticketingFeeCents(125_04));
  });

  it("rounds fewer guests down and never below one; a free event breaks even at zero", () => {
    expect(summarizeBudget(lines, 1).fewerAttendance).toBe(1);
    expect(summarizeBudget(lines, 3).fewerAttendance).toBe(2);
    expect(summarizeBudget(lines, 10).fewerAttendance).toBe(7);
    const free = BUDGET_CATEGORIES.map((category) => ({ category, perAttendeeCents: null, amountCents: 0 }));
    expect(summarizeBudget(free, 40)).toMatchObject({ totalCents: 0, breakEvenPriceCents: 0, buyerPriceCents: 0 });
    expect(breakEvenPriceCents(1, 3)).toBe(1);
    expect(breakEvenPriceCents(300, 3)).toBe(100);
    expect(breakEvenPriceCents(301, 3)).toBe(101);
  });
});

describe("price my tickets", () => {
  it("fills an early-bird and a general tier whose quantities sum to the attendance and whose sales cover the total", () => {
    const summary = summarizeBudget(defaultBudgetLines(planInput()), 150);
    const types = ticketTypesForBudget(summary, 150);
    // 20 % of 150 = 30 early birds at 20 % off. $126 (the break-even rounded up) leaves the sales short
    // (30 × $100 + 120 × $126 = $18,120 < $18,755); so does every dollar up to $130 (30 × $104 + 120 × $130 =
    // $18,720); at $131 the early bird is $104 and the sales are 30 × $104 + 120 × $131 = $18,840.
    expect(types).toEqual([
      { kind: "early-bird", priceCents: 104_00, quantity: 30 },
      { kind: "general", priceCents: 131_00, quantity: 120 },
    ]);
  });

  it("holds for every type and size", () => {
    for (const type of EVENT_TYPES) {
      for (const attendance of ATTENDANCES) {
        const where = `${type.slug} ${attendance}`;
        const summary = summarizeBudget(
          defaultBudgetLines(planInput({ eventType: type.slug, attendance })),
          attendance,
        );
        const types = ticketTypesForBudget(summary, attendance);
        expect(
          types.reduce((total, ticket) => total + ticket.quantity, 0),
          where,
        ).toBe(attendance);
        expect(
          types.reduce((total, ticket) => total + ticket.quantity * ticket.priceCents, 0),
          where,
        ).toBeGreaterThanOrEqual(summary.totalCents);
        const general = types.find((ticket) => ticket.kind === "general")!;
        expect(general.priceCents % 100, where).toBe(0);
        expect(general.priceCents, where).toBeGreaterThanOrEqual(summary.breakEvenPriceCents);
        expect(general.priceCents - summary.breakEvenPriceCents, where).toBeLessThan(
          (summary.breakEvenPriceCents * EARLY_BIRD.discountPercent) / 100 + 100,
        );
        for (const ticket of types) expect(ticket.quantity, where).toBeGreaterThan(0);
        const early = types.find((ticket) => ticket.kind === "early-bird");
        if (early) {
          expect(early.priceCents % 100, where).toBe(0);
          expect(early.priceCents, where).toBeLessThan(general.priceCents);
          expect(early.quantity, where).toBe(Math.floor((attendance * EARLY_BIRD.sharePercent) / 100));
        }
      }
    }
  });

  it("gives one general tier at the break-even rounded up when there are too few tickets for early birds, or a free one", () => {
    expect(ticketTypesForBudget({ totalCents: 100_01, breakEvenPriceCents: 25_01 }, 4)).toEqual([
      { kind: "general", priceCents: 26_00, quantity: 4 },
    ]);
    expect(ticketTypesForBudget({ totalCents: 0, breakEvenPriceCents: 0 }, 80)).toEqual([
      { kind: "general", priceCents: 0, quantity: 80 },
    ]);
    // Under a dollar after the discount: no early bird.
    expect(ticketTypesForBudget({ totalCents: 50_00, breakEvenPriceCents: 50 }, 100)).toEqual([
      { kind: "general", priceCents: 1_00, quantity: 100 },
    ]);
  });
});
