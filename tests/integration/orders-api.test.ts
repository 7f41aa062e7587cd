import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { idempotencyKeys, orders, ticketTypes } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

const config = readConfig({ NODE_ENV: "test" });
const BASE = "/api/v1/orders";
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };

let handle: DatabaseHandle;
let app: App;
let buyer: TestSession;
let organizer: TestSession;
let stranger: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger({ mode: "test", logLevel: "silent" }) });
  [buyer, organizer, stranger] = await Promise.all([
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
  ]);
});
afterAll(() => handle?.close());

interface Init {
  body?: unknown;
  as?: TestSession;
  token?: string;
  key?: string;
  headers?: Record<string, string>;
}

function request(method: string, path: string, init: Init = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.as) headers.Authorization = `Bearer ${init.as.session.access_token}`;
  if (init.token) headers["X-Order-Token"] = init.token;
  if (init.key !== undefined) headers["Idempotency-Key"] = init.key;
  const body =
    typeof init.body === "string" ? init.body : init.body === undefined ? undefined : JSON.stringify(init.body);
  return app.request(path === "/" ? BASE : `${BASE}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

function orderBody(eventId: number, items: { ticketTypeId: number; quantity: number }[], extra: object = {}) {
  return { eventId, items, buyer: { name: "Grace Guest", email: "grace@example.com" }, ...extra };
}

async function rowCounts(eventId: number) {
  const [ordersOfEvent] = await handle.db.select({ n: count() }).from(orders).where(eq(orders.eventId, eventId));
  const sold = await handle.db
    .select({ sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId));
  return { orders: ordersOfEvent!.n, sold: sold.map((row) => row.sold) };
}

describe(`/api/v1/orders on the ${testDatabaseKind()} database`, () => {
  it("registers a guest for a free event at once and shows the order to the holder of its token only", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 20 }],
    });
    const placed = await request("POST", "/", {
      body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]),
    });
    expect(placed.status).toBe(201);
    expect(placed.headers.get("cache-control")).toBe("private, no-store");
    const { data, accessToken } = await placed.json();
    expect(data).toMatchObject({
      status: "confirmed",
      totalCents: 0,
      currency: "USD",
      holdExpiresAt: null,
      buyerEmail: "grace@example.com",
      items: [{ ticketTypeId: ticketTypeIds[0], name: "Free entry", quantity: 2, unitPriceCents: 0 }],
      event: { id: eventId, venue: { city: "Washington" } },
      history: [{ status: "confirmed", reason: "free_registration" }],
    });
    expect(data.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(data.tickets).toHaveLength(2);
    expect(data.tickets[0]).toMatchObject({
      status: "valid",
      checkedInAt: null,
      code: expect.stringMatching(/^[0-9A-Z]{20}$/),
    });
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const init of [{ token: accessToken }, { as: organizer }] as Init[]) {
      const seen = await request("GET", `/${data.id}`, init);
      expect(seen.status).toBe(200);
      expect(seen.headers.get("cache-control")).toBe("private, no-store");
      expect((await seen.json()).data).toEqual(data);
    }
    expect((await request("GET", `/${data.id}?key=${accessToken}`)).status).toBe(200);
    for (const init of [{}, { as: stranger }, { token: "x".repeat(43) }, { as: buyer }] as Init[]) {
      const hidden = await request("GET", `/${data.id}`, init);
      expect(hidden.status).toBe(404);
      expect(hidden.headers.get("cache-control")).toBe("private, no-store");
      expect((await hidden.json()).error.code).toBe("not_found");
    }
    expect((await request("GET", "/not-an-id", { token: accessToken })).status).toBe(404);
  });

  it("shows a signed-in buyer's order to them by their session alone", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 20 }],
    });
    const placed = await request("POST", "/", {
      as: buyer,
      body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]),
    });
    const { data } = await placed.json();
    expect((await request("GET", `/${data.id}`, { as: buyer })).status).toBe(200);
    expect((await request("GET", `/${data.id}`, { as: stranger })).status).toBe(404);
  });

  it("buys a paid ticket in one step with 4242 4242 4242 4242", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 2500, quantity: 20 }],
    });
    const placed = await request("POST", "/", {
      body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }], { payment: { card: GOOD_CARD } }),
    });
    expect(placed.status).toBe(201);
    const body = await placed.json();
    expect(body.payment).toEqual({ outcome: "paid" });
    expect(body.data).toMatchObject({
      status: "confirmed",
      totalCents: 5000,
      paymentProvider: "sandbox",
      cardBrand: "visa",
      cardLast4: "4242",
    });
    expect(body.data.tickets).toHaveLength(2);
    expect(JSON.stringify(body)).not.toContain("4242424242424242");
  });

  it("holds a paid order, releases it when the card is declined, and pays a new order with another card", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 1800, quantity: 20 }],
    });
    const placed = await (
      await request("POST", "/", { body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]) })
    ).json();
    expect(placed.data.status).toBe("pending");
    expect(new Date(placed.data.holdExpiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const token = placed.accessToken as string;

    const declined = await request("POST", `/${placed.data.id}/payment`, { token, body: { card: DECLINED_CARD } });
    expect(declined.status).toBe(200);
    const declinedBody = await declined.json();
    expect(declinedBody.payment).toEqual({ outcome: "declined", declineReason: "card_declined" });
    expect(declinedBody.data.status).toBe("cancelled");
    expect((await rowCounts(eventId)).sold).toEqual([0]);
    const over = await request("POST", `/${placed.data.id}/payment`, { token, body: { card: GOOD_CARD } });
    expect(over.status).toBe(409);
    expect((await over.json()).error).toMatchObject({ fields: { order: "not_pending" } });

    const retried = await (
      await request("POST", "/", { body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]) })
    ).json();
    // Someone else, even signed in, cannot pay or see it.
    expect(
      (await request("POST", `/${retried.data.id}/payment`, { as: stranger, body: { card: GOOD_CARD } })).status,
    ).toBe(404);

    const paid = await request("POST", `/${retried.data.id}/payment`, {
      token: retried.accessToken,
      body: { card: GOOD_CARD },
    });
    const paidBody = await paid.json();
    expect(paidBody.payment).toEqual({ outcome: "paid" });
    expect(paidBody.data).toMatchObject({ status: "confirmed", cardLast4: "4242" });

    const again = await request("POST", `/${retried.data.id}/payment`, {
      token: retried.accessToken,
      body: { card: GOOD_CARD },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: "conflict", fields: { order: "not_pending" } });
  });

  it("answers a sold-out order 409 with fields.items sold_out and reserves nothing", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "General", priceCents: 0, quantity: 10 },
        { name: "VIP", priceCents: 0, quantity: 2, sold: 1 },
      ],
    });
    const refused = await request("POST", "/", {
      body: orderBody(eventId, [
        { ticketTypeId: ticketTypeIds[0]!, quantity: 3 },
        { ticketTypeId: ticketTypeIds[1]!, quantity: 2 },
      ]),
    });
    expect(refused.status).toBe(409);
    const { error } = await refused.json();
    expect(error).toEqual({
      code: "conflict",
      message: expect.any(String),
      requestId: expect.any(String),
      fields: { items: "sold_out" },
    });
    expect(await rowCounts(eventId)).toEqual({ orders: 0, sold: [0, 1] });
  });

  it("replays an order sent again with its Idempotency-Key, and refuses the key with another body", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 1200, quantity: 10 }],
    });
    const key = randomUUID();
    const body = orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }], {
      payment: { card: GOOD_CARD },
    });
    const first = await request("POST", "/", { key, body });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstText = await first.text();

    const replay = await request("POST", "/", { key, body });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("cache-control")).toBe("private, no-store");
    expect(await replay.text()).toBe(firstText);
    expect(await rowCounts(eventId)).toEqual({ orders: 1, sold: [2] });

    const other = await request("POST", "/", {
      key,
      body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 3 }]),
    });
    expect(other.status).toBe(422);
    expect((await other.json()).error).toMatchObject({
      code: "invalid",
      fields: { "Idempotency-Key": "reused_with_different_body" },
    });
    expect(await rowCounts(eventId)).toEqual({ orders: 1, sold: [2] });

    // The same key from someone signed in is theirs, not the guest's.
    const own = await request("POST", "/", { key, body, as: buyer });
    expect(own.headers.get("idempotent-replayed")).toBeNull();
    expect(await rowCounts(eventId)).toEqual({ orders: 2, sold: [4] });
  });

  it("runs duplicates sent at once a single time, each answered with the one order", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 10 }],
    });
    const key = randomUUID();
    const body = orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => request("POST", "/", { key, body })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(answers.map(async (answer) => (await answer.json()).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(3);
    expect(await rowCounts(eventId)).toEqual({ orders: 1, sold: [1] });
  });

  it("replays a refusal too: a sold-out answer stays the answer to its key", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 1, sold: 1 }],
    });
    const key = randomUUID();
    const body = orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]);
    const first = await request("POST", "/", { key, body });
    expect(first.status).toBe(409);
    const firstBody = await first.json();
    const replay = await request("POST", "/", { key, body });
    expect(replay.status).toBe(409);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(firstBody);
  });

  it("takes the payment's Idempotency-Key: a retried payment is answered again, not charged again", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 900, quantity: 10 }],
    });
    const placed = await (
      await request("POST", "/", { body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]) })
    ).json();
    const key = randomUUID();
    const pay = () =>
      request("POST", `/${placed.data.id}/payment`, { token: placed.accessToken, key, body: { card: GOOD_CARD } });
    const first = await pay();
    const firstText = await first.text();
    const replay = await pay();
    expect([first.status, replay.status]).toEqual([200, 200]);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(firstText);
    const declined = await request("POST", `/${placed.data.id}/payment`, {
      token: placed.accessToken,
      key,
      body: { card: DECLINED_CARD },
    });
    expect(declined.status).toBe(422);
  });

  it("lets the organizer refund a paid order, and refuses everyone else", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "General", priceCents: 3000, quantity: 10 }],
    });
    const placed = await (
      await request("POST", "/", {
        as: buyer,
        body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }], { payment: { card: GOOD_CARD } }),
      })
    ).json();
    const path = `/${placed.data.id}/refund`;
    expect((await request("POST", path)).status).toBe(401);
    expect((await request("POST", path, { token: placed.accessToken })).status).toBe(401);
    // The buyer knows the order and is told no; a stranger is not even told it exists.
    for (const [person, status] of [
      [buyer, 403],
      [stranger, 404],
    ] as const) {
      const refused = await request("POST", path, { as: person });
      expect(refused.status).toBe(status);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await rowCounts(eventId)).sold).toEqual([2]);

    const refunded = await request("POST", path, { as: organizer });
    expect(refunded.status).toBe(200);
    const { data } = await refunded.json();
    expect(data.status).toBe("refunded");
    expect(data.tickets.map((ticket: { status: string }) => ticket.status)).toEqual(["void", "void"]);
    expect((await rowCounts(eventId)).sold).toEqual([0]);
    expect((await request("POST", path, { as: organizer })).status).toBe(409);
  });

  it("lets the buyer cancel a free registration, and not a paid order", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "Free entry", priceCents: 0, quantity: 10 },
        { name: "Supporter", priceCents: 1500, quantity: 10 },
      ],
    });
    const free = await (
      await request("POST", "/", { body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 2 }]) })
    ).json();
    expect((await request("POST", `/${free.data.id}/cancel`, { as: stranger })).status).toBe(404);
    const cancelled = await request("POST", `/${free.data.id}/cancel`, { token: free.accessToken });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).data).toMatchObject({
      status: "cancelled",
      history: [{}, { status: "cancelled", reason: "cancelled_by_buyer" }],
    });
    expect((await rowCounts(eventId)).sold).toEqual([0, 0]);

    const paid = await (
      await request("POST", "/", {
        body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[1]!, quantity: 1 }], { payment: { card: GOOD_CARD } }),
      })
    ).json();
    const refused = await request("POST", `/${paid.data.id}/cancel`, { token: paid.accessToken });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.fields).toEqual({ order: "paid_order" });

    const pending = await (
      await request("POST", "/", { body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[1]!, quantity: 3 }]) })
    ).json();
    const left = await request("POST", `/${pending.data.id}/cancel`, { token: pending.accessToken });
    expect((await left.json()).data.history.at(-1)).toMatchObject({ status: "cancelled", reason: "payment_abandoned" });
    expect((await rowCounts(eventId)).sold).toEqual([0, 1]);
  });

  it("answers bad orders 400 (or 404 for an unknown event) and writes nothing", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "General", priceCents: 1000, quantity: 50 },
        { name: "VIP", priceCents: 5000, quantity: 50 },
      ],
    });
    const [general, vip] = ticketTypeIds as [number, number];
    const cases: [string, unknown, number, Record<string, string>?][] = [
      [
        "quantity 0",
        orderBody(eventId, [{ ticketTypeId: general, quantity: 0 }]),
        400,
        { "items.0.quantity": expect.any(String) },
      ],
      [
        "quantity 11",
        orderBody(eventId, [{ ticketTypeId: general, quantity: 11 }]),
        400,
        { "items.0.quantity": "too_many_tickets" },
      ],
      [
        "11 across types",
        orderBody(eventId, [
          { ticketTypeId: general, quantity: 6 },
          { ticketTypeId: vip, quantity: 5 },
        ]),
        400,
        { items: "too_many_tickets" },
      ],
      [
        "a type twice",
        orderBody(eventId, [
          { ticketTypeId: general, quantity: 1 },
          { ticketTypeId: general, quantity: 1 },
        ]),
        400,
        { items: "duplicate_ticket_type" },
      ],
      ["no items", orderBody(eventId, []), 400, { items: "no_tickets" }],
      [
        "strings",
        {
          eventId: String(eventId),
          items: [{ ticketTypeId: String(general), quantity: "2" }],
          buyer: { name: "A", email: "a@example.com" },
        },
        400,
      ],
      [
        "a bad address",
        {
          ...orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }]),
          buyer: { name: "A", email: "not-an-address" },
        },
        400,
        { "buyer.email": "email_invalid" },
      ],
      [
        "no name",
        {
          ...orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }]),
          buyer: { name: "  ", email: "a@example.com" },
        },
        400,
        { "buyer.name": "name_required" },
      ],
      [
        "an unknown field",
        orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }], { discount: 100 }),
        400,
        { discount: expect.any(String) },
      ],
      [
        "a bad card",
        orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }], {
          payment: { card: { ...GOOD_CARD, number: "4242 4242 4242 4241" } },
        }),
        400,
        { "payment.card.number": "card_number_invalid" },
      ],
      [
        "no card",
        orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }], { payment: {} }),
        400,
        { "payment.card": "card_required" },
      ],
      ["not JSON", "{eventId: 1", 400],
      ["JSON null", "null", 400],
      ["an array", "[]", 400],
      [
        "a huge body",
        orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }], { padding: "x".repeat(100_000) }),
        400,
      ],
      ["an unknown event", orderBody(2_000_000_000, [{ ticketTypeId: general, quantity: 1 }]), 404],
      ["another event's type", orderBody(eventId, [{ ticketTypeId: 2_000_000_000, quantity: 1 }]), 404],
    ];
    for (const [name, body, status, fields] of cases) {
      const answer = await request("POST", "/", { body, key: randomUUID() });
      expect(answer.status, name).toBe(status);
      expect(answer.headers.get("cache-control"), name).toBe("private, no-store");
      const { error } = await answer.json();
      expect(error.requestId, name).toEqual(expect.any(String));
      if (fields) expect(error.fields, name).toMatchObject(fields);
    }
    for (const key of ["", "é", "k".repeat(256)]) {
      const answer = await request("POST", "/", {
        key,
        body: orderBody(eventId, [{ ticketTypeId: general, quantity: 1 }]),
      });
      expect(answer.status, JSON.stringify(key)).toBe(400);
    }
    expect(await rowCounts(eventId)).toEqual({ orders: 0, sold: [0, 0] });
    // Refused requests keep no key: a corrected retry with the same key is a new request.
    const keys = await handle.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.statusCode, 400));
    expect(keys[0]!.n).toBe(0);
  });

  it("answers bad payments 400 and unknown orders 404", async () => {
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 1000, quantity: 50 }],
    });
    const placed = await (
      await request("POST", "/", { body: orderBody(eventId, [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }]) })
    ).json();
    const token = placed.accessToken as string;
    const path = `/${placed.data.id}/payment`;
    const bad: [unknown, Record<string, string>?][] = [
      [{ card: { ...GOOD_CARD, expYear: 2001 } }, { "card.expYear": "expiry_past" }],
      [{ card: { ...GOOD_CARD, cvc: "12" } }, { "card.cvc": "cvc_invalid" }],
      [{}, { card: "card_required" }],
      ["not json"],
      [{ card: GOOD_CARD, extra: true }, { extra: expect.any(String) }],
    ];
    for (const [body, fields] of bad) {
      const answer = await request("POST", path, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (fields) expect((await answer.json()).error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect((await request("POST", `/${randomUUID()}/payment`, { token, body: { card: GOOD_CARD } })).status).toBe(404);
    expect((await request("GET", `/${placed.data.id}`, { token })).status).toBe(200);
    expect((await request("GET", `/${placed.data.id}`, { token })).headers.get("cache-control")).toBe(
      "private, no-store",
    );
  });
});
