import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody } from "#server/http/json-body";
import { isStripeProvider } from "#server/payments/stripe-provider";
import { confirmProviderPayment } from "#server/services/orders";
import { confirmCampaignPayment } from "#server/services/promotions";
import { operationRoute } from "./operation-route";
import { privateOperation, NO_STORE_HEADER } from "./private-operation";
import { error, problem } from "./error-answers";
import type { OpenApiParameter } from "./openapi-document-shape";

/** Stripe's events are a few kilobytes; anything far larger is not one of them. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
const orderIdSchema = z.uuid();

const stripeSignature: OpenApiParameter = {
  name: "Stripe-Signature",
  in: "header",
  required: true,
  description:
    "Stripe's signature of the body as sent, made with the endpoint's secret (STRIPE_WEBHOOK_SECRET). A body " +
    "that does not match it is refused with 400.",
  schema: { type: "string" },
};

/** Named schemas of the answers: components.schemas of the document. */
export const PAYMENT_SCHEMAS = {
  WebhookReceived: z.object({ received: z.literal(true) }).meta({
    description: "Stripe's event was taken; it need not be sent again.",
    examples: [{ received: true }],
  }),
} satisfies Record<string, z.ZodType>;

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const PAYMENT_REQUEST_BODIES = {
  StripeEvent: z
    .looseObject({
      id: z.string(),
      object: z.literal("event"),
      type: z.string().describe("checkout.session.completed confirms an order; other types are acknowledged."),
      data: z.looseObject({ object: z.looseObject({}) }),
    })
    .describe("An Event as Stripe sends it (docs.stripe.com/api/events/object), signed in Stripe-Signature."),
} satisfies Record<string, z.ZodType>;

const receiveStripeWebhookRoute = operationRoute(
  "post",
  "/stripe/webhook",
  privateOperation(
    {
      operationId: "receiveStripeWebhook",
      summary: "Stripe's webhook",
      description:
        "For Stripe only: the events it posts about payments, signed with the endpoint's secret. " +
        "checkout.session.completed confirms the order and issues its tickets (a payment that completes " +
        "after the order's hold ended is refunded instead); other events are acknowledged and ignored. " +
        "A repeated event changes nothing more. Stripe retries anything but a 2xx.",
      tags: ["Payments"],
      access: "none",
      parameters: [stripeSignature],
      body: {
        schema: "StripeEvent",
        example: {
          id: "evt_1PzQ8kLkdIwHu7ix0Xp3GQ2b",
          object: "event",
          type: "checkout.session.completed",
          data: {
            object: {
              id: "cs_test_a1B2c3D4e5F6g7H8",
              object: "checkout.session",
              client_reference_id: "00000000-0000-4000-8000-000000000000",
              payment_status: "paid",
            },
          },
        },
      },
    },
    {
      description: "The event was taken (or ignored): Stripe need not send it again.",
      schema: "WebhookReceived",
      cacheControl: NO_STORE_HEADER,
    },
    {
      "400": error("The signature does not match the body, or the body is not a Stripe event (code invalid).", {
        bad_signature: {
          summary: "Bad signature",
          value: problem("invalid", "The Stripe-Signature header does not match this body and secret.", {
            "Stripe-Signature": "invalid",
          }),
        },
      }),
      "404": error("This site does not take payments through Stripe (code not_found).", {
        not_stripe: {
          summary: "Payments do not go through Stripe",
          value: problem("not_found", "Payments on this site do not go through Stripe."),
        },
      }),
    },
  ),
);

/**
 * `/api/v1/payments`: what payment providers call. Stripe posts its events to
 * `/stripe/webhook`, signed with the endpoint's secret (STRIPE_WEBHOOK_SECRET, decision 008).
 *
 * - `checkout.session.completed` (paid) confirms the order and issues its tickets; a payment that
 *   arrives after the order's hold ran out is refunded by the orders service instead. A payment for a
 *   promotion campaign (found by its reference or its id) marks it paid and places it.
 * - `checkout.session.expired` changes nothing: the order's own hold job already releases the tickets.
 * - Any other event type is acknowledged, so Stripe does not send it again.
 *
 * A bad signature is 400; Stripe retries anything but a 2xx for three days, which also covers a
 * moment when our database was down. Confirming is idempotent, so a repeated event does nothing more.
 */
export function createPaymentsApi() {
  const api = new OpenAPIHono<AppEnv>();

  api.openapi({ ...receiveStripeWebhookRoute, middleware: [limitBody(MAX_WEBHOOK_BYTES)] }, async (c) => {
    c.header("Cache-Control", "no-store");
    const payments = c.get("payments");
    if (!isStripeProvider(payments)) {
      throw new AppError("not_found", "Payments on this site do not go through Stripe.");
    }
    // The signature covers the bytes as sent: read them untouched, never parsed and re-serialised.
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const notice = await payments.readWebhook(rawBody, c.req.header("Stripe-Signature"));
    const logger = c.get("logger");
    const requestId = c.get("requestId");

    if (notice.kind === "paid") {
      const orderId = orderIdSchema.safeParse(notice.orderId);
      const order = await confirmProviderPayment(
        c.get("db"),
        {
          provider: "stripe",
          reference: notice.reference,
          cardBrand: notice.cardBrand,
          cardLast4: notice.cardLast4,
          ...(orderId.success ? { orderId: orderId.data } : {}),
        },
        { now: currentTime(), siteUrl: c.get("config").publicUrl, provider: payments },
      );
      // Not an order's: a promotion campaign names its payment by the campaign's id the same way.
      const campaignId = order
        ? null
        : await confirmCampaignPayment(
            c.get("db"),
            {
              provider: "stripe",
              reference: notice.reference,
              cardBrand: notice.cardBrand,
              cardLast4: notice.cardLast4,
              ...(orderId.success ? { campaignId: orderId.data } : {}),
            },
            currentTime(),
          );
      if (order) logger.info({ requestId, orderId: order.id, status: order.status }, "Stripe payment received");
      else if (campaignId) logger.info({ requestId, campaignId }, "Stripe payment for a promotion received");
      else logger.warn({ requestId, reference: notice.reference }, "Stripe reported a payment for nothing of ours");
    } else if (notice.kind === "expired") {
      logger.info({ requestId, reference: notice.reference }, "Stripe Checkout Session expired");
    }
    return c.json({ received: true });
  });

  return api;
}
