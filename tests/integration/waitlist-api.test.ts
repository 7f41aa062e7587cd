import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as waitlistPage from "#app/routes/waitlist";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { confirmWaitlistEntry } from "#server/services/waitlist";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { waitlistConfirmationToken } from "#tests/support/waitlist-confirmation";

/** The waitlist through the API (/api/v1) and through its web route (/waitlist), as clients call them. */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
let handle: DatabaseHandle;
let app: App;
let ada: TestSession;
let stranger: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  ada = await createTestSession(handle.db, config);
  stranger = await createTestSession(handle.db, config);
});
afterAll(() => handle?.close());

async function soldOutType(quantity = 1, sold = quantity) {
  const made = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "General", priceCents: 15_00, quantity, sold }],
  });
  return { eventId: made.eventId, ticketTypeId: made.ticketTypeIds[0]! };
}

let clientNumber = 0;
function request(path: string, init: RequestInit & { as?: TestSession } = {}) {
  clientNumber += 1;
  const { as: person, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (person) headers.set("Authorization", `Bearer ${person.session.access_token}`);
  if (rest.body) headers.set("Content-Type", "application/json");
  // A client address of its own per request: the per-client limit is tested in the service's tests.
  return app.request(
    `/api/v1${path}`,
    { ...rest, headers },
    { incoming: { socket: { remoteAddress: `192.0.2.${clientNumber}` } } },
  );
}

function join(ticketTypeId: number | string, body: unknown, as?: TestSession) {
  return request(`/ticket-types/${ticketTypeId}/waitlist`, { method: "POST", body: JSON.stringify(body), as });
}

describe(`the waitlist API on the ${testDatabaseKind()} database`, () => {
  it("joins a sold-out ticket type's line without an account: 201 with the place, never cached", async () => {
    const type = await soldOutType();
    const response = await join(type.ticketTypeId, { name: "Hana", email: "Hana@Example.com" });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      eventId: type.eventId,
      ticketTypeId: type.ticketTypeId,
      name: "Hana",
      email: "hana@example.com",
      status: "waiting",
      // Not in line before the address is confirmed from the e-mail sent to it.
      position: null,
      offerOrderId: null,
      offeredAt: null,
      confirmed: false,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(
      await confirmWaitlistEntry(handle.db, await waitlistConfirmationToken(handle.db, "hana@example.com"), new Date()),
    ).toBe("done");
    // Signed in with one's own confirmed address, the place is in line at once.
    const second = await (await join(type.ticketTypeId, { name: "Ada", email: ada.email }, ada)).json();
    expect(second.data).toMatchObject({ position: 2, confirmed: true });
  });

  it("refuses a second place for one address, a type with tickets left, and unknown types", async () => {
    const type = await soldOutType();
    await join(type.ticketTypeId, { name: "Hana", email: "hanna@example.com" });
    expect(
      await confirmWaitlistEntry(
        handle.db,
        await waitlistConfirmationToken(handle.db, "hanna@example.com"),
        new Date(),
      ),
    ).toBe("done");
    const duplicate = await join(type.ticketTypeId, { name: "Hana", email: "HANNA@example.com" });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error).toMatchObject({ code: "conflict", fields: { email: "already_waiting" } });

    const open = await soldOutType(5, 2);
    const available = await join(open.ticketTypeId, { name: "Hana", email: "hana-open@example.com" });
    expect(available.status).toBe(409);
    expect((await available.json()).error.fields).toEqual({ ticketTypeId: "tickets_available" });

    for (const id of [2_000_000_000, "abc", "-1"]) {
      expect((await join(id, { name: "Hana", email: `hana-${id}@example.com` })).status, String(id)).toBe(404);
    }
  });

  it("answers 400 with the field to bad bodies", async () => {
    const type = await soldOutType();
    const cases: [unknown, Record<string, string>][] = [
      [{ name: "Hana", email: "not-an-address" }, { email: "email_invalid" }],
      [{ name: " ", email: "hana@example.com" }, { name: "name_required" }],
      [{ name: "Hana", email: "hana@example.com", admin: true }, { admin: expect.any(String) }],
      [{ name: "Hana", email: "hana@example.com", language: "xx" }, { language: expect.any(String) }],
    ];
    for (const [body, fields] of cases) {
      const response = await join(type.ticketTypeId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.fields).toEqual(fields);
    }
    const notJson = await request(`/ticket-types/${type.ticketTypeId}/waitlist`, { method: "POST", body: "{" });
    expect(notJson.status).toBe(400);
  });

  it("lets only the signed-in owner list and leave a place", async () => {
    const type = await soldOutType();
    // Joined as a guest with Ada's confirmed address: hers once she signs in.
    const { data: place } = await (await join(type.ticketTypeId, { name: "Ada", email: ada.email })).json();

    expect((await request(`/waitlist/${place.id}`, { method: "DELETE" })).status).toBe(401);
    expect((await request("/waitlist")).status).toBe(401);
    expect((await request(`/waitlist/${place.id}`, { method: "DELETE", as: stranger })).status).toBe(404);
    expect((await (await request("/waitlist", { as: stranger })).json()).data).toEqual([]);

    const mine = await (await request("/waitlist", { as: ada })).json();
    expect(mine.data.map((entry: { id: number }) => entry.id)).toContain(place.id);
    const left = await request(`/waitlist/${place.id}`, { method: "DELETE", as: ada });
    expect(left.status).toBe(200);
    expect((await left.json()).data).toMatchObject({ id: place.id, status: "left", position: null });
    expect((await request(`/waitlist/${place.id}`, { method: "DELETE", as: ada })).status).toBe(404);
    expect((await request("/waitlist/abc", { method: "DELETE", as: ada })).status).toBe(404);
  });
});

