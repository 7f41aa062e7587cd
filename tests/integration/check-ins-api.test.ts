import { beforeAll, describe, expect, it } from "vitest";
import { formatTicketCode } from "#domain/ticket-code";
import { eventCoOrganizers } from "#server/db/schema";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { insertOrderWithTickets, voidOrder } from "#tests/support/issued-tickets";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, type EventWithTicketTypes } from "#tests/support/ticket-factories";

const seeded = setUpSeededApp();
let organizer: TestSession;
let coOrganizer: TestSession;
let stranger: TestSession;
let buyer: TestSession;
let event: EventWithTicketTypes;
let codes: string[];

beforeAll(async () => {
  const db = seeded.handle.db;
  organizer = await createTestSession(db, seeded.config, { data: { full_name: "Mekdes Alemu" } });
  coOrganizer = await createTestSession(db, seeded.config);
  stranger = await createTestSession(db, seeded.config);
  buyer = await createTestSession(db, seeded.config);
  event = await insertEventWithTicketTypes(db, {
    organizerId: organizer.userId,
    ticketTypes: [{ name: "General Admission", priceCents: 20_00, quantity: 100 }],
  });
  await db.insert(eventCoOrganizers).values({ eventId: event.eventId, userId: coOrganizer.userId });
  ({ codes } = await insertOrderWithTickets(db, event, {
    count: 4,
    buyerName: "Liya Haile",
    buyerEmail: buyer.email,
    userId: buyer.userId,
  }));
});

const path = (eventId: number | string = event.eventId) => `/api/v1/events/${eventId}/check-ins`;

function as(person: TestSession | null, init: RequestInit = {}): RequestInit {
  if (!person) return init;
  return { ...init, headers: { ...init.headers, Authorization: `Bearer ${person.session.access_token}` } };
}

function checkIn(person: TestSession | null, body: unknown, eventId?: number | string) {
  return seeded.app.request(
    path(eventId),
    as(person, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    }),
  );
}

describe(`POST /api/v1/events/{id}/check-ins on the ${testDatabaseKind()} database`, () => {
  it("admits a ticket once (200 checked_in), then answers 200 already_checked_in with when and by whom", async () => {
    const first = await checkIn(organizer, { code: formatTicketCode(codes[0]!) });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const firstBody = await first.json();
    expect(firstBody).toEqual({
      data: {
        outcome: "checked_in",
        ticket: { code: codes[0], ticketTypeName: "General Admission", buyerName: "Liya Haile" },
        checkedInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        counts: { checkedIn: 1, sold: 4 },
      },
    });

    const second = await checkIn(coOrganizer, { code: codes[0]!.toLowerCase() });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({
      data: {
        outcome: "already_checked_in",
        ticket: firstBody.data.ticket,
        checkedInAt: firstBody.data.checkedInAt,
        checkedInBy: { userId: organizer.userId, name: "Mekdes Alemu" },
        counts: { checkedIn: 1, sold: 4 },
      },
    });
  });

  it("answers 200 with the outcome for void, unknown and malformed codes", async () => {
    const refunded = await insertOrderWithTickets(seeded.handle.db, event);
    await voidOrder(seeded.handle.db, refunded.orderId, "refunded");
    const answers = await Promise.all(
      [refunded.codes[0]!, "0000000000000000000Z", "not a ticket"].map(async (code) => {
        const response = await checkIn(organizer, { code });
        expect(response.status, code).toBe(200);
        return (await response.json()).data;
      }),
    );
    expect(answers.map((answer) => answer.outcome)).toEqual(["void", "not_found", "invalid_code"]);
    expect(answers[0]).toMatchObject({ voidReason: "refunded", ticket: { ticketTypeName: "General Admission" } });
    expect(answers[1]).not.toHaveProperty("ticket");
  });

  it("answers 400 in the error shape for a body that is not {code: string}", async () => {
    for (const body of ["not json", "[]", "{}", '{"code": 42}', JSON.stringify({ code: "x".repeat(513) })]) {
      const response = await checkIn(organizer, body);
      expect(response.status, body).toBe(400);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect((await response.json()).error).toMatchObject({ code: "invalid", requestId: expect.any(String) });
    }
  });

  it("answers 401 to a signed-out caller, and 404 to a stranger or a buyer as for an unknown event", async () => {
    const signedOut = await checkIn(null, { code: codes[1]! });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error).toMatchObject({ code: "unauthenticated", message: "Must be logged in" });
    for (const person of [stranger, buyer]) {
      const refused = await checkIn(person, { code: codes[1]! });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("cache-control")).toBe("private, no-store");
      expect((await refused.json()).error.code).toBe("not_found");
    }
    for (const eventId of [999_999, "abc", "-1"]) {
      const missing = await checkIn(organizer, { code: codes[1]! }, eventId);
      expect(missing.status, String(eventId)).toBe(404);
    }
    // Nothing of this was admitted.
    const counts = await seeded.app.request(path(), as(organizer));
    expect((await counts.json()).data.counts).toEqual({ checkedIn: 1, sold: 4 });
  });
});

describe(`GET /api/v1/events/{id}/check-ins on the ${testDatabaseKind()} database`, () => {
  it("gives the counts to the organizer and co-organizers, privately", async () => {
    for (const person of [organizer, coOrganizer]) {
      const response = await seeded.app.request(path(), as(person));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(await response.json()).toEqual({ data: { counts: { checkedIn: 1, sold: 4 } } });
    }
  });

  it("refuses everyone else: 401 signed out, 404 a stranger or a buyer as for no such event", async () => {
    expect((await seeded.app.request(path())).status).toBe(401);
    expect((await seeded.app.request(path(), as(stranger))).status).toBe(404);
    expect((await seeded.app.request(path(), as(buyer))).status).toBe(404);
    expect((await seeded.app.request(path(999_999), as(organizer))).status).toBe(404);
  });

  it("leaves the public event routes as they were", async () => {
    const response = await seeded.app.request(`/api/v1/events/${event.eventId}`);
    expect(response.status).toBe(200);
    expect((await response.json()).data.id).toBe(event.eventId);
  });
});
