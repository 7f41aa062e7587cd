import { Hono, type Context } from "hono";
import { z } from "zod";
import { cardInputSchemaAt, type CardInput } from "#domain/payment-card";
import { promotionInputSchema } from "#domain/promotion-pricing";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { answerIdempotently } from "#server/http/idempotency";
import type { Actor } from "#server/services/actor";
import { getMyCampaign, listMyCampaigns, purchaseCampaign, quoteCampaign } from "#server/services/promotions";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./me";
import { promotionCampaignDetailJson, promotionCampaignJson, promotionQuoteJson } from "./promotion-json";

const QUOTE_BODY_SHAPE = 'The body must be JSON: {"types": ["homepage"], "days": 7}.';
const PURCHASE_BODY_SHAPE =
  'The body must be JSON: {"eventId": 1, "types": ["homepage"], "days": 7, ' +
  '"payment": {"card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}}.';

/** The purchase body: the campaign (promotionInputSchema) and how it is paid. */
function purchaseBodySchema(now: Date) {
  return promotionInputSchema
    .extend({
      payment: z
        .object({ card: cardInputSchemaAt(now).optional() })
        .strict()
        .optional(),
    })
    .strict();
}

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
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers carry it too: campaigns are their buyer's alone.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.use(limitBody());

  api.post("/quote", async (c) => {
    requireActor(c);
    const body = await readJsonBody(c, QUOTE_BODY_SHAPE);
    return c.json({ data: promotionQuoteJson(quoteCampaign(body, { now: currentTime() })) });
  });

  api.post("/", async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const body = await readJsonBody(c, PURCHASE_BODY_SHAPE);
    const parsed = purchaseBodySchema(now).safeParse(body);
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

  api.get("/", async (c) => {
    const actor = requireActor(c);
    const campaigns = await listMyCampaigns(c.get("db"), actor, currentTime());
    return c.json({ data: campaigns.map(promotionCampaignJson) });
  });

  api.get("/:id", async (c) => {
    const actor = requireActor(c);
    const campaign = await getMyCampaign(c.get("db"), actor, c.req.param("id"), currentTime());
    if (!campaign) throw new AppError("not_found", "No such promotion campaign, or it is not yours.");
    return c.json({ data: promotionCampaignDetailJson(campaign) });
  });

  return api;
}

function requireActor(c: Context<AppEnv>): Actor {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Must be logged in");
  return { userId: viewer.userId };
}

/** Enough of a card to tell two requests apart for idempotency, never the whole number. */
function cardSummary(card: CardInput | undefined) {
  return card ? { last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear } : null;
}
