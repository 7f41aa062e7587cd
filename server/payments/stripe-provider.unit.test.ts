import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#server/errors";
import { startFakeStripe, stripeEvent, type FakeStripe } from "#tests/support/stripe-server";
import type { StartPaymentInput } from "./payment-provider";
import { createStripeProvider, isStripeProvider, type StripePaymentProvider } from "./stripe-provider";

const NOW = new Date("2026-05-15T12:00:00Z");
const WEBHOOK_SECRET = "whsec_test_secret";
let stripe: FakeStripe;
let provider: StripePaymentProvider;

beforeAll(async () => {
  stripe = await startFakeStripe();
  provider = createStripeProvider({
    secretKey: "sk_test_123",
    webhookSecret: WEBHOOK_SECRET,
    now: () => NOW,
    api: stripe.api,
  });
});
afterAll(() => stripe.close());

let attempt = 0;
function payment(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  attempt += 1;
  return {
    orderId: "0b7c4b1e-4a53-4c55-9d3c-7d3f2f3c0a01",
    amountCents: 5000,
    description: "2 × General admission — Jazz in the Park",
    buyerEmail: "buyer@example.com",
    returnUrl: "https://events.example.org/orders/0b7c4b1e?key=abc",
    cancelUrl: "https://events.example.org/orders/0b7c4b1e/pay?key=abc",
    idempotencyKey: `order-0b7c4b1e:attempt-${attempt}`,
    ...overrides,
  };
}

function signed(event: unknown, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { body: new TextEncoder().encode(payload), signature };
}

async function paidSession(card?: { brand: string; last4: string }) {
  const outcome = await provider.startPayment(payment());
  if (outcome.kind !== "redirect") throw new Error("expected a redirect");
  return stripe.completeSession(outcome.reference, card);
}

