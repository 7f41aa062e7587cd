import { describe, expect, it } from "vitest";
import { orderTotalCents } from "./order";
import {
  campaignEndsAt,
  campaignState,
  digestEditions,
  maxCampaignDays,
  PROMOTION_LIMITS,
  promotionInputSchema,
  promotionQuoteInputSchema,
  quotePromotion,
  RATE_CARD,
  ticketingFeeCents,
} from "./promotion-pricing";

const NOW = new Date("2026-06-01T12:00:00Z");

describe("promotion quote", () => {
  it("charges daily types per day, the digest per edition sent while it runs and the social kit once", () => {
    // 2026-06-01 is a Monday: 8 days from noon hold the digests of June 1 and June 8 at 14:00 UTC.
    const quote = quotePromotion({
      types: ["social", "homepage", "digest", "search"],
      days: 8,
      budgetCents: 1_000_00,
      startsAt: NOW,
    });
    expect(quote.lines.map((line) => [line.type, line.unit, line.units, line.amountCents])).toEqual([
      ["homepage", "day", 8, 8 * RATE_CARD.homepage.cents],
      ["search", "day", 8, 8 * RATE_CARD.search.cents],
      ["digest", "edition", 2, 2 * RATE_CARD.digest.cents],
      ["social", "once", 1, RATE_CARD.social.cents],
    ]);
    expect(quote.totalCents).toBe(8 * 25_00 + 8 * 15_00 + 2 * 10_00 + 19_00);
    expect(quote.isWithinBudget).toBe(true);
  });

  it("says when the price is above the budget, and accepts a budget exactly at the price", () => {
    expect(quotePromotion({ types: ["homepage"], days: 3, budgetCents: 74_99, startsAt: NOW }).isWithinBudget).toBe(
      false,
    );
    expect(quotePromotion({ types: ["homepage"], days: 3, budgetCents: 75_00, startsAt: NOW }).isWithinBudget).toBe(
      true,
    );
  });

  it("without a budget, the quoted price is the one paid: always within it", () => {
    expect(quotePromotion({ types: ["homepage"], days: 90, startsAt: NOW }).isWithinBudget).toBe(true);
  });
});

describe("digest editions", () => {
  const at = (iso: string) => new Date(iso);

  it("charges the Monday 14:00 UTC editions from the campaign's start to its end, not weeks started", () => {
    // A week from Tuesday holds one Monday; a week from just after a Monday's edition holds one too.
    expect(digestEditions({ startsAt: at("2026-06-02T09:00:00Z"), days: 7 })).toBe(1);
    expect(digestEditions({ startsAt: at("2026-06-01T14:00:01Z"), days: 7 })).toBe(1);
    // Starting at an edition includes it; ending at one does not.
    expect(digestEditions({ startsAt: at("2026-06-01T14:00:00Z"), days: 7 })).toBe(1);
    expect(digestEditions({ startsAt: at("2026-05-31T14:00:00Z"), days: 8 })).toBe(1);
    // 90 days from a Tuesday end on a Monday morning: 12 editions (weeks started would have charged 13).
    expect(digestEditions({ startsAt: at("2026-06-02T09:00:00Z"), days: 90 })).toBe(12);
  });

  it("charges nothing, and so cannot be sold, when no edition goes out while it runs", () => {
    expect(digestEditions({ startsAt: at("2026-06-02T09:00:00Z"), days: 6 })).toBe(0);
    const quote = quotePromotion({
      types: ["digest"],
      days: 3,
      budgetCents: 100_00,
      startsAt: at("2026-06-03T09:00:00Z"),
    });
    expect(quote.lines).toEqual([{ type: "digest", unit: "edition", units: 0, unitCents: 10_00, amountCents: 0 }]);
  });

  it("leaves out editions after the event has ended: they list only events still to come", () => {
    const window = { startsAt: at("2026-06-04T12:00:00Z"), days: 5 };
    expect(digestEditions(window)).toBe(1);
    expect(digestEditions({ ...window, eventEndsAt: at("2026-06-08T14:00:01Z") })).toBe(1);
    expect(digestEditions({ ...window, eventEndsAt: at("2026-06-07T22:00:00Z") })).toBe(0);
  });
});