function viewerOf(person: TestSession): Viewer {
  return {
    userId: person.userId,
    email: person.email,
    name: "Ada",
    profileImage: null,
    isStaff: false,
    sessionId: randomUUID(),
  };
}

function context(viewer: Viewer | null): AppLoadContext {
  clientNumber += 1;
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: `198.51.100.${clientNumber}`,
    payments: createSandboxProvider(),
  };
}

function postForm(viewer: Viewer | null, fields: Record<string, string>) {
  const request = new Request(`${SITE}/waitlist`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body: new URLSearchParams(fields),
  });
  return waitlistPage.action({ request, params: {}, context: context(viewer) } as never);
}

function loadPage(viewer: Viewer | null, query = "") {
  const request = new Request(`${SITE}/waitlist${query}`);
  return waitlistPage.loader({ request, params: {}, context: context(viewer) } as never);
}

async function settle(promise: Promise<unknown>) {
  const result = await promise.catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const init = (result as { init?: ResponseInit | null }).init ?? {};
  return { status: init.status ?? 200, data: (result as { data: unknown }).data, headers: new Headers(init.headers) };
}

describe(`the /waitlist web route on the ${testDatabaseKind()} database`, () => {
  it("joins from the event page's form and goes back to its tickets with a notice", async () => {
    const type = await soldOutType();
    const fields = {
      eventId: String(type.eventId),
      ticketTypeId: String(type.ticketTypeId),
      name: "Hana",
      email: "hana-web@example.com",
    };
    const joined = await settle(postForm(null, fields));
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe(`/events/${type.eventId}#tickets`);
    // A guest is asked to confirm the address first.
    expect(joined.headers.get("set-cookie")).toMatch(/^flash=waitlistConfirmSent\./);
    const confirmed = await settle(
      postForm(null, { intent: "confirm", token: await waitlistConfirmationToken(handle.db, "hana-web@example.com") }),
    );
    expect(confirmed).toMatchObject({ status: 200, data: { confirmOutcome: "done" } });
    const usedAgain = await settle(postForm(null, { intent: "confirm", token: "x".repeat(43) }));
    expect(usedAgain).toMatchObject({ status: 400, data: { confirmOutcome: "invalid" } });

    const again = await settle(postForm(null, fields));
    expect(again).toMatchObject({
      status: 409,
      data: {
        problem: "already_waiting",
        values: { name: "Hana", email: "hana-web@example.com" },
        eventId: type.eventId,
      },
    });
    const badAddress = await settle(postForm(null, { ...fields, email: "hana" }));
    expect(badAddress).toMatchObject({ status: 400, data: { problem: "email_invalid" } });
    const badType = await settle(postForm(null, { ...fields, ticketTypeId: "x" }));
    expect(badType).toMatchObject({ status: 400, data: { problem: "not_found" } });
  });

  it("lists a signed-in person's places, and confirms before leaving one", async () => {
    const type = await soldOutType();
    const { data: place } = await (await join(type.ticketTypeId, { name: "Ada", email: ada.email })).json();

    expect((await settle(loadPage(null))).data).toMatchObject({ entries: null });
    const visitorLeaving = await settle(loadPage(null, `?leave=${place.id}`));
    expect(visitorLeaving.status).toBe(302);
    expect(visitorLeaving.headers.get("location")).toMatch(/^\/signin\?next=/);

    const asking = await settle(loadPage(viewerOf(ada), `?leave=${place.id}`));
    expect(asking.data).toMatchObject({ leaving: place.id, leaveNotFound: false });
    const notTheirs = await settle(loadPage(viewerOf(stranger), `?leave=${place.id}`));
    expect(notTheirs.data).toMatchObject({ leaving: null, leaveNotFound: true });
    expect(await settle(postForm(viewerOf(stranger), { intent: "leave", entryId: String(place.id) }))).toMatchObject({
      status: 404,
    });

    const left = await settle(postForm(viewerOf(ada), { intent: "leave", entryId: String(place.id) }));
    expect(left.status).toBe(302);
    expect(left.headers.get("location")).toBe("/waitlist");
    expect(left.headers.get("set-cookie")).toMatch(/^flash=waitlistLeft\./);
  });
});
