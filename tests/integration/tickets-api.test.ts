import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, users } from "#server/db/schema";
import { listMyTickets } from "#server/services/my-tickets";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { insertOrderWithTickets, voidOrder } from "#tests/support/issued-tickets";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { testDatabaseKind } from "#tests/support/test-database";

const seeded = setUpSeededApp();
const DAY_MS = 24 * 60 * 60_000;
let ada: TestSession;
let ben: TestSession;

beforeAll(async () => {
  ada = await createTestSession(seeded.handle.db, seeded.config);
  ben = await createTestSession(seeded.handle.db, seeded.config);
});

function as(person: TestSession): RequestInit {
  return { headers: { Authorization: `Bearer ${person.session.access_token}` } };
}

function lookup(body: string, headers: Record<string, string> = {}) {
  return seeded.app.request("/api/v1/ticket-lookup", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

describe(`GET /api/v1/me/tickets and My Tickets on the ${testDatabaseKind()} database`, () => {
  it("lists the tickets of orders placed signed in or with the confirmed account address, upcoming then past", async () => {
    const { db } = seeded.handle;
    const soon = await insertEventWithTicketTypes(db, {
      title: "Soon",
      startsAt: new Date(Date.now() + 2 * DAY_MS),
      ticketTypes: [{ name: "Seat", priceCents: 0, quantity: 10 }],
    });
    const later = await insertEventWithTicketTypes(db, {
      title: "Later",
      startsAt: new Date(Date.now() + 9 * DAY_MS),
      ticketTypes: [{ name: "Standing", priceCents: 0, quantity: 10 }],
    });
    const over = await insertEventWithTicketTypes(db, {
      title: "Over",
      startsAt: new Date(Date.now() - 9 * DAY_MS),
      ticketTypes: [{ name: "Seat", priceCents: 0, quantity: 10 }],
    });
    // Signed in with another address; as a guest with Ada's address (upper case); and a past one.
    const placed = await insertOrderWithTickets(db, later, {
      userId: ada.userId,
      buyerEmail: "other@example.com",
      count: 2,
    });
    const guest = await insertOrderWithTickets(db, soon, { buyerEmail: ada.email.toUpperCase() });
    const past = await insertOrderWithTickets(db, over, { buyerEmail: ada.email });
    const cancelled = await insertOrderWithTickets(db, soon, { userId: ada.userId });
    await voidOrder(db, cancelled.orderId, "cancelled");
    await insertOrderWithTickets(db, soon, { buyerEmail: ben.email });

    const response = await seeded.app.request("/api/v1/me/tickets", as(ada));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { data } = (await response.json()) as { data: Record<string, unknown>[] };
    expect(data.map((ticket) => [ticket.code, (ticket.event as { title: string }).title, ticket.isUpcoming])).toEqual([
      [guest.codes[0], "Soon", true],
      ...[...placed.codes].sort().map((code) => [code, "Later", true]),
      [past.codes[0], "Over", false],
    ]);
    expect(data[0]).toEqual({
      code: guest.codes[0],
      formattedCode: guest.codes[0]!.replace(/(.{5})(?!$)/g, "$1-"),
      status: "valid",
      checkedInAt: null,
      ticketTypeName: "Seat",
      isUpcoming: true,
      order: { id: guest.orderId },
      event: {
        id: soon.eventId,
        title: "Soon",
        startsAt: expect.any(String),
        endsAt: expect.any(String),
        timeZone: "America/New_York",
        venueName: "Test Hall",
      },
    });

    // Ben sees only his own.
    const bens = (await (await seeded.app.request("/api/v1/me/tickets", as(ben))).json()) as { data: unknown[] };
    expect(bens.data).toHaveLength(1);
    const mine = await listMyTickets(db, { userId: ada.userId }, new Date());
    expect(mine.past.map((order) => order.id)).toEqual([past.orderId]);
  });

  it("does not count a guest order as someone's while their address is unconfirmed", async () => {
    const { db } = seeded.handle;
    const event = await insertEventWithTicketTypes(db, { ticketTypes: [{ name: "Seat", priceCents: 0, quantity: 5 }] });
    const carl = await createTestSession(db, seeded.config);
    await insertOrderWithTickets(db, event, { buyerEmail: carl.email });
    await db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, carl.userId));
    expect(await listMyTickets(db, { userId: carl.userId }, new Date())).toEqual({ upcoming: [], past: [] });
  });

  it("answers 401 without a session", async () => {
    const response = await seeded.app.request("/api/v1/me/tickets");
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthenticated");
  });
});

describe(`POST /api/v1/ticket-lookup on the ${testDatabaseKind()} database`, () => {
  it("answers 202 with the same body for a known address, an unknown one, and one over its limit", async () => {
    const { db } = seeded.handle;
    const event = await insertEventWithTicketTypes(db, { ticketTypes: [{ name: "Seat", priceCents: 0, quantity: 5 }] });
    await insertOrderWithTickets(db, event, { buyerEmail: "known.api@example.com" });
    const answers: { status: number; body: string; cache: string | null }[] = [];
    for (const email of [
      "known.api@example.com",
      "unknown.api@example.com",
      ...Array(4).fill("known.api@example.com"),
    ]) {
      const response = await lookup(JSON.stringify({ email }), { "Accept-Language": "fr-FR,fr;q=0.9" });
      answers.push({
        status: response.status,
        body: await response.text(),
        cache: response.headers.get("cache-control"),
      });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(202);
    expect(answers[0]!.cache).toBe("no-store");
    expect(JSON.parse(answers[0]!.body)).toEqual({
      data: { status: "accepted", message: expect.stringContaining("If this address has orders") },
    });
    const queued = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, "send_ticket_lookup"));
    // Three for the known address (its limit), one for the unknown; the e-mail in the asker's language.
    expect(queued.filter((job) => job.payload.email === "known.api@example.com")).toHaveLength(3);
    expect(queued.find((job) => job.payload.email === "unknown.api@example.com")?.payload.language).toBe("fr");
  });

  it("answers 400 in the one error shape for a body that is not an address", async () => {
    for (const body of ["not json", "{}", '{"email":"nope"}', '{"email":["a@b.c"]}']) {
      const response = await lookup(body);
      expect(response.status, body).toBe(400);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: "invalid", fields: { email: "email_invalid" } });
    }
  });
});