describe("promotion input", () => {
  const valid = { eventId: 1, types: ["homepage"], days: 7, budgetCents: 500_00 };

  it("accepts 1 to 90 days, a budget up to $100,000 and a start as an ISO instant", () => {
    expect(promotionInputSchema.safeParse(valid).success).toBe(true);
    expect(
      promotionQuoteInputSchema.safeParse({
        types: ["digest"],
        days: 7,
        budgetCents: 0,
        startsAt: "2026-06-01T12:00:00Z",
      }).success,
    ).toBe(true);
    expect(
      promotionQuoteInputSchema.safeParse({ types: ["digest"], days: 7, budgetCents: 0, startsAt: "Monday" }).success,
    ).toBe(false);
    expect(
      promotionQuoteInputSchema.safeParse({ types: ["search"], days: 90, budgetCents: PROMOTION_LIMITS.maxBudgetCents })
        .success,
    ).toBe(true);
  });

  it.each([
    [{ days: 0 }, "days", "days_out_of_range"],
    [{ days: 91 }, "days", "days_out_of_range"],
    [{ days: 1.5 }, "days", "days_out_of_range"],
    [{ budgetCents: -1 }, "budgetCents", "budget_out_of_range"],
    [{ budgetCents: 100_000_01 }, "budgetCents", "budget_out_of_range"],
    [{ types: [] }, "types", "types_required"],
    [{ types: ["homepage", "homepage"] }, "types", "duplicate_type"],
    [{ types: ["homepage", "billboard"] }, "types", "unknown_type"],
  ])("refuses %o with a stable word", (change, field, word) => {
    const result = promotionInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((issue) => issue.path[0] === field)?.message).toBe(word);
  });

  it("takes a campaign without a budget: the page shows the price, there is nothing more to type", () => {
    const { budgetCents: _left, ...withoutBudget } = valid;
    expect(promotionInputSchema.safeParse(withoutBudget).success).toBe(true);
  });

  it("refuses unknown fields", () => {
    expect(promotionInputSchema.safeParse({ ...valid, discount: 1 }).success).toBe(false);
  });
});

describe("campaign state", () => {
  const startsAt = new Date("2026-06-02T00:00:00Z");
  const campaign = { startsAt, endsAt: campaignEndsAt(startsAt, 3), endedAt: null };

  it("is scheduled before its start, active while it runs and ended from its end", () => {
    expect(campaign.endsAt.toISOString()).toBe("2026-06-05T00:00:00.000Z");
    expect(campaignState(campaign, NOW)).toBe("scheduled");
    expect(campaignState(campaign, startsAt)).toBe("active");
    expect(campaignState(campaign, campaign.endsAt)).toBe("ended");
  });

  it("is ended once its end job ran, whatever the clock says", () => {
    expect(campaignState({ ...campaign, endedAt: startsAt }, startsAt)).toBe("ended");
  });
});

describe("longest campaign", () => {
  it("covers the days until the event ends, the last one started counting whole", () => {
    expect(maxCampaignDays(NOW, new Date("2026-06-04T12:00:00Z"))).toBe(3);
    expect(maxCampaignDays(NOW, new Date("2026-06-04T15:00:00Z"))).toBe(4);
  });

  it("leaves one day for an event about to start", () => {
    expect(maxCampaignDays(NOW, new Date("2026-06-01T14:00:00Z"))).toBe(1);
  });
});

describe("ticketing fees", () => {
  it("are nothing today, so an order costs the sum of its tickets", () => {
    expect(ticketingFeeCents(120_00)).toBe(0);
    expect(orderTotalCents([{ quantity: 2, unitPriceCents: 45_00 }])).toBe(90_00);
  });

  it("would add basis points of the subtotal and a fixed amount, never on a free order", () => {
    const fees = { basisPoints: 250, fixedCentsPerPaidOrder: 99 };
    expect(ticketingFeeCents(100_00, fees)).toBe(2_50 + 99);
    expect(ticketingFeeCents(0, fees)).toBe(0);
  });
});
