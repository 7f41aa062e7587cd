import { z } from "zod";
import { CAMPAIGN_STATES, PROMOTION_TYPES, type PromotionQuote } from "#domain/promotion-pricing";
import type { CampaignDetail, CampaignSummary } from "#server/services/promotions";

/*
 * Promotion campaigns and quotes as /api/v1/promotions writes them, with their zod schemas (the
 * OpenAPI document's, checked against real answers by tests/integration/openapi.test.ts).
 */

const instant = z.iso.datetime().describe("An instant, UTC (ISO 8601).");
const cents = z.number().int().min(0).describe("US cents.");

export const promotionQuoteSchema = z.object({
  lines: z.array(
    z.object({
      type: z.enum(PROMOTION_TYPES),
      unit: z
        .enum(["day", "edition", "once"])
        .describe("Per day, per weekly digest edition sent while the campaign runs, or once."),
      units: z.number().int().min(1),
      unitCents: cents,
      amountCents: cents,
    }),
  ),
  totalCents: cents.describe("The price: the sum of the lines."),
  isWithinBudget: z.boolean().describe("Whether the price is at most the budget; a purchase needs it."),
});

export const promotionCampaignSchema = z.object({
  id: z.uuid(),
  eventId: z.number().int().min(1),
  eventTitle: z.string(),
  types: z.array(z.enum(PROMOTION_TYPES)),
  days: z.number().int().min(1).max(90),
  budgetCents: cents,
  priceCents: cents,
  startsAt: instant,
  endsAt: instant,
  endedAt: instant.nullable().describe("When its end job ran; null before."),
  paidAt: instant.nullable().describe("Null while a Stripe payment is awaited."),
  state: z.enum(CAMPAIGN_STATES).nullable().describe("scheduled, active or ended; null until paid."),
});

export const promotionCampaignDetailSchema = promotionCampaignSchema.extend({
  card: z
    .object({ brand: z.string(), last4: z.string() })
    .nullable()
    .describe("The card it was paid with: only its brand and last 4 digits are kept."),
  placements: z
    .array(
      z.object({
        placement: z.enum(["homepage", "explore"]),
        isActive: z.boolean(),
        startsAt: instant,
        endsAt: instant,
      }),
    )
    .describe("homepage: Featured Events; explore: first in matching searches, labelled Promoted."),
});

export function promotionQuoteJson(quote: PromotionQuote): z.infer<typeof promotionQuoteSchema> {
  return { lines: quote.lines, totalCents: quote.totalCents, isWithinBudget: quote.isWithinBudget };
}

export function promotionCampaignJson(campaign: CampaignSummary): z.infer<typeof promotionCampaignSchema> {
  return {
    id: campaign.id,
    eventId: campaign.eventId,
    eventTitle: campaign.eventTitle,
    types: campaign.types,
    days: campaign.days,
    budgetCents: campaign.budgetCents,
    priceCents: campaign.priceCents,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    endedAt: campaign.endedAt?.toISOString() ?? null,
    paidAt: campaign.paidAt?.toISOString() ?? null,
    state: campaign.state,
  };
}

export function promotionCampaignDetailJson(campaign: CampaignDetail): z.infer<typeof promotionCampaignDetailSchema> {
  return {
    ...promotionCampaignJson(campaign),
    card: campaign.cardBrand && campaign.cardLast4 ? { brand: campaign.cardBrand, last4: campaign.cardLast4 } : null,
    placements: campaign.placements.map((placement) => ({
      placement: placement.placement as "homepage" | "explore",
      isActive: placement.isActive,
      startsAt: placement.startsAt.toISOString(),
      endsAt: placement.endsAt.toISOString(),
    })),
  };
}

/** Real answers of the API (a 7-day homepage and search campaign for sample event 5), the schemas' examples. */
const EXAMPLE_CAMPAIGN = {
  id: "0b7c5a0e-2f7e-4d55-9a51-6d1f3c2b8e41",
  eventId: 5,
  eventTitle: "Capital Sounds Music Festival",
  types: ["homepage", "search"] as ("homepage" | "search")[],
  days: 7,
  budgetCents: 500_00,
  priceCents: 280_00,
  startsAt: "2026-11-22T13:02:57.577Z",
  endsAt: "2026-11-29T13:02:57.577Z",
  endedAt: null,
  paidAt: "2026-11-22T13:02:57.577Z",
  state: "active" as const,
};

export const PROMOTION_ANSWER_EXAMPLES = {
  PromotionQuoteResponse: {
    data: {
      lines: [
        { type: "homepage", unit: "day", units: 7, unitCents: 25_00, amountCents: 175_00 },
        { type: "search", unit: "day", units: 7, unitCents: 15_00, amountCents: 105_00 },
      ],
      totalCents: 280_00,
      isWithinBudget: true,
    },
  },
  PromotionCampaignList: { data: [EXAMPLE_CAMPAIGN] },
  PromotionCampaignResponse: {
    data: {
      ...EXAMPLE_CAMPAIGN,
      card: { brand: "visa", last4: "4242" },
      placements: [
        { placement: "homepage", isActive: true, startsAt: EXAMPLE_CAMPAIGN.startsAt, endsAt: EXAMPLE_CAMPAIGN.endsAt },
        { placement: "explore", isActive: true, startsAt: EXAMPLE_CAMPAIGN.startsAt, endsAt: EXAMPLE_CAMPAIGN.endsAt },
      ],
    },
  },
} as const;

export const PROMOTION_NAMED_SCHEMAS = {
  PromotionQuote: promotionQuoteSchema,
  PromotionQuoteResponse: z
    .object({ data: promotionQuoteSchema })
    .meta({ examples: [PROMOTION_ANSWER_EXAMPLES.PromotionQuoteResponse] }),
  PromotionCampaign: promotionCampaignSchema,
  PromotionCampaignDetail: promotionCampaignDetailSchema,
  PromotionCampaignList: z.object({ data: z.array(promotionCampaignSchema) }).meta({
    description: "The caller's paid campaigns, newest first, at most 200.",
    examples: [PROMOTION_ANSWER_EXAMPLES.PromotionCampaignList],
  }),
  PromotionCampaignResponse: z
    .object({ data: promotionCampaignDetailSchema })
    .meta({ examples: [PROMOTION_ANSWER_EXAMPLES.PromotionCampaignResponse] }),
  PromotionPurchase: z.object({
    data: promotionCampaignDetailSchema,
    payment: z.object({
      outcome: z.enum(["paid", "redirect"]).describe("paid: placed now; redirect: pay on Stripe's page first."),
      redirectUrl: z.url().optional().describe("With redirect: where to send the organizer."),
    }),
  }),
};
