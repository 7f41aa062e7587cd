import { OpenAPIHono } from "@hono/zod-openapi";
import { DIGEST_SCHEDULE } from "#domain/schedule";
import { z } from "zod";
import { cardInputSchema, cardInputSchemaAt, cardSummary } from "#domain/payment-card";
import {
  PROMOTION_LIMITS,
  promotionInputSchema,
  promotionQuoteInputSchema,
  RATE_CARD,
} from "#domain/promotion-pricing";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { answerIdempotently, IDEMPOTENCY_KEY_HEADER } from "#server/http/idempotency";
import { getMyCampaign, listMyCampaigns, purchaseCampaign, quoteCampaign } from "#server/services/promotions";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./cache-control";
import { promotionCampaignDetailJson, promotionCampaignJson, promotionQuoteJson } from "./promotion-json";
import { operationRoute } from "./operation-route";
import { requireActor } from "./require-actor";
import { KEY_IN_USE_EXAMPLE, privateOperation } from "./private-operation";
import { error, problem } from "./error-answers";

const QUOTE_BODY_SHAPE = 'The body must be JSON: {"types": ["homepage"], "days": 7}.';
const PURCHASE_BODY_SHAPE =
  'The body must be JSON: {"eventId": 1, "types": ["homepage"], "days": 7, ' +
  '"payment": {"card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}}.';

/**
 * The purchase body: the campaign (promotionInputSchema) and how it is paid. The card is a parameter
 * because the handler also checks its expiry against the clock (cardInputSchemaAt).
 */
function purchaseBodySchema(card: typeof cardInputSchema) {
  return promotionInputSchema
    .extend({
      payment: z
        .object({ card: card.optional() })
        .strict()
        .optional()
        .describe("The card with the sandbox provider; nothing (or an empty object) with Stripe."),
    })
    .strict();
}

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const PROMOTION_REQUEST_BODIES = {
  PromotionQuoteInput: promotionQuoteInputSchema.describe(
    `Promotion types (each once), ${PROMOTION_LIMITS.minDays} to ${PROMOTION_LIMITS.maxDays} days, an optional budget in ` +
      `cents up to ${PROMOTION_LIMITS.maxBudgetCents} that the price must fit, and the start (now when left out): the digest's price ` +
      "depends on how many editions go out while the campaign runs.",
  ),
  PromotionPurchaseInput: purchaseBodySchema(cardInputSchema).describe(
    "A published event you organize or co-organize that has not started, and the campaign: a quote's fields.",
  ),
} satisfies Record<string, z.ZodType>;

const quotePromotionRoute = operationRoute(
  "post",
  "/quote",
  privateOperation(
    {
      operationId: "quotePromotion",
      summary: "Price a promotion",
      description:
        "The price of promotion types for a number of days from a start, from the published rate card (also " +
        `at /pricing): homepage ${RATE_CARD.homepage.cents} and search ${RATE_CARD.search.cents} cents a day, ` +
        `digest ${RATE_CARD.digest.cents} cents per edition sent while the campaign runs (the digest goes out ` +
        `on Mondays at ${DIGEST_SCHEDULE.hour}:00 UTC), social ${RATE_CARD.social.cents} cents once; and ` +
        "whether it fits the budget when one is given. A digest with no edition in the campaign is 400 types: " +
        "no_digest_edition. Buying also leaves out editions after the event ends.",
      tags: ["Promotions"],
      body: {
        schema: "PromotionQuoteInput",
        example: { types: ["homepage", "search"], days: 7, budgetCents: 500_00 },
      },
    },
    { description: "The price, line by line.", schema: "PromotionQuoteResponse" },
    {
      "400": error("The body is not valid (code invalid); fields names each bad field with a stable word.", {
        invalid_body: {
          summary: "Bad fields",
          value: problem("invalid", "The promotion request is not valid.", {
            days: "days_out_of_range",
            types: "types_required",
          }),
        },
        no_digest_edition: {
          summary: "No digest while it runs",
          value: problem(
            "invalid",
            "No weekly digest goes out while this campaign runs and its event is to come: run it longer or " +
              "leave the digest out.",
            { types: "no_digest_edition" },
          ),
        },
      }),
    },
  ),
);

const purchasePromotionRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "purchasePromotion",
      summary: "Buy a promotion",
      description:
        "Buys a promotion campaign for a published event that has not started; its organizer and its " +
        "co-organizers may (anyone else gets 404), and the campaign is the buyer's. The price from the rate " +
        "card must be within the budget when one is given (400 budgetCents: below_price); without one the quoted " +
        "price is the price paid, and the campaign's budget is that price. The digest is charged per edition " +
        "sent while the campaign runs and before the event ends, and needs one (400 types: " +
        "no_digest_edition) and a public event (400 types: digest_private_event). With the sandbox provider " +
        "the card is charged at once and the placements start: homepage puts the event first in Featured " +
        "Events, search ranks it first in matching searches with a Promoted label, and every digest edition " +
        "while it runs lists it among its promoted events; the campaign ends by itself at its end. A " +
        "declined card is 400 payment.card with the reason, and nothing is charged or created. With Stripe, " +
        `payment.outcome is redirect: the webhook places the campaign once paid. ${IDEMPOTENCY_KEY_HEADER} ` +
        "as for POST /orders.",
      tags: ["Promotions"],
      body: {
        schema: "PromotionPurchaseInput",
        example: {
          eventId: 5,
          types: ["homepage", "search"],
          days: 7,
          budgetCents: 500_00,
          payment: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" } },
        },
      },
      replayedStatuses: ["201", "400", "404"],
    },
    { status: "201", description: "The campaign and how paying went.", schema: "PromotionPurchase" },
    {
      "400": error(
        "Not valid (code invalid): bad fields, eventId: not_promotable, budgetCents: below_price, types: " +
          "no_digest_edition | digest_private_event, or a declined card (payment.card: the reason).",
        {
          below_price: {
            summary: "Budget below the price",
            value: problem("invalid", "The price, 28000 cents, is above the budget of 10000.", {
              budgetCents: "below_price",
            }),
          },
          declined: {
            summary: "Card declined",
            value: problem("invalid", "The card was declined: nothing was charged.", {
              "payment.card": "card_declined",
            }),
          },
        },
      ),
      "404": error("No such event, or one you neither organize nor co-organize (code not_found).", {
        not_found: { summary: "No such event", value: problem("not_found", "No event 999999.") },
      }),
      "409": error(
        "An Idempotency-Key that bought a campaign more than 24 hours ago (code conflict): it is not " +
          "bought again; or a request with the same key is still being answered after a minute (no fields).",
        {
          already_used: {
            summary: "Key used before",
            value: problem(
              "conflict",
              "This Idempotency-Key already bought campaign 5f0c3b1e-8a2d-4c7e-9b1a-2d3e4f5a6b7c.",
              { "Idempotency-Key": "already_used" },
            ),
          },
          key_in_use: KEY_IN_USE_EXAMPLE,
        },
      ),
    },
  ),
);

const listMyPromotionsRoute = operationRoute(
  "get",
  "/",
  privateOperation(
    {
      operationId: "listMyPromotions",
      summary: "List my promotions",
      description: "The signed-in person's paid promotion campaigns, newest first, each scheduled, active or ended.",
      tags: ["Promotions"],
    },
    { description: "The campaigns.", schema: "PromotionCampaignList" },
  ),
);

