import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en.json";
import { SMALL_FORM_BYTES } from "#server/http/read-form";
import * as checkoutPage from "#app/routes/checkout";
import * as orderPage from "#app/routes/order";
import * as orderPayPage from "#app/routes/order-pay";
import type { DatabaseHandle } from "#server/db/client";
import { orders, ticketTypes } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { getOrderDetail, placeOrder } from "#server/services/orders";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * The checkout, pay and order pages' loaders and actions, called as React Router calls them (the
 * browser journeys in tests/e2e/checkout.test.ts render the same pages): what bad input gets back,
 * and that it writes nothing.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const payments = createSandboxProvider();
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

function contextFor(viewer: Viewer | null = null): AppLoadContext {
  return {
    db: handle.db,
    config,
    payments,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: "10.0.0.1",
  };
}

async function viewerFor(name = "Hanna Girma"): Promise<Viewer> {
  const user = await insertUser(handle.db, { name });
  return { userId: user.userId, sessionId: randomUUID(), email: user.email, name, profileImage: null, isStaff: false };
}

interface Answer {
  status: number;
  data: unknown;
  headers: Headers;
}

/** What a loader or action answered or threw: React Router's data() object or a Response (redirects). */
async function answerOf(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | number | null };
  if (withInit?.type === "DataWithResponseInit") {
    const init = typeof withInit.init === "number" ? { status: withInit.init } : (withInit.init ?? {});
    return { status: init.status ?? 200, data: withInit.data, headers: new Headers(init.headers) };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result, headers: new Headers() };
}

function formPost(path: string, fields: Record<string, string> | string): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
}

const checkout = (eventId: number, fields: Record<string, string> | string, viewer: Viewer | null = null) =>
  answerOf(() =>
    checkoutPage.action({
      request: formPost(`/events/${eventId}/checkout`, fields),
      params: { id: String(eventId) },
      context: contextFor(viewer),
    } as never),
  );

const openCheckout = (eventId: number, query: string, viewer: Viewer | null = null) =>
  answerOf(() =>
    checkoutPage.loader({
      request: new Request(`${SITE}/events/${eventId}/checkout${query}`),
      params: { id: String(eventId) },
      context: contextFor(viewer),
    } as never),
  );

const openOrder = (path: string, viewer: Viewer | null = null) =>
  answerOf(() =>
    orderPage.loader({
      request: new Request(`${SITE}${path}`),
      params: { id: new URL(`${SITE}${path}`).pathname.split("/")[2]! },
      context: contextFor(viewer),
    } as never),
  );

const postTo = (page: typeof orderPage | typeof orderPayPage, path: string, fields: Record<string, string>) =>
  answerOf(() =>
    page.action({
      request: formPost(path, fields),
      params: { id: new URL(`${SITE}${path}`).pathname.split("/")[2]! },
      context: contextFor(),
    } as never),
  );

/** The English text of a checkout problem word: every word a page answers with has one. */
function englishProblem(word: unknown): string {
  const text = (en.checkout.problems as Record<string, string>)[String(word)];
  expect(text, `checkout.problems.${String(word)}`).toBeDefined();
  return text!;
}

async function soldOf(ticketTypeIds: number[]): Promise<number[]> {
  const rows = await handle.db
    .select({ id: ticketTypes.id, sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, ticketTypeIds));
  return ticketTypeIds.map((id) => rows.find((row) => row.id === id)!.sold);
}

async function ordersOf(eventId: number): Promise<number> {
  const [row] = await handle.db.select({ total: count() }).from(orders).where(eq(orders.eventId, eventId));
  return row!.total;
}

const BUYER = { name: "Abebe Kebede", email: "abebe@example.com" };

