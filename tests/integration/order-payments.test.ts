import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { HOLD_MS } from "#domain/order";
import type { DatabaseHandle } from "#server/db/client";
import { orders } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { PaymentOutcome, PaymentProvider } from "#server/payments/payment-provider";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import {
  confirmProviderPayment,
  getOrderDetail,
  PAYMENT_CLAIM_MS,
  payOrder,
  placeOrder,
  releaseExpiredHold,
} from "#server/services/orders";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { testDatabaseKind } from "#tests/support/test-database";
import {
  caught,
  GOOD_CARD,
  orderContext as context,
  orderFor,
  PAY_URLS,
  setUpOrderServices,
  SITE_URL,
} from "#tests/support/order-services";

// Paying orders: each payment confirmed and charged once, however often it is submitted or reported.

const orderServices = setUpOrderServices();
const { soldOf } = orderServices;
let handle: DatabaseHandle;
beforeAll(() => {
  handle = orderServices.current();
});

describe(`paying orders on the ${testDatabaseKind()} database`, () => {
  it("refunds a payment that completed after the hold's tickets were released, and issues no tickets", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2000, quantity: 4 }],
    });
    const now = new Date();
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
      context(now),
    );
    const sandbox = createSandboxProvider();
    let charged: PaymentOutcome | null = null;
    // The card is charged slowly: the hold ends and its job runs while the charge is under way.
    const slow: PaymentProvider = {
      ...sandbox,
      async startPayment(input) {
        await releaseExpiredHold(handle.db, order.id, new Date(now.getTime() + HOLD_MS));
        charged = await sandbox.startPayment(input);
        return charged;
      },
    };
    const error = await caught(
      payOrder(handle.db, slow, { orderId: order.id, card: GOOD_CARD, ...PAY_URLS }, { now, siteUrl: SITE_URL }),
    );
    expect(error).toMatchObject({ code: "conflict", fields: { order: "hold_expired" } });
    const after = (await getOrderDetail(handle.db, order.id))!;
    expect(after).toMatchObject({ status: "cancelled", tickets: [] });
    expect(after.history.map((change) => change.reason)).toEqual(["placed", "hold_expired", "late_payment_refunded"]);
    // The provider has refunded that charge already: a second refund of it is refused.
    const again = await sandbox.refund({
      reference: (charged as unknown as { reference: string }).reference,
      amountCents: 2000,
      idempotencyKey: "again",
    });
    expect(again).toEqual({ kind: "failed", reason: "already_refunded" });
  });

  it("confirms a doubly submitted payment once, charging the card once", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2000, quantity: 10 }],
    });
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]),
      context(),
    );
    const provider = createSandboxProvider();
    const pay = () =>
      payOrder(
        handle.db,
        provider,
        { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
        { now: new Date(), siteUrl: SITE_URL },
      );
    const outcomes = await Promise.allSettled([pay(), pay()]);
    const fulfilled = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    // While the first is with the provider the second is refused; once it paid, the order is not pending.
    expect(["payment_in_progress", "not_pending"]).toContain((rejected[0]!.reason as AppError).fields?.order);
    const after = (await getOrderDetail(handle.db, order.id))!;
    expect(after.status).toBe("confirmed");
    expect(after.tickets).toHaveLength(2);
    expect(after.history.map((change) => change.reason)).toEqual(["placed", "paid"]);
  });

  it("retries a payment of the same order without charging twice", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2000, quantity: 10 }],
    });
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
      context(),
    );
    const provider = createSandboxProvider();
    const pay = () =>
      payOrder(
        handle.db,
        provider,
        { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
        { now: new Date(), siteUrl: SITE_URL },
      );
    expect((await pay()).outcome).toBe("paid");
    // The provider answers the retry with the same payment, which is this order's already.
    expect((await caught(pay())).fields).toEqual({ order: "not_pending" });
    expect((await getOrderDetail(handle.db, order.id))!.history.map((change) => change.reason)).toEqual([
      "placed",
      "paid",
    ]);
  });

  it("lets the buyer pay again after an attempt failed, or after one whose process died", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2000, quantity: 10 }],
    });
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
      context(),
    );
    const sandbox = createSandboxProvider();
    const unreachable: PaymentProvider = {
      ...sandbox,
      startPayment: () => Promise.reject(new Error("The provider cannot be reached.")),
    };
    const payWith = (provider: PaymentProvider, now = new Date()) =>
      payOrder(handle.db, provider, { orderId: order.id, card: GOOD_CARD, ...PAY_URLS }, { now, siteUrl: SITE_URL });
    await expect(payWith(unreachable)).rejects.toThrow("cannot be reached");

    // An attempt that never came back (its process died) holds the order a little while, then no longer.
    const now = new Date();
    await handle.db
      .update(orders)
      .set({ paymentClaimedUntil: new Date(now.getTime() + PAYMENT_CLAIM_MS) })
      .where(eq(orders.id, order.id));
    expect((await caught(payWith(sandbox, now))).fields).toEqual({ order: "payment_in_progress" });
    const paid = await payWith(sandbox, new Date(now.getTime() + PAYMENT_CLAIM_MS));
    expect(paid.outcome).toBe("paid");
    expect(paid.order.history.map((change) => change.reason)).toEqual(["placed", "paid"]);
  });

  it("confirms a payment the provider reports by webhook once, however often it is reported", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 4500, quantity: 10 }],
    });
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]),
      context(),
    );
    const refunds: string[] = [];
    // Stripe's side, as far as the orders service sees it: a hosted page, then a webhook.
    const stripe: PaymentProvider = {
      name: "stripe",
      collectsCardOnSite: false,
      startPayment: async () => ({
        kind: "redirect",
        reference: `cs_test_${order.id}`,
        url: "https://checkout.stripe.test/pay",
      }),
      refund: async ({ reference }) => {
        refunds.push(reference);
        return { kind: "refunded", reference: `re_${refunds.length}` };
      },
    };
    const started = await payOrder(
      handle.db,
      stripe,
      { orderId: order.id, ...PAY_URLS },
      { now: new Date(), siteUrl: SITE_URL },
    );
    expect(started).toMatchObject({ outcome: "redirect", redirectUrl: "https://checkout.stripe.test/pay" });
    expect(started.order).toMatchObject({ status: "pending", paymentProvider: "stripe" });

    const notice = {
      provider: "stripe" as const,
      reference: `cs_test_${order.id}`,
      cardBrand: "visa",
      cardLast4: "4242",
    };
    const webhook = { now: new Date(), siteUrl: SITE_URL, provider: stripe };
    const first = await confirmProviderPayment(handle.db, notice, webhook);
    const second = await confirmProviderPayment(handle.db, notice, webhook);
    expect(first).toMatchObject({ status: "confirmed", cardLast4: "4242" });
    expect(second!.tickets).toEqual(first!.tickets);
    expect(first!.tickets).toHaveLength(2);
    expect(refunds).toEqual([]);
    expect(await confirmProviderPayment(handle.db, { ...notice, reference: "cs_test_unknown" }, webhook)).toBeNull();
  });

  it("refunds a webhook's payment for an order whose hold was released first", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 4500, quantity: 10 }],
    });
    const now = new Date();
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
      context(now),
    );
    const refunds: string[] = [];
    const stripe: PaymentProvider = {
      name: "stripe",
      collectsCardOnSite: false,
      startPayment: async () => ({
        kind: "redirect",
        reference: "cs_test_late",
        url: "https://checkout.stripe.test/pay",
      }),
      refund: async ({ reference }) => {
        refunds.push(reference);
        return { kind: "refunded", reference: "re_late" };
      },
    };
    await payOrder(handle.db, stripe, { orderId: order.id, ...PAY_URLS }, { now, siteUrl: SITE_URL });
    await releaseExpiredHold(handle.db, order.id, new Date(now.getTime() + HOLD_MS));
    const notice = { provider: "stripe" as const, reference: "cs_test_late", cardBrand: "visa", cardLast4: "4242" };
    const after = await confirmProviderPayment(handle.db, notice, {
      now: new Date(),
      siteUrl: SITE_URL,
      provider: stripe,
    });
    expect(after).toMatchObject({ status: "cancelled", tickets: [] });
    expect(refunds).toEqual(["cs_test_late"]);
    expect(await soldOf(ticketTypeIds[0]!)).toBe(0);
  });
});
