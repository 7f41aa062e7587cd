import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTicketCode } from "#domain/ticket-code";
import {
  listOperations,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
} from "#server/api/openapi-document-shape";
import { exampleRequestPath } from "#server/api/example-request";
import { createApp, type App } from "#server/app";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createStripeProvider } from "#server/payments/stripe-provider";
import { CHECK_IN_OUTCOMES } from "#server/services/check-in";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { newTicketCode } from "#tests/support/issued-tickets";
import { makeStaff } from "#tests/support/staff";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { startFakeStripe, stripeEvent, type FakeStripe } from "#tests/support/stripe-server";
import { testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { API_BASE, bearer, documentChecks, fetchDocument } from "#tests/support/openapi-document-checks";

const seeded = setUpSeededApp();
const BASE = API_BASE;

/** The document as clients get it: over HTTP, from the seeded app. */
let document: OpenApiDocument;
beforeAll(async () => {
  document = await fetchDocument(seeded.app);
});
const { expectValid, expectDocumentedHeaders, resolve } = documentChecks(() => document);

describe(`the documented ticketing operations on the ${testDatabaseKind()} database`, () => {
  const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
  const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
  const TICKETING_TAGS = ["Orders", "Tickets", "Check-in", "Waitlist", "Payments"];
  /** `operationId status` of every answer checked against the document. */
  const answered = new Set<string>();

  interface Call {
    path?: Record<string, string | number>;
    query?: Record<string, string>;
    body?: unknown;
    as?: TestSession;
    /** The order's access token, sent in X-Order-Token. */
    token?: string;
    /** An Idempotency-Key. */
    key?: string;
    headers?: Record<string, string>;
    /** Another app over the same database (one taking payments through Stripe). */
    app?: App;
  }

  /**
   * Sends a request to a documented operation and holds the answer to the document: its status is
   * one the operation documents, its headers and body fit that status's, and an error other than a
   * 400 is one of the documented cases (the same code and fields).
   */
  async function call(method: HttpMethod, template: string, init: Call = {}) {
    const operation = document.paths[template]?.[method];
    if (!operation) throw new Error(`${method} ${template} is not documented`);
    let url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(init.path?.[name]));
    if (init.query) url += `?${new URLSearchParams(init.query)}`;
    const headers: Record<string, string> = { ...init.headers, ...(init.as ? bearer(init.as) : {}) };
    if (init.token) headers["X-Order-Token"] = init.token;
    if (init.key) headers["Idempotency-Key"] = init.key;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const body = typeof init.body === "string" || init.body === undefined ? init.body : JSON.stringify(init.body);
    const response = await (init.app ?? seeded.app).request(`${BASE}${url}`, {
      method: method.toUpperCase(),
      headers,
      ...(body === undefined ? {} : { body }),
    });

    const status = String(response.status);
    const what = `${method.toUpperCase()} ${url} → ${status}`;
    const text = await response.text();
    const documented = operation.responses[status];
    expect(documented, `${what} ${text}`).toBeDefined();
    expectDocumentedHeaders(operation, status, response);
    const answer = text ? JSON.parse(text) : undefined;
    const content = documented!.content?.["application/json"];
    if (content) expectValid(content.schema, answer, what);
    if (content?.examples && status !== "400") {
      const caseOf = (value: { error: { code: string; fields?: object } }) => ({
        code: value.error.code,
        fields: value.error.fields ?? null,
      });
      const cases = Object.values(content.examples).map(({ value }) => caseOf(value as never));
      expect(cases, `${what}: ${text}`).toContainEqual(caseOf(answer));
    }
    answered.add(`${operation.operationId} ${status}`);
    return { status: response.status, headers: response.headers, body: answer };
  }

  it("describes every ticketing answer as the API really writes them", async () => {
    const { db } = seeded.handle;
    const [organizer, buyer, stranger] = await Promise.all([
      createTestSession(db, seeded.config),
      createTestSession(db, seeded.config),
      createTestSession(db, seeded.config),
    ]);
    const event = await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      ticketTypes: [
        { name: "Free entry", priceCents: 0, quantity: 20 },
        { name: "General admission", priceCents: 2500, quantity: 20 },
        { name: "Front row", priceCents: 9000, quantity: 1, sold: 1 },
      ],
    });
    const [freeType, paidType, soldOutType] = event.ticketTypeIds as [number, number, number];
    const orderOf = (ticketTypeId: number, extra: object = {}) => ({
      eventId: event.eventId,
      items: [{ ticketTypeId, quantity: 1 }],
      buyer: { name: "Grace Hopper", email: "grace@example.com" },
      ...extra,
    });

    // The documented example orders a free ticket of the sample data, as it says.
    const createOrder = document.paths["/orders"]!.post!;
    const example = createOrder.requestBody!.content["application/json"]!.example as {
      eventId: number;
      items: { ticketTypeId: number }[];
    };
    const sample = await (await seeded.app.request(`${BASE}/events/${example.eventId}`)).json();
    expect(sample.data.ticketTypes).toContainEqual(
      expect.objectContaining({ id: example.items[0]!.ticketTypeId, priceCents: 0 }),
    );
    const free = (await call("post", "/orders", { body: example })).body;
    expect(free.data).toMatchObject({ status: "confirmed", tickets: [{ status: "valid" }, { status: "valid" }] });
    expect(free).not.toHaveProperty("payment");
    // Its buyer opens it with the access token, in the header or the query; nobody else sees it.
    const orderPath = (order: { data: { id: string } }) => ({ path: { id: order.data.id } });
    await call("get", "/orders/{id}", { ...orderPath(free), token: free.accessToken });
    await call("get", "/orders/{id}", { ...orderPath(free), query: { key: free.accessToken } });
    expect((await call("get", "/orders/{id}", { ...orderPath(free), as: stranger })).status).toBe(404);

    // Paid at once, signed in, with a key: then the same request again, and the key with another body.
    const key = randomUUID();
    const paidBody = orderOf(paidType, { payment: { card: GOOD_CARD } });
    const paid = await call("post", "/orders", { body: paidBody, as: buyer, key });
    expect(paid.body).toMatchObject({ data: { status: "confirmed", cardLast4: "4242" }, payment: { outcome: "paid" } });
    expect(paid.headers.get("Idempotent-Replayed")).toBeNull();
    const replayed = await call("post", "/orders", { body: paidBody, as: buyer, key });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replayed.body).toEqual(paid.body);
    const reused = await call("post", "/orders", { body: orderOf(freeType), as: buyer, key });
    expect(reused.status).toBe(422);
    expect((await call("post", "/orders", { body: paidBody, key: "k".repeat(256) })).status).toBe(400);
    await call("get", "/orders/{id}", { ...orderPath(paid.body), as: buyer });
    // The organizer reads it too.
    await call("get", "/orders/{id}", { ...orderPath(paid.body), as: organizer });

    // Declined at once, which ends the hold; a held order is then paid on its own; paying twice is a conflict.
    const declined = (await call("post", "/orders", { body: orderOf(paidType, { payment: { card: DECLINED_CARD } }) }))
      .body;
    expect(declined).toMatchObject({
      data: { status: "cancelled", tickets: [] },
      payment: { outcome: "declined", declineReason: "card_declined" },
    });
    const overAlready = { ...orderPath(declined), token: declined.accessToken, body: { card: GOOD_CARD } };
    expect((await call("post", "/orders/{id}/payment", overAlready)).body.error.fields).toEqual({
      order: "not_pending",
    });
    const held = (await call("post", "/orders", { body: orderOf(paidType) })).body;
    expect(held).toMatchObject({ data: { status: "pending", holdExpiresAt: expect.any(String), tickets: [] } });
    const pay = { ...orderPath(held), token: held.accessToken };
    expect((await call("post", "/orders/{id}/payment", { ...pay, body: {} })).status).toBe(400);
    const badCard = { card: { ...GOOD_CARD, number: "4242 4242 4242 4241" } };
    expect((await call("post", "/orders/{id}/payment", { ...pay, body: badCard })).status).toBe(400);
    const card = { card: GOOD_CARD };
    expect((await call("post", "/orders/{id}/payment", { ...orderPath(held), body: card })).status).toBe(404);
    const asOrganizer = { ...orderPath(held), as: organizer, body: card };
    expect((await call("post", "/orders/{id}/payment", asOrganizer)).status).toBe(403);
    const payKey = randomUUID();
    const paidLater = await call("post", "/orders/{id}/payment", { ...pay, body: card, key: payKey });
    expect(paidLater.body).toMatchObject({ data: { status: "confirmed" }, payment: { outcome: "paid" } });
    const otherCard = { card: { ...GOOD_CARD, number: "5555 5555 5555 4444" } };
    expect((await call("post", "/orders/{id}/payment", { ...pay, body: otherCard, key: payKey })).status).toBe(422);
    const again = await call("post", "/orders/{id}/payment", { ...pay, body: card });
    expect(again.body.error.fields).toEqual({ order: "not_pending" });
    // A paid order is not cancelled by its buyer, and an organizer is not its buyer.
    expect((await call("post", "/orders/{id}/cancel", pay)).body.error.fields).toEqual({ order: "paid_order" });
    expect((await call("post", "/orders/{id}/cancel", { ...orderPath(held), as: organizer })).status).toBe(403);

    // Sold out, an unknown event, and a body with bad fields.
    const soldOut = await call("post", "/orders", { body: orderOf(soldOutType) });
    expect(soldOut.body.error.fields).toEqual({ items: "sold_out" });
    expect((await call("post", "/orders", { body: { ...orderOf(freeType), eventId: 999_999 } })).status).toBe(404);
    const invalid = await call("post", "/orders", { body: { eventId: event.eventId, items: [], buyer: {} } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields)).toEqual(expect.arrayContaining(["items", "buyer.name"]));

    // At the door: the paid ticket once, then again; a code that is none, nobody's, or another event's.
    const checkIns = { path: { id: event.eventId }, as: organizer };
    const ticketCode = paid.body.data.tickets[0].code as string;
    const checkIn = (code: string) => call("post", "/events/{id}/check-ins", { ...checkIns, body: { code } });
    const admitted = await checkIn(formatTicketCode(ticketCode).toLowerCase());
    expect(admitted.body.data).toMatchObject({ outcome: "checked_in", counts: { checkedIn: 1 } });
    const second = await checkIn(ticketCode);
    expect(second.body.data).toMatchObject({
      outcome: "already_checked_in",
      checkedInBy: { userId: organizer.userId },
    });
    expect((await checkIn("https://example.com/not-a-ticket")).body.data.outcome).toBe("invalid_code");
    expect((await checkIn(newTicketCode())).body.data.outcome).toBe("not_found");
    expect((await checkIn(free.data.tickets[0].code)).body.data.outcome).toBe("wrong_event");
    const counts = await call("get", "/events/{id}/check-ins", checkIns);
    expect(counts.body.data.counts).toEqual({ checkedIn: 1, sold: 2 });
    expect((await call("post", "/events/{id}/check-ins", { ...checkIns, body: {} })).status).toBe(400);
    expect((await call("get", "/events/{id}/check-ins", { ...checkIns, as: buyer })).status).toBe(404);
    const codeBody = { body: { code: ticketCode } };
    expect((await call("post", "/events/{id}/check-ins", { ...checkIns, ...codeBody, as: buyer })).status).toBe(404);
    expect((await call("get", "/events/{id}/check-ins", { ...checkIns, path: { id: 999_999 } })).status).toBe(404);
    const unknownEvent = { ...checkIns, ...codeBody, path: { id: 999_999 } };
    expect((await call("post", "/events/{id}/check-ins", unknownEvent)).status).toBe(404);

    // The buyer's own tickets: the one just checked in among them.
    const mine = await call("get", "/me/tickets", { as: buyer });
    expect(mine.body.data).toContainEqual(
      expect.objectContaining({ code: ticketCode, checkedInAt: expect.any(String), isUpcoming: true }),
    );

    // A free registration cancelled by its buyer: its ticket is void at the door, and it cannot be cancelled twice.
    const registration = (await call("post", "/orders", { body: orderOf(freeType) })).body;
    const cancel = { ...orderPath(registration), token: registration.accessToken };
    expect((await call("post", "/orders/{id}/cancel", { ...orderPath(registration) })).status).toBe(404);
    expect((await call("post", "/orders/{id}/cancel", cancel)).body.data.status).toBe("cancelled");
    expect((await call("post", "/orders/{id}/cancel", cancel)).body.error.fields).toEqual({ order: "not_cancellable" });
    const voided = await checkIn(registration.data.tickets[0].code);
    expect(voided.body.data).toMatchObject({ outcome: "void", voidReason: "cancelled" });

    // The organizer refunds the paid order; its buyer may not, and it is refunded once.
    const refund = orderPath(paid.body);
    expect((await call("post", "/orders/{id}/refund", { ...refund, as: buyer })).status).toBe(403);
    const refunded = await call("post", "/orders/{id}/refund", { ...refund, as: organizer });
    expect(refunded.body.data).toMatchObject({ status: "refunded", tickets: [{ status: "void" }] });
    const twice = await call("post", "/orders/{id}/refund", { ...refund, as: organizer });
    expect(twice.body.error.fields).toEqual({ order: "not_refundable" });
    const nobody = { path: { id: randomUUID() }, as: organizer };
    expect((await call("post", "/orders/{id}/refund", nobody)).status).toBe(404);
    expect((await checkIn(ticketCode)).body.data).toMatchObject({ outcome: "void", voidReason: "refunded" });

    // The waitlist of the sold-out type: join, not twice, not for a type with tickets left; list; leave.
    const join = (ticketTypeId: number | string, body: unknown, as?: TestSession) =>
      call("post", "/ticket-types/{id}/waitlist", { path: { id: ticketTypeId }, body, ...(as ? { as } : {}) });
    const person = { name: "Grace Hopper", email: buyer.email };
    const place = await join(soldOutType, person, buyer);
    expect(place.body.data).toMatchObject({ status: "waiting", position: 1, ticketTypeId: soldOutType });
    expect((await join(soldOutType, person)).body.error.fields).toEqual({ email: "already_waiting" });
    expect((await join(paidType, person)).body.error.fields).toEqual({ ticketTypeId: "tickets_available" });
    expect((await join(soldOutType, { ...person, email: "nope" })).status).toBe(400);
    expect((await join("x", person)).status).toBe(404);
    const places = await call("get", "/waitlist", { as: buyer });
    expect(places.body.data).toContainEqual(expect.objectContaining({ id: place.body.data.id }));
    const leave = { path: { entryId: place.body.data.id }, as: buyer };
    expect((await call("delete", "/waitlist/{entryId}", leave)).body.data.status).toBe("left");
    expect((await call("delete", "/waitlist/{entryId}", leave)).status).toBe(404);
    // One address joining again and again is stopped.
    const busy = { name: "Busy Bee", email: `busy-${randomUUID().slice(0, 8)}@example.com` };
    let limited = await join(999_999, busy);
    for (let attempt = 0; attempt < 20 && limited.status === 404; attempt++) limited = await join(999_999, busy);
    expect(limited.status).toBe(429);

    // Find My Ticket: the same answer for any well-formed address.
    const lookup = (email: string) => call("post", "/ticket-lookup", { body: { email } });
    expect((await lookup(buyer.email)).status).toBe(202);
    expect((await lookup(`nobody-${randomUUID()}@example.com`)).status).toBe(202);
    expect((await lookup("nope")).status).toBe(400);

    // This site takes payments in its sandbox: Stripe's webhook is not there.
    const webhookEvent = stripeEvent("customer.created", { id: "cus_test" });
    expect((await call("post", "/payments/stripe/webhook", { body: webhookEvent })).status).toBe(404);

    // Every ticketing operation, every documented status (but 401, tested above for every operation).
    const ticketing = listOperations(document).filter(({ operation }) =>
      operation.tags.some((tag) => TICKETING_TAGS.includes(tag)),
    );
    expect(ticketing.length).toBe(13);
    const documented = ticketing.flatMap(({ operation }) =>
      Object.keys(operation.responses)
        .filter((status) => status !== "401")
        .map((status) => `${operation.operationId} ${status}`),
    );
    // The Stripe webhook's own answers come in the next test.
    const stripeOnly = ["receiveStripeWebhook 200", "receiveStripeWebhook 400"];
    expect(documented.filter((answer) => !answered.has(answer) && !stripeOnly.includes(answer))).toEqual([]);
  });

  describe("with payments through Stripe", () => {
    const WEBHOOK_SECRET = "whsec_openapi_test";
    let stripe: FakeStripe;
    let stripeApp: App;
    beforeAll(async () => {
      stripe = await startFakeStripe();
      const config = readConfig({
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_openapi",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      });
      const payments = createStripeProvider({
        secretKey: "sk_test_openapi",
        webhookSecret: WEBHOOK_SECRET,
        api: stripe.api,
      });
      stripeApp = createApp({
        db: seeded.handle.db,
        config,
        logger: createLogger({ mode: "test", logLevel: "silent" }),
        payments,
      });
    });
    afterAll(() => stripe?.close());

    function webhook(event: unknown, signature?: string) {
      const body = JSON.stringify(event);
      const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
      return call("post", "/payments/stripe/webhook", {
        app: stripeApp,
        body,
        headers: { "Stripe-Signature": header },
      });
    }

    it("describes the redirect to Stripe and the webhook that confirms the order as the API writes them", async () => {
      const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(seeded.handle.db, {
        ticketTypes: [{ name: "General admission", priceCents: 2500, quantity: 10 }],
      });
      const order = {
        eventId,
        items: [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }],
        buyer: { name: "Ada Lovelace", email: "ada@example.com" },
        payment: {},
      };
      const placed = (await call("post", "/orders", { app: stripeApp, body: order })).body;
      expect(placed).toMatchObject({ data: { status: "pending" }, payment: { outcome: "redirect" } });

      const session = [...stripe.sessions.values()].find((each) => each.client_reference_id === placed.data.id)!;
      const completed = stripeEvent("checkout.session.completed", stripe.completeSession(session.id));
      expect((await webhook(completed)).body).toEqual({ received: true });
      const confirmed = await call("get", "/orders/{id}", {
        app: stripeApp,
        path: { id: placed.data.id },
        token: placed.accessToken,
      });
      expect(confirmed.body.data).toMatchObject({ status: "confirmed", paymentProvider: "stripe" });

      expect((await webhook(stripeEvent("customer.created", { id: "cus_test" }))).status).toBe(200);
      const forged = await webhook(completed, "t=1,v1=0000");
      expect(forged.body.error.fields).toEqual({ "Stripe-Signature": "invalid" });
    });
  });

  it("refuses body fields the document does not have, as the handlers parse bodies", async () => {
    const somebody = await createTestSession(seeded.handle.db, seeded.config);
    // Staff operations refuse everyone else before reading the body: they are tried as staff.
    const staff = await createTestSession(seeded.handle.db, seeded.config);
    await makeStaff(seeded.handle.db, staff.userId);
    let checked = 0;
    for (const { path, method, operation } of listOperations(document)) {
      const body = operation.requestBody?.content["application/json"];
      if (!body || resolve(body.schema).additionalProperties !== false) continue;
      const response = await seeded.app.request(`${BASE}${exampleRequestPath(path, operation)}`, {
        method: method.toUpperCase(),
        headers: { "Content-Type": "application/json", ...bearer(path.startsWith("/staff/") ? staff : somebody) },
        body: JSON.stringify({ ...(body.example as object), surprise: 1 }),
      });
      const answer = await response.json();
      expect(response.status, `${method} ${path} ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.error.fields, `${method} ${path}`).toHaveProperty("surprise");
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it("describes every check-in outcome the service gives", () => {
    const result = resolve({ $ref: "#/components/schemas/CheckInResult" }) as { oneOf: JsonSchema[] };
    const outcomes = result.oneOf.flatMap((option) => {
      const outcome = (option.properties as Record<string, JsonSchema>).outcome!;
      return (outcome.enum as string[] | undefined) ?? [outcome.const as string];
    });
    expect(outcomes.sort()).toEqual([...CHECK_IN_OUTCOMES].sort());
  });
});