describe(`the checkout page on the ${testDatabaseKind()} database`, () => {
  it("refuses bad input with 400 or 422 and a translated problem, writing nothing", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "General", priceCents: 25_00, quantity: 50 },
        { name: "Student", priceCents: 10_00, quantity: 50 },
      ],
    });
    const other = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Elsewhere", priceCents: 0, quantity: 5 }],
    });
    const [general, student] = event.ticketTypeIds as [number, number];
    const cases: { fields: Record<string, string>; status: number; problems: Record<string, string> }[] = [
      { fields: { [`qty.${general}`]: "-1", ...BUYER }, status: 400, problems: { items: "quantity_invalid" } },
      { fields: { [`qty.${general}`]: "1e3", ...BUYER }, status: 400, problems: { items: "quantity_invalid" } },
      { fields: { [`qty.${general}`]: "2.5", ...BUYER }, status: 400, problems: { items: "quantity_invalid" } },
      { fields: { "qty.__proto__": "1", ...BUYER }, status: 400, problems: { items: "quantity_invalid" } },
      { fields: { [`qty.${general}`]: "11", ...BUYER }, status: 422, problems: { items: "too_many_tickets" } },
      {
        fields: { [`qty.${general}`]: "6", [`qty.${student}`]: "5", ...BUYER },
        status: 422,
        problems: { items: "too_many_tickets" },
      },
      { fields: { [`qty.${general}`]: "0", ...BUYER }, status: 422, problems: { items: "no_tickets" } },
      { fields: { ...BUYER }, status: 422, problems: { items: "no_tickets" } },
      {
        fields: { [`qty.${general}`]: "1", name: "", email: BUYER.email },
        status: 422,
        problems: { name: "name_required" },
      },
      {
        fields: { [`qty.${general}`]: "1", email: BUYER.email },
        status: 422,
        problems: { name: "name_required" },
      },
      {
        fields: { [`qty.${general}`]: "1", name: BUYER.name, email: "abebe@localhost" },
        status: 422,
        problems: { email: "email_invalid" },
      },
      {
        fields: { [`qty.${general}`]: "1", name: BUYER.name, email: "abebe@exаmple.com" },
        status: 422,
        problems: { email: "email_invalid" },
      },
      {
        fields: { [`qty.${other.ticketTypeIds[0]}`]: "1", ...BUYER },
        status: 422,
        problems: { items: "unknown_ticket_type" },
      },
    ];
    for (const { fields, status, problems } of cases) {
      const answer = await checkout(event.eventId, fields);
      expect({ fields, status: answer.status }).toEqual({ fields, status });
      const data = answer.data as { problems: Record<string, string>; values: { name: string; email: string } };
      expect(data.problems).toEqual(problems);
      for (const word of Object.values(data.problems)) englishProblem(word);
      // What was typed comes back, so the form keeps it.
      expect(data.values).toEqual({ name: fields.name ?? "", email: fields.email ?? "" });
    }
    expect(await ordersOf(event.eventId)).toBe(0);
    expect(await soldOf(event.ticketTypeIds)).toEqual([0, 0]);
  });

  it("refuses a form far over any real checkout's size with 413, declared or streamed", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
    });
    const body = new URLSearchParams({
      [`qty.${event.ticketTypeIds[0]}`]: "1",
      ...BUYER,
      padding: "x".repeat(SMALL_FORM_BYTES * 64),
    }).toString();
    const declared = await checkout(event.eventId, body);
    expect(declared.status).toBe(413);
    expect(declared.data).toEqual({ problems: { form: "form_too_large" }, values: { name: "", email: "" } });
    englishProblem("form_too_large");

    const bytes = new TextEncoder().encode(body);
    const streamed = await answerOf(() =>
      checkoutPage.action({
        request: new Request(`${SITE}/events/${event.eventId}/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
          body: new ReadableStream<Uint8Array>({
            start(controller) {
              for (let offset = 0; offset < bytes.length; offset += 8192) {
                controller.enqueue(bytes.slice(offset, offset + 8192));
              }
              controller.close();
            },
          }),
          duplex: "half",
        } as RequestInit),
        params: { id: String(event.eventId) },
        context: contextFor(),
      } as never),
    );
    expect(streamed.status).toBe(413);
    // Many fields, each small, within the byte limit: still nothing written and no 500.
    const manyFields = await checkout(
      event.eventId,
      Object.fromEntries([
        ...Array.from({ length: 500 }, (_, index) => [`qty.${index + 1}`, "0"]),
        ...Object.entries(BUYER),
      ]),
    );
    expect(manyFields.status).toBe(400);
    expect(await ordersOf(event.eventId)).toBe(0);
  });

  it("answers 404 for an event that does not exist, and explains ended events and sold-out types", async () => {
    expect((await checkout(2_000_000_000, { ...BUYER })).status).toBe(404);
    expect((await checkout(Number.NaN, { ...BUYER })).status).toBe(404);
    expect((await openCheckout(2_000_000_000, "?qty.1=1")).status).toBe(404);

    const ended = await insertEventWithTicketTypes(handle.db, {
      startsAt: new Date(Date.now() - 24 * 60 * 60_000),
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
    });
    const endedAnswer = await checkout(ended.eventId, { [`qty.${ended.ticketTypeIds[0]}`]: "1", ...BUYER });
    expect(endedAnswer.status).toBe(422);
    expect((endedAnswer.data as { problems: unknown }).problems).toEqual({ form: "event_ended" });

    const scarce = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "Plenty", priceCents: 5_00, quantity: 50 },
        { name: "Last two", priceCents: 5_00, quantity: 10, sold: 8 },
      ],
    });
    const [plenty, lastTwo] = scarce.ticketTypeIds as [number, number];
    const soldOut = await checkout(scarce.eventId, { [`qty.${plenty}`]: "2", [`qty.${lastTwo}`]: "3", ...BUYER });
    expect(soldOut.status).toBe(409);
    expect((soldOut.data as { problems: unknown }).problems).toEqual({ items: "sold_out" });
    expect(englishProblem("sold_out")).toBe("Sorry, these tickets just sold out. Nothing was reserved.");
    // Neither type was reserved: the one that had enough was rolled back with the other.
    expect(await soldOf([plenty, lastTwo])).toEqual([0, 8]);
    expect(await ordersOf(scarce.eventId)).toBe(0);
  });

  it("refuses tickets outside their sales window with a translated reason, reserving nothing", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "Early bird", priceCents: 0, quantity: 50 },
        { name: "Door", priceCents: 0, quantity: 50 },
      ],
    });
    const [earlyBird, door] = event.ticketTypeIds as [number, number];
    await handle.db
      .update(ticketTypes)
      .set({ salesStartAt: new Date(Date.now() - 3 * 60 * 60_000), salesEndAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(ticketTypes.id, earlyBird));
    await handle.db
      .update(ticketTypes)
      .set({ salesStartAt: new Date(Date.now() + 60 * 60_000) })
      .where(eq(ticketTypes.id, door));

    for (const ticketTypeId of [earlyBird, door]) {
      const answer = await checkout(event.eventId, { [`qty.${ticketTypeId}`]: "1", ...BUYER });
      expect(answer.status).toBe(409);
      expect((answer.data as { problems: unknown }).problems).toEqual({ items: "not_on_sale" });
    }
    expect(englishProblem("not_on_sale")).toMatch(/not on sale right now/);
    expect(await soldOf([earlyBird, door])).toEqual([0, 0]);
    expect(await ordersOf(event.eventId)).toBe(0);
  });

  it("shows the chosen lines and total from the address, prefilled for a signed-in person", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "General", priceCents: 25_00, quantity: 50 },
        { name: "Student", priceCents: 10_00, quantity: 50 },
      ],
    });
    const [general, student] = event.ticketTypeIds as [number, number];
    const viewer = await viewerFor("Selam Bekele");
    const opened = await openCheckout(event.eventId, `?qty.${student}=1&qty.${general}=2`, viewer);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      lines: [
        { ticketTypeId: general, name: "General", quantity: 2, unitPriceCents: 25_00 },
        { ticketTypeId: student, name: "Student", quantity: 1, unitPriceCents: 10_00 },
      ],
      totalCents: 60_00,
      problem: null,
      defaults: { name: "Selam Bekele", email: viewer.email },
    });
    expect(checkoutPage.headers()).toEqual({ "Cache-Control": "private, no-store" });

    for (const [query, status, problem] of [
      [`?qty.${general}=11`, 422, "too_many_tickets"],
      [`?qty.${general}=abc`, 400, "quantity_invalid"],
      ["", 422, "no_tickets"],
      ["?qty.1=1", 422, "unknown_ticket_type"],
    ] as const) {
      const refused = await openCheckout(event.eventId, query);
      expect(refused.status).toBe(status);
      expect(refused.data).toMatchObject({ lines: [], problem });
    }
  });
});

describe(`orders placed from the checkout on the ${testDatabaseKind()} database`, () => {
  it("confirms a free registration at once and opens its order page with the key only", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 3 }],
    });
    const placed = await checkout(event.eventId, { [`qty.${event.ticketTypeIds[0]}`]: "2", ...BUYER });
    expect(placed.status).toBe(302);
    const location = new URL(placed.headers.get("Location")!, SITE);
    expect(location.pathname).toMatch(/^\/orders\/[0-9a-f-]{36}$/);
    expect(location.searchParams.get("key")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(placed.headers.get("Set-Cookie")).toMatch(/^flash=orderConfirmed\./);
    expect(await soldOf(event.ticketTypeIds)).toEqual([2]);

    const opened = await openOrder(`${location.pathname}${location.search}`);
    expect(opened.status).toBe(200);
    const page = opened.data as { order: { status: string }; tickets: { qrSvg: string }[]; canCancel: boolean };
    expect(page.order.status).toBe("confirmed");
    expect(page.tickets).toHaveLength(2);
    expect(page.tickets[0]!.qrSvg).toMatch(/^<svg /);
    expect(page.canCancel).toBe(true);
    expect(orderPage.headers()).toEqual({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

    // No key, a wrong key, another person, an unknown or malformed id: the same 404.
    const otherKey = "A".repeat(43);
    for (const path of [
      location.pathname,
      `${location.pathname}?key=${otherKey}`,
      `${location.pathname}?key=`,
      `/orders/${randomUUID()}${location.search}`,
      `/orders/not-an-id${location.search}`,
    ]) {
      expect((await openOrder(path)).status, path).toBe(404);
    }
    expect((await openOrder(location.pathname, await viewerFor())).status).toBe(404);

    // Someone else cannot cancel it; the buyer can, and the seats go back on sale.
    const refused = await postTo(orderPage, location.pathname, { intent: "cancel" });
    expect(refused.status).toBe(404);
    const cancelled = await postTo(orderPage, `${location.pathname}${location.search}`, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Set-Cookie")).toMatch(/^flash=registrationCancelled\./);
    expect(await soldOf(event.ticketTypeIds)).toEqual([0]);
    const again = await postTo(orderPage, `${location.pathname}${location.search}`, { intent: "cancel" });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ problem: "not_cancellable" });
    const bogus = await postTo(orderPage, `${location.pathname}${location.search}`, { intent: "refund" });
    expect(bogus.status).toBe(400);
  });

  it("sends a paid order to its pay page, where a declined card says why, keeps nothing of the card and releases the hold", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 25_00, quantity: 5 }],
    });
    const viewer = await viewerFor();
    const placed = await checkout(
      event.eventId,
      { [`qty.${event.ticketTypeIds[0]}`]: "2", name: viewer.name, email: viewer.email },
      viewer,
    );
    expect(placed.status).toBe(302);
    const location = new URL(placed.headers.get("Location")!, SITE);
    expect(location.pathname).toMatch(/^\/orders\/[0-9a-f-]{36}\/pay$/);
    const payPath = `${location.pathname}${location.search}`;
    const orderId = location.pathname.split("/")[2]!;

    const opened = await answerOf(() =>
      orderPayPage.loader({
        request: new Request(`${SITE}${payPath}`),
        params: { id: orderId },
        context: contextFor(),
      } as never),
    );
    expect(opened.status).toBe(200);
    const page = opened.data as { remainingMs: number; isReleased: boolean; collectsCardOnSite: boolean };
    expect(page.isReleased).toBe(false);
    expect(page.collectsCardOnSite).toBe(true);
    expect(page.remainingMs).toBeGreaterThan(9 * 60_000);
    expect(page.remainingMs).toBeLessThanOrEqual(10 * 60_000);

    const card = { number: "4000 0000 0000 0002", expMonth: "12", expYear: "2040", cvc: "123" };
    const malformed = await postTo(orderPayPage, payPath, {
      intent: "pay",
      number: "4242 4242 4242 4241",
      expMonth: "13",
      expYear: "2040",
      cvc: "12",
    });
    expect(malformed.status).toBe(422);
    expect(malformed.data).toEqual({
      problems: { number: "card_number_invalid", expMonth: "expiry_invalid", cvc: "cvc_invalid" },
    });
    expect((await postTo(orderPayPage, payPath, { intent: "steal" })).status).toBe(400);
    // Without the key (and not signed in): the same 404 as for no order at all.
    expect((await postTo(orderPayPage, location.pathname, { intent: "pay", ...card })).status).toBe(404);

    // A declined card says why, keeps nothing of the card, and gives the held tickets back at once.
    const declined = await postTo(orderPayPage, payPath, { intent: "pay", ...card });
    expect(declined.status).toBe(402);
    expect(declined.data).toEqual({ decline: "card_declined", isReleased: true });
    expect(JSON.stringify(declined.data)).not.toContain("0002");
    expect(await soldOf(event.ticketTypeIds)).toEqual([0]);
    expect((await getOrderDetail(handle.db, orderId))!.status).toBe("cancelled");

    // Another card means choosing the tickets again: a new order, paid.
    const retried = await checkout(
      event.eventId,
      { [`qty.${event.ticketTypeIds[0]}`]: "2", name: viewer.name, email: viewer.email },
      viewer,
    );
    const retriedLocation = new URL(retried.headers.get("Location")!, SITE);
    const retriedPath = `${retriedLocation.pathname}${retriedLocation.search}`;
    const retriedId = retriedLocation.pathname.split("/")[2]!;
    const paid = await postTo(orderPayPage, retriedPath, { intent: "pay", ...card, number: "4242424242424242" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/orders/${retriedId}${retriedLocation.search}`);
    expect(paid.headers.get("Set-Cookie")).toMatch(/^flash=paymentReceived\./);
    const order = await getOrderDetail(handle.db, retriedId);
    expect(order).toMatchObject({ status: "confirmed", cardBrand: "visa", cardLast4: "4242" });
    expect(order!.tickets).toHaveLength(2);

    // The signed-in buyer sees it without a key; a paid order is not cancelled by its buyer.
    const mine = await openOrder(`/orders/${retriedId}`, viewer);
    expect(mine.status).toBe(200);
    expect((mine.data as { canCancel: boolean }).canCancel).toBe(false);
    // Paid already: the pay page sends the buyer on to the order.
    const payAgain = await answerOf(() =>
      orderPayPage.loader({
        request: new Request(`${SITE}${retriedPath}`),
        params: { id: retriedId },
        context: contextFor(),
      } as never),
    );
    expect(payAgain.status).toBe(302);
  });

  it("releases the hold when the buyer cancels on the pay page", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 25_00, quantity: 5 }],
    });
    const placed = await checkout(event.eventId, { [`qty.${event.ticketTypeIds[0]}`]: "3", ...BUYER });
    const location = new URL(placed.headers.get("Location")!, SITE);
    expect(await soldOf(event.ticketTypeIds)).toEqual([3]);
    const cancelled = await postTo(orderPayPage, `${location.pathname}${location.search}`, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(`/events/${event.eventId}`);
    expect(await soldOf(event.ticketTypeIds)).toEqual([0]);
    const orderId = location.pathname.split("/")[2]!;
    expect((await getOrderDetail(handle.db, orderId))!.history.map((change) => change.reason)).toEqual([
      "placed",
      "payment_abandoned",
    ]);
  });

  it("shows a hold that ran out as released, and refuses to charge it", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 25_00, quantity: 5 }],
    });
    const { order, accessToken } = await placeOrder(
      handle.db,
      null,
      { eventId: event.eventId, items: [{ ticketTypeId: event.ticketTypeIds[0]!, quantity: 2 }], buyer: BUYER },
      { now: new Date(Date.now() - 11 * 60_000), language: "en", siteUrl: SITE },
    );
    const payPath = `/orders/${order.id}/pay?key=${accessToken}`;
    const opened = await answerOf(() =>
      orderPayPage.loader({
        request: new Request(`${SITE}${payPath}`),
        params: { id: order.id },
        context: contextFor(),
      } as never),
    );
    expect(opened.data).toMatchObject({ isReleased: true, remainingMs: 0 });
    const paying = await postTo(orderPayPage, payPath, {
      intent: "pay",
      number: "4242424242424242",
      expMonth: "12",
      expYear: "2040",
      cvc: "123",
    });
    expect(paying.status).toBe(409);
    expect(paying.data).toEqual({ isReleased: true });
    expect(await soldOf(event.ticketTypeIds)).toEqual([0]);
    expect((await getOrderDetail(handle.db, order.id))!.status).toBe("cancelled");
  });
});
