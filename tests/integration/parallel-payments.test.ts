import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { createStripeProvider } from "#server/payments/stripe-provider";
import { getOrderDetail } from "#server/services/orders";
import { startFakeStripe, stripeEvent, type FakeStripe } from "#tests/support/stripe-server";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Issue 16 point 6: twenty payments of one pending order sent at once (a double-clicking buyer, a
 * retrying client, an attacker) reach the provider once. The card is charged once, nothing is
 * refunded, and every other request gets a clear answer.
 */
const WEBHOOK_SECRET = "whsec_parallel_payments";
const PARALLEL = 20;
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
const logger = createLogger({ mode: "test", logLevel: "silent" });

let handle: DatabaseHandle;
let stripe: FakeStripe;

beforeAll(async () => {
  handle = await openTestDatabase();
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await stripe?.close();
  await handle?.close();
});

/**
 * The provider as the site uses it, counting the calls that reach it: the sandbox keeps no records of
 * its own, so this is how a test sees how often a card was charged.
 */
function counted(provider: PaymentProvider) {
  const calls = { startPayment: 0, refund: 0 };
  const wrapped = Object.assign(Object.create(provider) as PaymentProvider, {
    startPayment: (input: Parameters<PaymentProvider["startPayment"]>[0]) => {
      calls.startPayment += 1;
      return provider.startPayment(input);
    },
    refund: (input: Parameters<PaymentProvider["refund"]>[0]) => {
      calls.refund += 1;
      return provider.refund(input);
    },
  });
  return { provider: wrapped, calls };
}

/** A guest's pending order of one $30 ticket on `app`, with its access token. */
async function pendingOrder(app: App) {
  const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "General admission", priceCents: 3000, quantity: 50 }],
  });
  const response = await app.request("/api/v1/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      eventId,
      items: [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }],
      buyer: { name: "Ada Buyer", email: "ada@example.com" },
    }),
  });
  expect(response.status).toBe(201);
  const placed = await response.json();
  expect(placed.data.status).toBe("pending");
  return { orderId: placed.data.id as string, token: placed.accessToken as string };
}

/**
 * Sends `PARALLEL` payments of the order at once, each with an Idempotency-Key of its own when
 * `withKeys`; answers their statuses and bodies.
 */
async function payAtOnce(app: App, orderId: string, token: string, body: object, withKeys = false) {
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, (_, index) =>
      app.request(`/api/v1/orders/${orderId}/payment`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Order-Token": token,
          ...(withKeys ? { "Idempotency-Key": `attempt-${orderId}-${index}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    ),
  );
  return Promise.all(responses.map(async (response) => ({ status: response.status, body: await response.json() })));
}

describe(`${PARALLEL} payments of one order at once, on the ${testDatabaseKind()} database`, () => {
  it("charge the card once with the sandbox and refund nothing; the others are told why not", async () => {
    const { provider, calls } = counted(createSandboxProvider());
    const app = createApp({ db: handle.db, config: readConfig({ NODE_ENV: "test" }), logger, payments: provider });
    const { orderId, token } = await pendingOrder(app);

    const answers = await payAtOnce(app, orderId, token, { card: GOOD_CARD });

    expect(calls).toEqual({ startPayment: 1, refund: 0 });
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body.payment).toEqual({ outcome: "paid" });
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(["payment_in_progress", "not_pending"]).toContain(answer.body.error.fields.order);
    }
    const order = await getOrderDetail(handle.db, orderId);
    expect(order!.status).toBe("confirmed");
    expect(order!.tickets).toHaveLength(1);
    expect(order!.history.map((change) => change.reason)).toEqual(["placed", "paid"]);
  });

  it("charge the card once too when each request carries an Idempotency-Key of its own", async () => {
    const { provider, calls } = counted(createSandboxProvider());
    const app = createApp({ db: handle.db, config: readConfig({ NODE_ENV: "test" }), logger, payments: provider });
    const { orderId, token } = await pendingOrder(app);

    const answers = await payAtOnce(app, orderId, token, { card: GOOD_CARD }, true);

    expect(calls).toEqual({ startPayment: 1, refund: 0 });
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(["payment_in_progress", "not_pending"]).toContain(answer.body.error.fields.order);
    }
    const order = await getOrderDetail(handle.db, orderId);
    expect(order!.history.map((change) => change.reason)).toEqual(["placed", "paid"]);
  });

  it("open one Stripe Checkout page, keyed by the order, so the buyer can pay once and nothing is refunded", async () => {
    const config = readConfig({
      NODE_ENV: "test",
      STRIPE_SECRET_KEY: "sk_test_parallel",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    const stripeProvider = createStripeProvider({
      secretKey: "sk_test_parallel",
      webhookSecret: WEBHOOK_SECRET,
      api: stripe.api,
    });
    const app = createApp({ db: handle.db, config, logger, payments: stripeProvider });
    const { orderId, token } = await pendingOrder(app);

    const answers = await payAtOnce(app, orderId, token, {});

    const created = stripe.requests.filter(
      (request) => request.method === "POST" && request.path === "/v1/checkout/sessions",
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`${orderId}:payment`);
    const sessionIds = [...stripe.sessions.values()]
      .filter((session) => session.client_reference_id === orderId)
      .map((session) => session.id);
    expect(sessionIds).toHaveLength(1);
    const redirects = answers.filter((answer) => answer.status === 200);
    expect(redirects.length).toBeGreaterThanOrEqual(1);
    for (const answer of redirects) expect(answer.body.payment.redirectUrl).toContain(sessionIds[0]);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body.error.fields.order).toBe("payment_in_progress");
    }

    // The buyer pays on every page they were offered: there is only one to pay.
    for (const id of sessionIds) {
      const event = stripeEvent("checkout.session.completed", stripe.completeSession(id), `evt_${id}`);
      const body = JSON.stringify(event);
      const response = await app.request("/api/v1/payments/stripe/webhook", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
        },
      });
      expect(response.status).toBe(200);
    }
    expect(stripe.requests.filter((request) => request.path === "/v1/refunds")).toEqual([]);
    const order = await getOrderDetail(handle.db, orderId);
    expect(order!.status).toBe("confirmed");
    expect(order!.history.map((change) => change.reason)).toEqual(["placed", "paid"]);
  });
});
