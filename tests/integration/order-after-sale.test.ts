import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers } from "#server/db/schema";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { canViewOrder, cancelOrder, getOrderDetail, payOrder, placeOrder, refundOrder } from "#server/services/orders";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
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

// After the sale: refunds by the event's team, cancellations by the buyer, and who may see an order.

const orderServices = setUpOrderServices();
const { soldOf, queued } = orderServices;
let handle: DatabaseHandle;
beforeAll(() => {
  handle = orderServices.current();
});

describe(`orders after the sale on the ${testDatabaseKind()} database`, () => {
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
