import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as eventPage from "#app/routes/event";
import * as eventOrdersPage from "#app/routes/event-orders";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, orders, ticketTypes, waitlistEntries } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createLogger } from "#server/logger";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { placeOrder, payOrder } from "#server/services/orders";
import { OFFER_RELEASED_TICKETS_JOB } from "#server/services/order-jobs";
import { joinWaitlist, runOfferReleasedTicketsJob } from "#server/services/waitlist";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser, type EventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The organizer's orders page (/events/:id/orders), its loader and action called as React Router
 * calls them: who may see it, and a refund that puts the ticket back on sale for the waitlist.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const payments = createSandboxProvider();
let handle: DatabaseHandle;
let event: EventWithTicketTypes;
let organizer: Viewer;
let coOrganizer: Viewer;
let stranger: Viewer;
let paidOrderId: string;
let freeOrderId: string;

function viewerOf(user: { userId: string; email: string }): Viewer {
  return {
    userId: user.userId,
    email: user.email,
    name: "Test Person",
    profileImage: null,
    isStaff: false,
    sessionId: randomUUID(),
  };
}

function context(viewer: Viewer | null): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: "192.0.2.9",
    payments,
  };
}

async function buy(ticketTypeId: number, email: string) {
  const now = new Date();
  const { order } = await placeOrder(
    handle.db,
    null,
    { eventId: event.eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: { name: "Liya Haile", email } },
    { now, language: "en", siteUrl: SITE },
  );
  if (order.totalCents === 0) return order.id;
  const paid = await payOrder(
    handle.db,
    payments,
    {
      orderId: order.id,
      card: { number: "4242424242424242", expMonth: 12, expYear: now.getUTCFullYear() + 2, cvc: "123" },
      returnUrl: SITE,
      cancelUrl: SITE,
    },
    { now, siteUrl: SITE },
  );
  expect(paid.outcome).toBe("paid");
  return order.id;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const people = await Promise.all([
    insertUser(handle.db, { role: "organizer" }),
    insertUser(handle.db),
    insertUser(handle.db),
  ]);
  [organizer, coOrganizer, stranger] = people.map(viewerOf) as [Viewer, Viewer, Viewer];
  event = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    ticketTypes: [
      { name: "VIP", priceCents: 45_00, quantity: 1 },
      { name: "Community", priceCents: 0, quantity: 50 },
    ],
  });
  await handle.db.insert(eventCoOrganizers).values({ eventId: event.eventId, userId: coOrganizer.userId });
  paidOrderId = await buy(event.ticketTypeIds[0]!, "liya@example.com");
  freeOrderId = await buy(event.ticketTypeIds[1]!, "sami@example.com");
});
afterAll(() => handle?.close());

function load(viewer: Viewer | null, query = "", eventId: number = event.eventId) {
  const request = new Request(`${SITE}/events/${eventId}/orders${query}`);
  return eventOrdersPage.loader({ request, params: { id: String(eventId) }, context: context(viewer) } as never);
}

function post(viewer: Viewer | null, fields: Record<string, string>) {
  const request = new Request(`${SITE}/events/${event.eventId}/orders?page=1`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body: new URLSearchParams(fields),
  });
  return eventOrdersPage.action({ request, params: { id: String(event.eventId) }, context: context(viewer) } as never);
}

/** A thrown or returned answer's status, data and headers: data(), or a Response (redirects). */
async function settle(promise: Promise<unknown>) {
  const result = await promise.catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const init = (result as { init?: ResponseInit | null }).init ?? {};
  return { status: init.status ?? 200, data: (result as { data: unknown }).data, headers: new Headers(init.headers) };
}

type PageData = Awaited<ReturnType<typeof eventOrdersPage.loader>>["data"];

