import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, type EventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Issue 16 point 7: a draft event is nobody's business but its organizers'. To a stranger every API
 * address of a draft answers exactly as for an event that does not exist (no 403 that says "there is
 * one, but not for you"); its organizer and co-organizers still reach it.
 */
const config = readConfig({ NODE_ENV: "test" });
/** No event has this id: the answer a draft must not be told apart from. */
const MISSING_ID = 987_654;

let handle: DatabaseHandle;
let app: App;
let organizer: TestSession;
let coOrganizer: TestSession;
let stranger: TestSession;
let draft: EventWithTicketTypes;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger({ mode: "test", logLevel: "silent" }) });
  [organizer, coOrganizer, stranger] = await Promise.all([
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
  ]);
  draft = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    status: "draft",
    ticketTypes: [{ name: "General", priceCents: 1500, quantity: 20 }],
  });
  await handle.db.insert(eventCoOrganizers).values({ eventId: draft.eventId, userId: coOrganizer.userId });
});
afterAll(() => handle?.close());

/** The API addresses that name an event, for the event `id`. */
function requestsFor(id: number) {
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return [
    { path: `/api/v1/events/${id}` },
    { path: `/api/v1/events/${id}/check-ins` },
    { path: `/api/v1/events/${id}/check-ins`, init: json({ code: "ABCD-EFGH-JKMN-PQRS-TVWX" }) },
    { path: `/api/v1/my/events/${id}` },
    {
      path: "/api/v1/orders",
      init: json({
        eventId: id,
        items: [{ ticketTypeId: draft.ticketTypeIds[0]!, quantity: 1 }],
        buyer: { name: "Sam Stranger", email: "sam@example.com" },
      }),
    },
  ];
}

async function answer(path: string, init: RequestInit | undefined, person: TestSession | null) {
  const headers = new Headers(init?.headers);
  if (person) headers.set("Authorization", `Bearer ${person.session.access_token}`);
  const response = await app.request(path, { ...init, headers });
  const text = await response.text();
  // The request id differs from one request to the next; the event's id is in the path.
  const body = text
    .replace(/"requestId":"[^"]*"/, "")
    .replace(new RegExp(`\\b(${draft.eventId}|${MISSING_ID})\\b`, "g"), "<id>");
  return { status: response.status, body };
}

describe(`a draft event on the ${testDatabaseKind()} database`, () => {
  it("answers a visitor and a stranger exactly as an event that does not exist", async () => {
    const drafts = requestsFor(draft.eventId);
    const missing = requestsFor(MISSING_ID);
    for (const person of [null, stranger]) {
      for (const [index, { path, init }] of drafts.entries()) {
        const asked = await answer(path, init, person);
        const absent = await answer(missing[index]!.path, missing[index]!.init, person);
        expect(asked, `${init?.method ?? "GET"} ${path} as ${person ? "a stranger" : "a visitor"}`).toEqual(absent);
        expect([401, 404]).toContain(asked.status);
      }
    }
  });

  it("is still there for its organizer and co-organizers", async () => {
    for (const person of [organizer, coOrganizer]) {
      expect((await answer(`/api/v1/my/events/${draft.eventId}`, undefined, person)).status).toBe(200);
      expect((await answer(`/api/v1/events/${draft.eventId}/check-ins`, undefined, person)).status).toBe(200);
    }
  });
});
