import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { idempotencyKeys, orders } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { getOrderDetail } from "#server/services/orders";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Issue 17 point 3: an Idempotency-Key is claimed before the order runs and answered after it, in
 * transactions of their own. A claim left without an answer (its process died) must not keep the key
 * from a retry for ever.
 */
const ORDERS_SCOPE = "POST /api/v1/orders guest";
const logger = createLogger({ mode: "test", logLevel: "silent" });

let handle: DatabaseHandle;
let app: App;
/** The same site with a payment provider that cannot be reached. */
let unreachable: App;

beforeAll(async () => {
  handle = await openTestDatabase();
  const config = readConfig({ NODE_ENV: "test" });
  app = createApp({ db: handle.db, config, logger });
  const down: PaymentProvider = Object.assign(Object.create(createSandboxProvider()) as PaymentProvider, {
    startPayment: () => Promise.reject(new Error("connect ECONNREFUSED")),
  });
  unreachable = createApp({ db: handle.db, config, logger, payments: down });
});
afterAll(async () => {
  await handle?.close();
});

async function freeOrder(key: string) {
  const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
  });
  return app.request("/api/v1/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify({
      eventId,
      items: [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }],
      buyer: { name: "Ada Buyer", email: "ada@example.com" },
    }),
  });
}

/** Sends `on` an order of a $20 ticket paid at once; the same key and body every time. */
function paidOrderSender(eventId: number, ticketTypeId: number) {
  const key = randomUUID();
  const body = JSON.stringify({
    eventId,
    items: [{ ticketTypeId, quantity: 1 }],
    buyer: { name: "Ada Buyer", email: "ada@example.com" },
    payment: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" } },
  });
  return {
    key,
    send: (on: App) =>
      on.request("/api/v1/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key },
        body,
      }),
  };
}

async function paidTicketType() {
  const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "General", priceCents: 2000, quantity: 5 }],
  });
  return { eventId, ticketTypeId: ticketTypeIds[0]! };
}

/** A claim of `key` that no request answered, held until `claimedUntil` (as a running request leaves it). */
async function unansweredClaim(key: string, claimedUntil: Date) {
  await handle.db.insert(idempotencyKeys).values({
    scope: ORDERS_SCOPE,
    key,
    requestHash: "elsewhere",
    responseBody: { claimedUntil: claimedUntil.toISOString() },
    expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
  });
}

describe(`Idempotency-Key claims, on the ${testDatabaseKind()} database`, () => {
  it("runs a retry afresh once the claim of a request that never answered has lapsed", async () => {
    const key = randomUUID();
    await unansweredClaim(key, new Date(Date.now() - 1_000));

    const retry = await freeOrder(key);

    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect((await retry.json()).data.status).toBe("confirmed");
    const replay = await freeOrder(key);
    expect(replay.status).toBe(422);
  });

  it("refuses at once a key held by a running request with another body", async () => {
    const key = randomUUID();
    await unansweredClaim(key, new Date(Date.now() + 60_000));

    const startedAt = Date.now();
    const reused = await freeOrder(key);

    expect(reused.status).toBe(422);
    expect((await reused.json()).error.fields).toEqual({ "Idempotency-Key": "reused_with_different_body" });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it("answers a retry with the placed order when the provider could not be reached, instead of a second order", async () => {
    const { eventId, ticketTypeId } = await paidTicketType();
    const order = paidOrderSender(eventId, ticketTypeId);

    const failed = await order.send(unreachable);
    expect(failed.status).toBe(500);
    const retry = await order.send(app);

    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const { data, accessToken } = await retry.json();
    expect(data.status).toBe("pending");
    expect(typeof accessToken).toBe("string");
    expect((await getOrderDetail(handle.db, data.id))!.status).toBe("pending");
    const placed = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.eventId, eventId));
    expect(placed).toEqual([{ id: data.id }]);
  });

  it("answers with the placed order once the claim of a process that died while paying has lapsed", async () => {
    const { eventId, ticketTypeId } = await paidTicketType();
    const order = paidOrderSender(eventId, ticketTypeId);
    const first = await order.send(app);
    expect(first.status).toBe(201);
    const { data, accessToken } = await first.json();
    // As a process leaves the key when it dies during the payment: claimed, holding the order as placed.
    await handle.db
      .update(idempotencyKeys)
      .set({
        statusCode: null,
        responseBody: {
          claimedUntil: new Date(Date.now() - 1_000).toISOString(),
          interim: { status: 201, body: { data: { id: data.id, status: "pending" }, accessToken } },
        },
      })
      .where(and(eq(idempotencyKeys.scope, ORDERS_SCOPE), eq(idempotencyKeys.key, order.key)));

    const retry = await order.send(app);

    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual({ data: { id: data.id, status: "pending" }, accessToken });
  });
});
