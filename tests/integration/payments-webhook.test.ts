import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_MS } from "#domain/order";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createStripeProvider, type StripePaymentProvider } from "#server/payments/stripe-provider";
import { getOrderDetail, payOrder, placeOrder, releaseExpiredHold } from "#server/services/orders";
import { startFakeStripe, stripeEvent, type FakeStripe } from "#tests/support/stripe-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * `POST /api/v1/payments/stripe/webhook` end to end: an order paid on (a local stand-in for) Stripe's
 * hosted page is confirmed by the signed event Stripe posts, and nothing unsigned changes anything.
 */
const WEBHOOK_SECRET = "whsec_test_webhook_secret";
const WEBHOOK = "/api/v1/payments/stripe/webhook";
const config = readConfig({
  NODE_ENV: "test",
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
});
const logger = createLogger({ mode: "test", logLevel: "silent" });
let handle: DatabaseHandle;
let stripe: FakeStripe;
let provider: StripePaymentProvider;
let app: App;

beforeAll(async () => {
  handle = await openTestDatabase();
  stripe = await startFakeStripe();
  provider = createStripeProvider({ secretKey: "sk_test_abc", webhookSecret: WEBHOOK_SECRET, api: stripe.api });
  app = createApp({ db: handle.db, config, logger, payments: provider });
});
afterAll(async () => {
  await stripe.close();
  await handle?.close();
});

/** A pending order of 2 tickets at $25 that the buyer has been sent to Stripe to pay, placed at `now`. */
async function orderSentToStripe(now = new Date()) {
  const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "General admission", priceCents: 2500, quantity: 50 }],
  });
  const context = { now, language: "en" as const, siteUrl: config.publicUrl };
  const { order } = await placeOrder(
    handle.db,
    null,
    {
      eventId,
      items: [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }],
      buyer: { name: "Ada", email: "ada@example.com" },
    },
    context,
  );
  const paid = await payOrder(
    handle.db,
    provider,
    {
      orderId: order.id,
      returnUrl: `${config.publicUrl}/orders/${order.id}`,
      cancelUrl: `${config.publicUrl}/orders/${order.id}/pay`,
    },
    context,
  );
  expect(paid).toMatchObject({
    outcome: "redirect",
    redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
  });
  const session = [...stripe.sessions.values()].find((candidate) => candidate.client_reference_id === order.id)!;
  return { orderId: order.id, session };
}

function postEvent(
  event: unknown,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
) {
  const body = JSON.stringify(event);
  const header =
    signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) : signature;
  return app.request(WEBHOOK, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...(header === null ? {} : { "Stripe-Signature": header }) },
  });
}

describe(`Stripe's webhook on the ${testDatabaseKind()} database`, () => {
  it("confirms the order Stripe says was paid, with the card's brand and last 4 digits, and issues its tickets", async () => {
    const { orderId, session } = await orderSentToStripe();
    expect(session).toMatchObject({ amount_total: 5000, currency: "usd", metadata: { orderId } });
    const completed = stripe.completeSession(session.id, { brand: "visa", last4: "4242" });

    const response = await postEvent(stripeEvent("checkout.session.completed", completed));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ received: true });

    const order = await getOrderDetail(handle.db, orderId);
    expect(order).toMatchObject({
      status: "confirmed",
      paymentProvider: "stripe",
      cardBrand: "visa",
      cardLast4: "4242",
    });
    expect(order!.tickets).toHaveLength(2);
  });

  it("does nothing more when Stripe sends the same event again", async () => {
    const { orderId, session } = await orderSentToStripe();
    const event = stripeEvent("checkout.session.completed", stripe.completeSession(session.id));
    expect((await postEvent(event)).status).toBe(200);
    const first = await getOrderDetail(handle.db, orderId);
    expect((await postEvent(event)).status).toBe(200);
    const again = await getOrderDetail(handle.db, orderId);
    expect(again!.status).toBe("confirmed");
    expect(again!.tickets.map((ticket) => ticket.code)).toEqual(first!.tickets.map((ticket) => ticket.code));
    expect(again!.history).toEqual(first!.history);
  });

  it("answers 400 and changes nothing for a wrong, missing or tampered signature", async () => {
    const { orderId, session } = await orderSentToStripe();
    const event = stripeEvent("checkout.session.completed", stripe.completeSession(session.id));
    const goodSignature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
    });
    const attempts = [
      postEvent(event, { secret: "whsec_someone_else" }),
      postEvent(event, { signature: null }),
      postEvent(event, {
        signature: "t=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
      }),
      postEvent({ ...event, id: "evt_forged" }, { signature: goodSignature }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "invalid", requestId: expect.any(String) });
    }
    expect((await getOrderDetail(handle.db, orderId))!.status).toBe("pending");
  });

  it("acknowledges an expired session and leaves the order to its hold", async () => {
    const { orderId, session } = await orderSentToStripe();
    const response = await postEvent(stripeEvent("checkout.session.expired", stripe.expireSession(session.id)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect((await getOrderDetail(handle.db, orderId))!.status).toBe("pending");
  });

  it("acknowledges event types it has no use for, so Stripe stops sending them", async () => {
    const response = await postEvent(stripeEvent("customer.created", { id: "cus_123", object: "customer" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
  });

  it("acknowledges a payment for no order of ours without failing", async () => {
    const stray = stripe.completeSession(
      await provider
        .startPayment({
          orderId: "7f1f9a52-0a77-4e0e-9f55-2b8f3a1d9c11",
          amountCents: 1000,
          description: "Not ours",
          buyerEmail: "x@example.com",
          returnUrl: config.publicUrl,
          cancelUrl: config.publicUrl,
          idempotencyKey: "stray",
        })
        .then((outcome) => (outcome.kind === "redirect" ? outcome.reference : "")),
    );
    const response = await postEvent(stripeEvent("checkout.session.completed", stray));
    expect(response.status).toBe(200);
  });

  it("refunds a payment that completes after the hold ran out and released the tickets, instead of issuing any", async () => {
    const { orderId, session } = await orderSentToStripe(new Date(Date.now() - HOLD_MS - 60_000));
    await releaseExpiredHold(handle.db, orderId, new Date());
    const completed = stripe.completeSession(session.id);
    const response = await postEvent(stripeEvent("checkout.session.completed", completed));
    expect(response.status).toBe(200);

    const order = await getOrderDetail(handle.db, orderId);
    expect(order!.status).not.toBe("confirmed");
    expect(order!.tickets.filter((ticket) => ticket.status === "valid")).toEqual([]);
    expect(stripe.requests.filter((request) => request.path === "/v1/refunds").at(-1)).toMatchObject({
      form: { payment_intent: completed.payment_intent },
    });
  });

  it("is not found on a site whose payments go through the sandbox", async () => {
    const sandboxSite = createApp({ db: handle.db, config: readConfig({ NODE_ENV: "test" }), logger });
    const response = await sandboxSite.request(WEBHOOK, {
      method: "POST",
      body: "{}",
      headers: { "Stripe-Signature": "t=1,v1=0" },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });

  it("lets the pay form's answer redirect to Stripe's page, even without JavaScript", async () => {
    const production = createApp({
      db: handle.db,
      config: readConfig({
        NODE_ENV: "production",
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      }),
      logger,
    });
    const policy = (await production.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(policy).toContain("https://checkout.stripe.com");
  });
});
