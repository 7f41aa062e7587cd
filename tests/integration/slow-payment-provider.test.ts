import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { getOrderDetail } from "#server/services/orders";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Issue 17 point 3: no database transaction stays open while the site waits on the payment provider.
 * Buyer A's charge takes 2 s at the provider; meanwhile buyer B buys a ticket of the same type and is
 * done before A's provider answers. Both send an Idempotency-Key, as API clients are told to. On the
 * embedded database (one connection) a transaction held across A's charge would stop everyone; on
 * PostgreSQL it would hold the ticket type's row that B's order has to update.
 */
const SLOW_CHARGE_MS = 2_000;
const SLOW_BUYER = "slow-bank@example.com";
const CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
const logger = createLogger({ mode: "test", logLevel: "silent" });

let handle: DatabaseHandle;
let app: App;
/** When the provider answered the slow buyer's charge. */
let slowChargeAnsweredAt: number | null = null;
/** How many of the slow buyer's charges reached the provider. */
let slowCharges = 0;

/** The sandbox, except that the slow buyer's charges take 2 s (a provider having a bad day). */
function slowForOneBuyer(provider: PaymentProvider): PaymentProvider {
  return Object.assign(Object.create(provider) as PaymentProvider, {
    startPayment: async (input: Parameters<PaymentProvider["startPayment"]>[0]) => {
      if (input.buyerEmail !== SLOW_BUYER) return provider.startPayment(input);
      slowCharges += 1;
      await sleep(SLOW_CHARGE_MS);
      const outcome = await provider.startPayment(input);
      slowChargeAnsweredAt = Date.now();
      return outcome;
    },
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const payments = slowForOneBuyer(createSandboxProvider());
  app = createApp({ db: handle.db, config: readConfig({ NODE_ENV: "test" }), logger, payments });
});
afterAll(async () => {
  await handle?.close();
});

function post(path: string, body: object, headers: Record<string, string> = {}, key: string = crypto.randomUUID()) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key, ...headers },
    body: JSON.stringify(body),
  });
}

/** Places (and with `card`, pays in the same request) an order of one ticket of the type. */
function order(eventId: number, ticketTypeId: number, email: string, payment?: object, key?: string) {
  return post(
    "/api/v1/orders",
    {
      eventId,
      items: [{ ticketTypeId, quantity: 1 }],
      buyer: { name: "A Buyer", email },
      ...(payment ? { payment } : {}),
    },
    {},
    key,
  );
}

/** A ticket type with two tickets left: one for each buyer. */
async function twoTicketsLeft() {
  const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "General admission", priceCents: 2500, quantity: 2 }],
  });
  return { eventId, ticketTypeId: ticketTypeIds[0]! };
}

/**
 * Buyer B places and pays an order of the type while `slow` (buyer A's request) waits on the provider;
 * answers when B was done, checking B got a confirmed ticket.
 */
async function buyerBBuysMeanwhile(eventId: number, ticketTypeId: number): Promise<number> {
  // A's request has reached the provider by now (it placed its order well within this time).
  await sleep(SLOW_CHARGE_MS / 4);
  expect(slowChargeAnsweredAt).toBeNull();
  const response = await order(eventId, ticketTypeId, "quick-bank@example.com", { card: CARD });
  const doneAt = Date.now();
  expect(response.status).toBe(201);
  const body = await response.json();
  expect(body.payment).toEqual({ outcome: "paid" });
  expect(body.data.status).toBe("confirmed");
  return doneAt;
}

describe(`A slow payment provider holds up no other buyer, on the ${testDatabaseKind()} database`, () => {
  it("another buyer of the same ticket type orders and pays while an order placed and paid at once waits", async () => {
    slowChargeAnsweredAt = null;
    const { eventId, ticketTypeId } = await twoTicketsLeft();

    const [slow, quickDoneAt] = await Promise.all([
      order(eventId, ticketTypeId, SLOW_BUYER, { card: CARD }),
      buyerBBuysMeanwhile(eventId, ticketTypeId),
    ]);

    expect(slowChargeAnsweredAt).not.toBeNull();
    expect(quickDoneAt).toBeLessThan(slowChargeAnsweredAt!);
    expect(slow.status).toBe(201);
    const slowBody = await slow.json();
    expect(slowBody.payment).toEqual({ outcome: "paid" });
    expect((await getOrderDetail(handle.db, slowBody.data.id))!.status).toBe("confirmed");
    // Both tickets are sold, and no third one: the type is sold out.
    const third = await order(eventId, ticketTypeId, "late@example.com");
    expect(third.status).toBe(409);
  });

  it("another buyer of the same ticket type orders and pays while the payment of a pending order waits", async () => {
    slowChargeAnsweredAt = null;
    const { eventId, ticketTypeId } = await twoTicketsLeft();
    const placed = await order(eventId, ticketTypeId, SLOW_BUYER);
    expect(placed.status).toBe(201);
    const { data, accessToken } = await placed.json();

    const [slow, quickDoneAt] = await Promise.all([
      post(`/api/v1/orders/${data.id}/payment`, { card: CARD }, { "X-Order-Token": accessToken }),
      buyerBBuysMeanwhile(eventId, ticketTypeId),
    ]);

    expect(slowChargeAnsweredAt).not.toBeNull();
    expect(quickDoneAt).toBeLessThan(slowChargeAnsweredAt!);
    expect(slow.status).toBe(200);
    expect((await slow.json()).data.status).toBe("confirmed");
  });

  it("answers a retry sent with the same key while the slow charge waits with the same order, charged once", async () => {
    slowChargeAnsweredAt = null;
    slowCharges = 0;
    const { eventId, ticketTypeId } = await twoTicketsLeft();
    const key = crypto.randomUUID();
    const first = order(eventId, ticketTypeId, SLOW_BUYER, { card: CARD }, key);
    await sleep(SLOW_CHARGE_MS / 4);
    const retry = await order(eventId, ticketTypeId, SLOW_BUYER, { card: CARD }, key);

    expect(slowChargeAnsweredAt).not.toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const answered = await first;
    expect(answered.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await answered.json();
    expect(await retry.json()).toEqual(firstBody);
    expect(firstBody.data.status).toBe("confirmed");
    expect(slowCharges).toBe(1);
  });
});