const getMyPromotionRoute = operationRoute(
  "get",
  "/{id}",
  privateOperation(
    {
      operationId: "getMyPromotion",
      summary: "Get a promotion",
      description: "One of your campaigns with its placements. Anyone else's answers 404, as one that does not exist.",
      tags: ["Promotions"],
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description: "The campaign's id, a UUID (data.id of the answer to POST /promotions).",
          schema: { type: "string", format: "uuid" },
          example: "00000000-0000-4000-8000-000000000000",
        },
      ],
    },
    { description: "The campaign.", schema: "PromotionCampaignResponse" },
    {
      "404": error("No such campaign, or not yours (code not_found).", {
        not_found: {
          summary: "No such campaign",
          value: problem("not_found", "No such promotion campaign, or it is not yours."),
        },
      }),
    },
  ),
);

/**
 * `/api/v1/promotions`: an organizer's paid promotion campaigns (signed in: session or bearer).
 *
 * - `POST /quote` `{ types, days, budgetCents?, startsAt? }`: the price from the rate card, line by line.
 * - `POST /` buys a campaign for a published upcoming event the caller organizes or co-organizes (201
 *   `{ data, payment }`; a declined card is 400 `fields.card: <reason>` and nothing is created). Takes an
 *   `Idempotency-Key`.
 * - `GET /`: the caller's paid campaigns (the ones they bought), newest first. `GET /{id}`: one, with its
 *   placements.
 */
export function createPromotionsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers carry it too: campaigns are their buyer's alone.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.use(limitBody());

  api.openapi(quotePromotionRoute, async (c) => {
    requireActor(c);
    const body = await readJsonBody(c, QUOTE_BODY_SHAPE);
    return c.json({ data: promotionQuoteJson(quoteCampaign(body, { now: currentTime() })) });
  });

  api.openapi(purchasePromotionRoute, async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const body = await readJsonBody(c, PURCHASE_BODY_SHAPE);
    const parsed = purchaseBodySchema(cardInputSchemaAt(now)).safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, PURCHASE_BODY_SHAPE);
    const { payment, ...campaign } = parsed.data;
    const card = payment?.card;
    const payments = c.get("payments");
    if (payments.collectsCardOnSite && !card) {
      throw new AppError("invalid", "A card is needed to pay for the promotion.", { "payment.card": "card_required" });
    }
    const siteUrl = c.get("config").publicUrl;
    // Paid through the provider: nothing of it runs in the key's transaction.
    return answerIdempotently(c, { campaign, card: cardSummary(card) }, async (_tx, key) => ({
      afterCommit: async (db) => {
        const result = await purchaseCampaign(db, payments, actor, campaign, {
          now,
          siteUrl,
          ...(card ? { card } : {}),
          ...(key ? { attemptKey: key } : {}),
        });
        if (result.outcome === "declined") {
          throw new AppError("invalid", "The card was declined: nothing was charged.", {
            "payment.card": result.declineReason,
          });
        }
        // Only after the key's stored answer expired (24 hours): the campaign it bought is not bought again.
        if (result.outcome === "repeated") {
          throw new AppError("conflict", `This Idempotency-Key already bought campaign ${result.campaign.id}.`, {
            "Idempotency-Key": "already_used",
          });
        }
        return {
          status: 201,
          body: {
            data: promotionCampaignDetailJson(result.campaign),
            payment: {
              outcome: result.outcome,
              ...(result.outcome === "redirect" ? { redirectUrl: result.redirectUrl } : {}),
            },
          },
        };
      },
    }));
  });

  api.openapi(listMyPromotionsRoute, async (c) => {
    const actor = requireActor(c);
    const campaigns = await listMyCampaigns(c.get("db"), actor, currentTime());
    return c.json({ data: campaigns.map(promotionCampaignJson) });
  });

  api.openapi(getMyPromotionRoute, async (c) => {
    const actor = requireActor(c);
    const campaign = await getMyCampaign(c.get("db"), actor, c.req.param("id"), currentTime());
    if (!campaign) throw new AppError("not_found", "No such promotion campaign, or it is not yours.");
    return c.json({ data: promotionCampaignDetailJson(campaign) });
  });

  return api;
}
