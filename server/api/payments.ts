import { Hono } from "hono";
import { z } from "zod";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody } from "#server/http/json-body";
import { isStripeProvider } from "#server/payments/stripe-provider";
import { confirmProviderPayment } from "#server/services/orders";
import { confirmCampaignPayment } from "#server/services/promotions";

/** Stripe's events are a few kilobytes; anything far larger is not one of them. */
const MAX_WEBHOOK_BYTES = 256 * 1024;
const orderIdSchema = z.uuid();

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
  const api = new Hono<AppEnv>();

  api.post("/stripe/webhook", limitBody(MAX_WEBHOOK_BYTES), async (c) => {
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
