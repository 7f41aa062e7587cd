import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_MS, type OrderInput } from "#domain/order";
import { isTicketCode } from "#domain/ticket-code";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, jobs, orderItems, orders, tickets, ticketTypes } from "#server/db/schema";
import { AppError } from "#server/errors";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import type { PaymentOutcome, PaymentProvider } from "#server/payments/payment-provider";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { RELEASE_ORDER_HOLD_JOB } from "#server/services/order-jobs";
import {
  canViewOrder,
  cancelOrder,
  confirmProviderPayment,
  getOrderDetail,
  PAYMENT_CLAIM_MS,
  payOrder,
  placeOrder,
  refundOrder,
  releaseExpiredHold,
} from "#server/services/orders";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

const SITE_URL = "http://localhost:3000";
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
const PAY_URLS = { returnUrl: `${SITE_URL}/orders/x`, cancelUrl: `${SITE_URL}/orders/x/pay` };
const logger = createLogger({ mode: "test", logLevel: "silent" });

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

function orderFor(eventId: number, items: OrderInput["items"], email = "buyer@example.com"): OrderInput {
  return { eventId, items, buyer: { name: "Ada Buyer", email } };
}

function context(now = new Date()) {
  return { now, language: "fr" as const, siteUrl: SITE_URL };
}

async function soldOf(ticketTypeId: number): Promise<number> {
  const [row] = await handle.db
    .select({ sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, ticketTypeId));
  return row!.sold;
}