describe(`the organizer's orders page on the ${testDatabaseKind()} database`, () => {
  it("links the event page to its orders and its door for the organizer and co-organizers only", async () => {
    const isStaffFor = async (viewer: Viewer | null) => {
      const request = new Request(`${SITE}/events/${event.eventId}`);
      const page = await eventPage.loader({
        request,
        params: { id: String(event.eventId) },
        context: context(viewer),
      } as never);
      return page.isStaff;
    };
    expect(await Promise.all([organizer, coOrganizer, stranger, null].map(isStaffFor))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("lists the event's orders, newest first, for the organizer and co-organizers alone", async () => {
    for (const viewer of [organizer, coOrganizer]) {
      const answer = await settle(load(viewer));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const page = answer.data as PageData;
      expect(page.orders.map((order) => order.id)).toEqual([freeOrderId, paidOrderId]);
      expect(page.orders[1]).toMatchObject({
        buyerName: "Liya Haile",
        buyerEmail: "liya@example.com",
        status: "confirmed",
        totalCents: 45_00,
        cardLast4: "4242",
        isRefundable: true,
        items: [{ name: "VIP", quantity: 1, unitPriceCents: 45_00 }],
      });
      expect(page.orders[0]).toMatchObject({ totalCents: 0, isRefundable: false });
      expect(page.counts).toEqual({ pending: 0, confirmed: 2, cancelled: 0, refunded: 0 });
      expect(page.event).toMatchObject({ id: event.eventId, timeZone: "America/New_York" });
    }
  });

  it("is a 404 for anyone else, and sends visitors to sign in first", async () => {
    expect((await settle(load(stranger))).status).toBe(404);
    expect((await settle(load(organizer, "", 2_000_000_000))).status).toBe(404);
    expect((await settle(load(organizer, "", "abc" as never))).status).toBe(404);
    const visitor = await settle(load(null, "?page=2"));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(
      `/signin?next=${encodeURIComponent(`/events/${event.eventId}/orders?page=2`)}`,
    );
  });

  it("asks to confirm a refund before making it", async () => {
    const page = (await settle(load(organizer, `?refund=${paidOrderId}`))).data as PageData;
    expect(page.refundingId).toBe(paidOrderId);
    // Only a refundable order can be asked about.
    const free = (await settle(load(organizer, `?refund=${freeOrderId}`))).data as PageData;
    expect(free.refundingId).toBeNull();
  });

  it("refuses refunds to strangers, of free orders, and of orders of other events", async () => {
    expect((await settle(post(stranger, { intent: "refund", orderId: paidOrderId }))).status).toBe(404);
    const free = await settle(post(organizer, { intent: "refund", orderId: freeOrderId }));
    expect(free).toMatchObject({ status: 409, data: { problem: "not_refundable" } });
    const elsewhere = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
    });
    const { order } = await placeOrder(
      handle.db,
      null,
      {
        eventId: elsewhere.eventId,
        items: [{ ticketTypeId: elsewhere.ticketTypeIds[0]!, quantity: 1 }],
        buyer: { name: "Other", email: "other@example.com" },
      },
      { now: new Date(), language: "en", siteUrl: SITE },
    );
    expect(await settle(post(organizer, { intent: "refund", orderId: order.id }))).toMatchObject({
      status: 404,
      data: { problem: "not_found" },
    });
    expect((await settle(post(organizer, { intent: "refund", orderId: "not-a-uuid" }))).status).toBe(400);
    const [still] = await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, paidOrderId));
    expect(still).toEqual({ status: "confirmed" });
  });

  it("refunds a paid order: its ticket goes back on sale and to the first person waiting", async () => {
    const vip = event.ticketTypeIds[0]!;
    const waiting = await joinWaitlist(
      handle.db,
      null,
      { eventId: event.eventId, ticketTypeId: vip, name: "Hana", email: "hana@example.com" },
      { now: new Date(), language: "en", clientAddress: "192.0.2.10", siteUrl: config.publicUrl },
    );
    // Hana confirmed her address from the e-mail: her place is in line for offers.
    await handle.db.update(waitlistEntries).set({ confirmedAt: new Date() }).where(eq(waitlistEntries.id, waiting.id));

    const refunded = await settle(post(coOrganizer, { intent: "refund", orderId: paidOrderId }));
    expect(refunded.status).toBe(302);
    expect(refunded.headers.get("location")).toBe(`/events/${event.eventId}/orders?page=1&refunded=${paidOrderId}`);
    const [type] = await handle.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, vip));
    expect(type).toEqual({ sold: 0 });
    const page = (await settle(load(organizer, `?refunded=${paidOrderId}`))).data as PageData;
    expect(page.refundedId).toBe(paidOrderId);
    expect(page.orders.find((order) => order.id === paidOrderId)).toMatchObject({
      status: "refunded",
      isRefundable: false,
    });

    // The release queued the waitlist's job; the worker runs it.
    const ran = await runDueJobs(
      handle.db,
      {
        handlers: {
          [OFFER_RELEASED_TICKETS_JOB]: (job, { db, now }) => runOfferReleasedTicketsJob(db, job.payload, now, SITE),
        },
        logger: createLogger(config),
      },
      new Date(),
    );
    expect(ran.map((job) => job.outcome)).toContain("done");
    const [entry] = await handle.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, waiting.id));
    expect(entry!.status).toBe("offered");
    const [held] = await handle.db.select({ sold: ticketTypes.sold }).from(ticketTypes).where(eq(ticketTypes.id, vip));
    expect(held).toEqual({ sold: 1 });

    // A second refund of the same order is refused, and nothing moves.
    const again = await settle(post(organizer, { intent: "refund", orderId: paidOrderId }));
    expect(again).toMatchObject({ status: 409, data: { problem: "not_refundable" } });
  });
});
