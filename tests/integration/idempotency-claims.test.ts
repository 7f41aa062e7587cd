import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { idempotencyKeys } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
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

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config: readConfig({ NODE_ENV: "test" }), logger });
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

/** A claim of `key` that no request answered, held until `expiresAt`. */
async function unansweredClaim(key: string, expiresAt: Date) {
  await handle.db.insert(idempotencyKeys).values({ scope: ORDERS_SCOPE, key, requestHash: "elsewhere", expiresAt });
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
});