async function queued(kind: string) {
  return (await handle.db.select().from(jobs).where(eq(jobs.kind, kind))).map((job) => job.payload);
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

describe(`the orders service on the ${testDatabaseKind()} database`, () => {
  it("confirms a free registration at once, with one ticket per admission, and queues its e-mail", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 50 }],
    });
    const guest = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 3 }]),
      context(),
    );

    const { order } = guest;
    expect(order).toMatchObject({
      status: "confirmed",
      totalCents: 0,
      holdExpiresAt: null,
      language: "fr",
      userId: null,
    });
    expect(order.buyerEmail).toBe("buyer@example.com");
    expect(order.items).toEqual([
      { ticketTypeId: ticketTypeIds[0], name: "Free entry", quantity: 3, unitPriceCents: 0 },
    ]);
    expect(order.tickets).toHaveLength(3);
    expect(order.tickets.every((ticket) => isTicketCode(ticket.code) && ticket.status === "valid")).toBe(true);
    expect(new Set(order.tickets.map((ticket) => ticket.code)).size).toBe(3);
    expect(order.history).toEqual([{ status: "confirmed", reason: "free_registration", at: expect.any(Date) }]);
    expect(await soldOf(ticketTypeIds[0]!)).toBe(3);

    const emails = (await queued("send_order_email")).filter((payload) => payload.orderId === order.id);
    expect(emails).toEqual([{ kind: "order_confirmed", orderId: order.id, link: expect.any(String) }]);
    const link = new URL(emails[0]!.link as string);
    expect(link.pathname).toBe(`/orders/${order.id}`);
    // The link's key and the buyer's token are different secrets, each opening this order only.
    const key = link.searchParams.get("key")!;
    expect(key).not.toBe(guest.accessToken);
    for (const token of [key, guest.accessToken]) {
      expect(await canViewOrder(handle.db, { orderId: order.id, actor: null, accessToken: token })).toBe("buyer");
    }
  });

  it("holds a paid order's tickets for ten minutes, then pays it with 4242 4242 4242 4242", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "General", priceCents: 2500, quantity: 100 },
        { name: "VIP", priceCents: 9000, quantity: 10 },
      ],
    });
    const buyer = await insertUser(handle.db);
    const now = new Date();
    const { order } = await placeOrder(
      handle.db,
      { userId: buyer.userId },
      orderFor(eventId, [
        { ticketTypeId: ticketTypeIds[1]!, quantity: 1 },
        { ticketTypeId: ticketTypeIds[0]!, quantity: 2 },
      ]),
      context(now),
    );
    expect(order).toMatchObject({ status: "pending", totalCents: 14_000, userId: buyer.userId, tickets: [] });
    expect(order.holdExpiresAt).toEqual(new Date(now.getTime() + HOLD_MS));
    expect(order.history).toEqual([{ status: "pending", reason: "placed", at: now }]);
    expect([await soldOf(ticketTypeIds[0]!), await soldOf(ticketTypeIds[1]!)]).toEqual([2, 1]);
    const [release] = await handle.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RELEASE_ORDER_HOLD_JOB), eq(jobs.payload, { orderId: order.id })));
    expect(release!.runAt).toEqual(order.holdExpiresAt);

    const paid = await payOrder(
      handle.db,
      createSandboxProvider(),
      { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
      { now: new Date(now.getTime() + 60_000), siteUrl: SITE_URL },
    );
    expect(paid.outcome).toBe("paid");
    expect(paid.order).toMatchObject({
      status: "confirmed",
      paymentProvider: "sandbox",
      cardBrand: "visa",
      cardLast4: "4242",
      holdExpiresAt: null,
    });
    expect(paid.order.tickets.map((ticket) => ticket.ticketTypeName)).toEqual(["General", "General", "VIP"]);
    expect(paid.order.history.map((change) => [change.status, change.reason])).toEqual([
      ["pending", "placed"],
      ["confirmed", "paid"],
    ]);
    // The hold's job finds nothing left to release.
    await releaseExpiredHold(handle.db, order.id, new Date(now.getTime() + HOLD_MS));
    expect((await getOrderDetail(handle.db, order.id))!.status).toBe("confirmed");
    expect(await soldOf(ticketTypeIds[0]!)).toBe(2);
  });

  it("releases the hold at once when the card is declined (4000 0000 0000 0002), saying why", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 1500, quantity: 5 }],
    });
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
      context(),
    );
    const declined = await payOrder(
      handle.db,
      createSandboxProvider(),
      { orderId: order.id, card: DECLINED_CARD, ...PAY_URLS },
      { now: new Date(), siteUrl: SITE_URL },
    );
    expect(declined).toMatchObject({ outcome: "declined", declineReason: "card_declined" });
    expect(declined.order).toMatchObject({ status: "cancelled", tickets: [], cardLast4: null });
    expect(declined.order.history.map((change) => change.reason)).toEqual(["placed", "payment_declined"]);
    expect(await soldOf(ticketTypeIds[0]!)).toBe(0);

    // The order is over: another card means a new order.
    await expect(
      payOrder(
        handle.db,
        createSandboxProvider(),
        { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
        { now: new Date(), siteUrl: SITE_URL },
      ),
    ).rejects.toMatchObject({ code: "conflict", fields: { order: "not_pending" } });
  });

  it("releases an expired hold's tickets through the jobs worker, and refuses to pay it afterwards", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2000, quantity: 4 }],
    });
    const now = new Date(Date.now() + 60_000);
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 4 }]),
      context(now),
    );
    expect(await soldOf(ticketTypeIds[0]!)).toBe(4);
    const handlers = createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl: SITE_URL });
    const deps = { handlers: { [RELEASE_ORDER_HOLD_JOB]: handlers[RELEASE_ORDER_HOLD_JOB]! }, logger };

    // Nine minutes in, the hold stands.
    await runDueJobs(handle.db, deps, new Date(now.getTime() + 9 * 60_000));
    expect((await getOrderDetail(handle.db, order.id))!.status).toBe("pending");

    const later = new Date(now.getTime() + HOLD_MS + 1_000);
    const ran = await runDueJobs(handle.db, deps, later);
    expect(ran.filter((job) => job.outcome !== "done")).toEqual([]);
    const released = (await getOrderDetail(handle.db, order.id))!;
    expect(released.status).toBe("cancelled");
    expect(released.history.at(-1)).toEqual({ status: "cancelled", reason: "hold_expired", at: later });
    expect(await soldOf(ticketTypeIds[0]!)).toBe(0);
    expect(await queued("offer_released_tickets")).toContainEqual({ ticketTypeId: ticketTypeIds[0] });

    const error = await caught(
      payOrder(
        handle.db,
        createSandboxProvider(),
        { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
        { now: later, siteUrl: SITE_URL },
      ),
    );
    expect(error).toMatchObject({ code: "conflict", fields: { order: "not_pending" } });
  });

  it("releases a hold that ran out when the buyer comes to pay, before the job does", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2000, quantity: 4 }],
    });
    const now = new Date();
    const { order } = await placeOrder(
      handle.db,
      null,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]),
      context(now),
    );
    const later = new Date(now.getTime() + HOLD_MS);
    const error = await caught(
      payOrder(
        handle.db,
        createSandboxProvider(),
        { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
        { now: later, siteUrl: SITE_URL },
      ),
    );
    expect(error).toMatchObject({ code: "conflict", fields: { order: "hold_expired" } });
    expect((await getOrderDetail(handle.db, order.id))!.status).toBe("cancelled");
    expect(await soldOf(ticketTypeIds[0]!)).toBe(0);
  });

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

  it("confirms a pending free order (a waitlist offer) without any card", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 5, sold: 1 }],
    });
    // As the waitlist writes its offers (server/services/waitlist.ts): a held order for one free ticket.
    const [offer] = await handle.db
      .insert(orders)
      .values({
        eventId,
        buyerName: "Wanda Waiting",
        buyerEmail: "wanda@example.com",
        status: "pending",
        totalCents: 0,
        holdExpiresAt: new Date(Date.now() + 60 * 60_000),
      })
      .returning({ id: orders.id });
    await handle.db
      .insert(orderItems)
      .values({ orderId: offer!.id, ticketTypeId: ticketTypeIds[0]!, quantity: 1, unitPriceCents: 0 });
    const taken = await payOrder(
      handle.db,
      createSandboxProvider(),
      { orderId: offer!.id, ...PAY_URLS },
      { now: new Date(), siteUrl: SITE_URL },
    );
    expect(taken.outcome).toBe("paid");
    expect(taken.order).toMatchObject({ status: "confirmed", paymentProvider: null, holdExpiresAt: null });
    expect(taken.order.tickets).toHaveLength(1);
    expect(taken.order.history.at(-1)).toMatchObject({ status: "confirmed", reason: "free_registration" });
  });

  it("reserves nothing when any ticket type of the order lacks enough tickets", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "General", priceCents: 1000, quantity: 5 },
        { name: "VIP", priceCents: 5000, quantity: 3, sold: 2 },
      ],
    });
    const error = await caught(
      placeOrder(
        handle.db,
        null,
        orderFor(eventId, [
          { ticketTypeId: ticketTypeIds[0]!, quantity: 2 },
          { ticketTypeId: ticketTypeIds[1]!, quantity: 2 },
        ]),
        context(),
      ),
    );
    expect(error).toMatchObject({ code: "conflict", fields: { items: "sold_out" } });
    expect([await soldOf(ticketTypeIds[0]!), await soldOf(ticketTypeIds[1]!)]).toEqual([0, 2]);
    expect(await handle.db.select().from(orders).where(eq(orders.eventId, eventId))).toEqual([]);
  });

  it("sells exactly the 10 tickets there are to 30 buyers ordering at once", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 10 }],
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        placeOrder(
          handle.db,
          null,
          orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }], `rush-${index}@example.com`),
          context(),
        ),
      ),
    );
    const sold = attempts.filter((attempt) => attempt.status === "fulfilled");
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(sold).toHaveLength(10);
    expect(refused.map((attempt) => (attempt.reason as AppError).fields)).toEqual(
      Array.from({ length: 20 }, () => ({ items: "sold_out" })),
    );
    expect(await soldOf(ticketTypeIds[0]!)).toBe(10);
    expect(await handle.db.select().from(tickets).where(eq(tickets.eventId, eventId))).toHaveLength(10);
  });

  it("refuses orders for unknown, draft, ended or cancelled events and for another event's ticket types", async () => {
    const live = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "A", priceCents: 0, quantity: 5 }],
    });
    const draft = await insertEventWithTicketTypes(handle.db, {
      status: "draft",
      ticketTypes: [{ name: "A", priceCents: 0, quantity: 5 }],
    });
    const ended = await insertEventWithTicketTypes(handle.db, {
      startsAt: new Date(Date.now() - 5 * 60 * 60_000),
      ticketTypes: [{ name: "A", priceCents: 0, quantity: 5 }],
    });
    const cancelled = await insertEventWithTicketTypes(handle.db, {
      status: "cancelled",
      ticketTypes: [{ name: "A", priceCents: 0, quantity: 5 }],
    });
    const place = (eventId: number, ticketTypeId: number) =>
      caught(placeOrder(handle.db, null, orderFor(eventId, [{ ticketTypeId, quantity: 1 }]), context()));

    expect((await place(2_000_000_000, live.ticketTypeIds[0]!)).code).toBe("not_found");
    expect((await place(draft.eventId, draft.ticketTypeIds[0]!)).code).toBe("not_found");
    expect((await place(live.eventId, draft.ticketTypeIds[0]!)).code).toBe("not_found");
    expect(await place(ended.eventId, ended.ticketTypeIds[0]!)).toMatchObject({
      code: "invalid",
      fields: { eventId: "event_ended" },
    });
    expect(await place(cancelled.eventId, cancelled.ticketTypeIds[0]!)).toMatchObject({
      code: "invalid",
      fields: { eventId: "event_ended" },
    });
    const invalid = await caught(
      placeOrder(
        handle.db,
        null,
        orderFor(live.eventId, [
          { ticketTypeId: live.ticketTypeIds[0]!, quantity: 1 },
          { ticketTypeId: live.ticketTypeIds[0]!, quantity: 1 },
        ]),
        context(),
      ),
    );
    expect(invalid).toMatchObject({ code: "invalid", fields: { items: "duplicate_ticket_type" } });
    expect(await soldOf(live.ticketTypeIds[0]!)).toBe(0);
  });

  it("lets the event's organizer or a co-organizer refund a paid order, and nobody else", async () => {
    const { eventId, ticketTypeIds, organizerId } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 3000, quantity: 10 }],
    });
    const coOrganizer = await insertUser(handle.db, { role: "organizer" });
    await handle.db.insert(eventCoOrganizers).values({ eventId, userId: coOrganizer.userId });
    const buyer = await insertUser(handle.db);
    const stranger = await insertUser(handle.db, { role: "organizer" });
    const provider = createSandboxProvider();
    const paidOrder = async () => {
      const { order } = await placeOrder(
        handle.db,
        { userId: buyer.userId },
        orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]),
        context(),
      );
      await payOrder(
        handle.db,
        provider,
        { orderId: order.id, card: GOOD_CARD, ...PAY_URLS },
        { now: new Date(), siteUrl: SITE_URL },
      );
      return order.id;
    };
    const first = await paidOrder();
    const second = await paidOrder();
    const refundContext = { now: new Date(), siteUrl: SITE_URL };
    for (const actor of [buyer, stranger]) {
      expect((await caught(refundOrder(handle.db, provider, actor, first, refundContext))).code).toBe("forbidden");
    }
    expect(await soldOf(ticketTypeIds[0]!)).toBe(4);

    const refunded = await refundOrder(handle.db, provider, { userId: organizerId }, first, refundContext);
    expect(refunded.status).toBe("refunded");
    expect(refunded.tickets.map((ticket) => ticket.status)).toEqual(["void", "void"]);
    expect(refunded.history.at(-1)).toMatchObject({ status: "refunded", reason: "refunded_by_organizer" });
    expect(await soldOf(ticketTypeIds[0]!)).toBe(2);
    expect(await queued("send_order_email")).toContainEqual(
      expect.objectContaining({ kind: "order_refunded", orderId: first }),
    );
    expect(await queued("offer_released_tickets")).toContainEqual({ ticketTypeId: ticketTypeIds[0] });
    expect(await refundOrder(handle.db, provider, coOrganizer, second, refundContext)).toMatchObject({
      status: "refunded",
    });

    const again = await caught(refundOrder(handle.db, provider, { userId: organizerId }, first, refundContext));
    expect(again).toMatchObject({ code: "conflict", fields: { order: "not_refundable" } });
    expect(await soldOf(ticketTypeIds[0]!)).toBe(0);
  });

  it("lets the buyer cancel a free registration before the event starts, but not a paid order", async () => {
    const startsAt = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      startsAt,
      ticketTypes: [
        { name: "Free entry", priceCents: 0, quantity: 10 },
        { name: "Supporter", priceCents: 1000, quantity: 10 },
      ],
    });
    const buyer = await insertUser(handle.db);
    const free = await placeOrder(
      handle.db,
      buyer,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]),
      context(),
    );
    const lateFree = await placeOrder(
      handle.db,
      buyer,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
      context(),
    );
    const cancelContext = { now: new Date(), reason: "cancelled_by_buyer" as const, siteUrl: SITE_URL };

    const cancelled = await cancelOrder(handle.db, buyer, free.order.id, cancelContext);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.tickets.every((ticket) => ticket.status === "void")).toBe(true);
    expect(await soldOf(ticketTypeIds[0]!)).toBe(1);
    expect(await queued("send_order_email")).toContainEqual(
      expect.objectContaining({ kind: "order_cancelled", orderId: free.order.id }),
    );
    expect((await caught(cancelOrder(handle.db, buyer, free.order.id, cancelContext))).fields).toEqual({
      order: "not_cancellable",
    });

    const started = { ...cancelContext, now: new Date(startsAt.getTime() + 60_000) };
    expect((await caught(cancelOrder(handle.db, buyer, lateFree.order.id, started))).fields).toEqual({
      order: "event_started",
    });

    const paid = await placeOrder(
      handle.db,
      buyer,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[1]!, quantity: 1 }]),
      context(),
    );
    await payOrder(
      handle.db,
      createSandboxProvider(),
      { orderId: paid.order.id, card: GOOD_CARD, ...PAY_URLS },
      { now: new Date(), siteUrl: SITE_URL },
    );
    expect((await caught(cancelOrder(handle.db, buyer, paid.order.id, cancelContext))).fields).toEqual({
      order: "paid_order",
    });

    // A pending order the buyer leaves goes back on sale at once.
    const left = await placeOrder(
      handle.db,
      buyer,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[1]!, quantity: 3 }]),
      context(),
    );
    expect(await soldOf(ticketTypeIds[1]!)).toBe(4);
    const abandoned = await cancelOrder(handle.db, null, left.order.id, {
      ...cancelContext,
      reason: "payment_abandoned",
    });
    expect(abandoned.history.at(-1)).toMatchObject({ status: "cancelled", reason: "payment_abandoned" });
    expect(await soldOf(ticketTypeIds[1]!)).toBe(1);
  });

  it("shows an order to its buyer (by account, confirmed address or token) and its organizers only", async () => {
    const { eventId, ticketTypeIds, organizerId } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 10 }],
    });
    const placer = await insertUser(handle.db);
    const owner = await insertUser(handle.db, { email: "Owner.Of.Address@example.com" });
    const stranger = await insertUser(handle.db);
    const { order, accessToken } = await placeOrder(
      handle.db,
      placer,
      orderFor(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }], "owner.of.address@example.com"),
      context(),
    );
    const view = (actor: { userId: string } | null, token?: string) =>
      canViewOrder(handle.db, { orderId: order.id, actor, accessToken: token ?? null });
    expect(await view(placer)).toBe("buyer");
    expect(await view(owner)).toBe("buyer");
    expect(await view(null, accessToken)).toBe("buyer");
    expect(await view(stranger, accessToken)).toBe("buyer");
    expect(await view({ userId: organizerId })).toBe("organizer");
    expect(await view(stranger)).toBeNull();
    expect(await view(null)).toBeNull();
    expect(await view(null, `${accessToken.slice(0, -1)}${accessToken.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await canViewOrder(handle.db, { orderId: "not-a-uuid", actor: placer, accessToken })).toBeNull();
    expect(await getOrderDetail(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
