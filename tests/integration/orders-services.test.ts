import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { HOLD_MS } from "#domain/order";
import { isTicketCode } from "#domain/ticket-code";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, orderItems, orders, tickets } from "#server/db/schema";
import { AppError } from "#server/errors";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { RELEASE_ORDER_HOLD_JOB } from "#server/services/order-jobs";
import { canViewOrder, getOrderDetail, payOrder, placeOrder, releaseExpiredHold } from "#server/services/orders";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { testDatabaseKind } from "#tests/support/test-database";
import {
  caught,
  DECLINED_CARD,
  GOOD_CARD,
  orderContext as context,
  orderFor,
  PAY_URLS,
  setUpOrderServices,
  SITE_URL,
} from "#tests/support/order-services";

// Placing orders: free registrations, holds and how they end, and what cannot be ordered.

const logger = createLogger({ mode: "test", logLevel: "silent" });

const orderServices = setUpOrderServices();
const { soldOf, queued } = orderServices;
let handle: DatabaseHandle;
beforeAll(() => {
  handle = orderServices.current();
});

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
});