describe("the Stripe payment provider", () => {
  it("sends the buyer to Stripe's page rather than taking the card itself", () => {
    expect(provider.name).toBe("stripe");
    expect(provider.collectsCardOnSite).toBe(false);
    expect(isStripeProvider(provider)).toBe(true);
  });

  it("starts a card-only Checkout Session for the order's amount in USD cents, and redirects to it", async () => {
    const input = payment();
    const outcome = await provider.startPayment(input);
    const request = stripe.requests.at(-1)!;

    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: input.idempotencyKey,
      authorization: "Bearer sk_test_123",
    });
    expect(request.form).toMatchObject({
      mode: "payment",
      "allowed_payment_method_types[0]": "card",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[0][price_data][product_data][name]": input.description,
      client_reference_id: input.orderId,
      "metadata[orderId]": input.orderId,
      "payment_intent_data[metadata][orderId]": input.orderId,
      customer_email: "buyer@example.com",
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
    });
    const session = stripe.sessions.get(outcome.kind === "redirect" ? outcome.reference : "")!;
    expect(outcome).toEqual({ kind: "redirect", reference: session.id, url: session.url });
  });

  it("asks Stripe to keep the session open at least the 30 minutes it requires", async () => {
    await provider.startPayment(payment());
    const expiresAt = Number(stripe.requests.at(-1)!.form.expires_at);
    const minutes = (expiresAt * 1000 - NOW.getTime()) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(30);
    expect(minutes).toBeLessThanOrEqual(35);
  });

  it("gets the same session back when a start is retried with its idempotency key", async () => {
    const input = payment();
    const first = await provider.startPayment(input);
    const retry = await provider.startPayment(input);
    expect(retry).toEqual(first);
  });

  it("retries Stripe's server errors with the same key, then tells the buyer to try again", async () => {
    const before = stripe.requests.length;
    stripe.failNext({ status: 500 }, { status: 500 }, { status: 500 });
    const input = payment();
    expect(await provider.startPayment(input)).toEqual({ kind: "declined", reason: "processing_error" });
    const tries = stripe.requests.slice(before);
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((request) => request.idempotencyKey))).toEqual(new Set([input.idempotencyKey]));
  });

  it("raises a refused secret key rather than hide the misconfiguration from the logs", async () => {
    stripe.failNext({ status: 401, type: "authentication_error" });
    await expect(provider.startPayment(payment())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("refunds the whole payment of a paid session through its PaymentIntent, once", async () => {
    const session = await paidSession();
    const refund = { reference: session.id, amountCents: 5000, idempotencyKey: `refund-${session.id}` };
    const outcome = await provider.refund(refund);
    expect(outcome).toEqual({ kind: "refunded", reference: expect.stringMatching(/^re_test_/) });
    expect(stripe.requests.at(-1)).toMatchObject({
      path: "/v1/refunds",
      idempotencyKey: refund.idempotencyKey,
      form: { payment_intent: session.payment_intent },
    });

    expect(await provider.refund(refund)).toEqual(outcome);
    expect(await provider.refund({ ...refund, idempotencyKey: "another" })).toEqual({
      kind: "failed",
      reason: "charge_already_refunded",
    });
  });

  it("refuses to refund a session nobody paid, or one Stripe does not know", async () => {
    const unpaid = await provider.startPayment(payment());
    const reference = unpaid.kind === "redirect" ? unpaid.reference : "";
    expect(await provider.refund({ reference, amountCents: 5000, idempotencyKey: "r1" })).toEqual({
      kind: "failed",
      reason: "not_paid",
    });
    expect(await provider.refund({ reference: "cs_test_nope", amountCents: 5000, idempotencyKey: "r2" })).toEqual({
      kind: "failed",
      reason: "resource_missing",
    });
  });
});

describe("Stripe's webhooks, as the provider reads them", () => {
  it("reports a completed, paid session with the card's brand and last 4 digits", async () => {
    const session = await paidSession({ brand: "mastercard", last4: "4444" });
    const { body, signature } = signed(stripeEvent("checkout.session.completed", session));
    expect(await provider.readWebhook(body, signature)).toEqual({
      kind: "paid",
      reference: session.id,
      orderId: "0b7c4b1e-4a53-4c55-9d3c-7d3f2f3c0a01",
      cardBrand: "mastercard",
      cardLast4: "4444",
    });
  });

  it("calls a brand our pages do not name unknown", async () => {
    const session = await paidSession({ brand: "cartes_bancaires", last4: "1001" });
    const { body, signature } = signed(stripeEvent("checkout.session.completed", session));
    expect(await provider.readWebhook(body, signature)).toMatchObject({ cardBrand: "unknown", cardLast4: "1001" });
  });

  it("still reports the payment when Stripe cannot say which card paid", async () => {
    const session = await paidSession();
    stripe.failNext({ status: 404, code: "resource_missing" });
    const { body, signature } = signed(stripeEvent("checkout.session.completed", session));
    expect(await provider.readWebhook(body, signature)).toEqual({
      kind: "paid",
      reference: session.id,
      orderId: session.client_reference_id,
      cardBrand: null,
      cardLast4: null,
    });
  });

  it("reports a late bank payment's success like a card's, and ignores a completed session still unpaid", async () => {
    const session = await paidSession();
    const late = signed(stripeEvent("checkout.session.async_payment_succeeded", session));
    expect(await provider.readWebhook(late.body, late.signature)).toMatchObject({
      kind: "paid",
      reference: session.id,
    });

    const unpaid = signed(stripeEvent("checkout.session.completed", { ...session, payment_status: "unpaid" }));
    expect(await provider.readWebhook(unpaid.body, unpaid.signature)).toEqual({
      kind: "ignored",
      type: "checkout.session.completed",
    });
  });

  it("reports an expired session, and ignores event types it has no use for", async () => {
    const started = await provider.startPayment(payment());
    const session = stripe.expireSession(started.kind === "redirect" ? started.reference : "");
    const expired = signed(stripeEvent("checkout.session.expired", session));
    expect(await provider.readWebhook(expired.body, expired.signature)).toEqual({
      kind: "expired",
      reference: session.id,
    });
    const other = signed(stripeEvent("customer.created", { id: "cus_1", object: "customer" }));
    expect(await provider.readWebhook(other.body, other.signature)).toEqual({
      kind: "ignored",
      type: "customer.created",
    });
  });

  it("refuses a signature made with another secret, a missing one, an old one, or a changed body", async () => {
    const event = stripeEvent("checkout.session.completed", await paidSession());
    const wrongSecret = signed(event, { secret: "whsec_other" });
    const old = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const good = signed(event);
    const changed = new TextEncoder().encode(JSON.stringify({ ...event, id: "evt_forged" }));
    const attempts: [Uint8Array, string | undefined][] = [
      [wrongSecret.body, wrongSecret.signature],
      [good.body, undefined],
      [good.body, "t=1,v1=00"],
      [old.body, old.signature],
      [changed, good.signature],
    ];
    for (const [body, signature] of attempts) {
      const error = await provider.readWebhook(body, signature).catch((caught: unknown) => caught);
      expect(error, signature).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "invalid", fields: { "Stripe-Signature": "invalid" } });
    }
  });
});
