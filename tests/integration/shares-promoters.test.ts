import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import {
  eventCoOrganizers,
  jobs,
  notifications,
  orderAttributions,
  orders,
  promoterClicks,
  shareVisits,
} from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { AWARD_BADGES_JOB } from "#server/services/badge-triggers";
import { SEND_PROMOTER_INVITATION_JOB } from "#server/services/email-jobs";
import * as eventPromotersCsv from "#app/routes/event-promoters-csv";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { expectDocumented } from "#tests/support/openapi-answers";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

const BASE = "/api/v1";
const DAY = 24 * 60 * 60 * 1000;
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const config = readConfig({ NODE_ENV: "test" });

let handle: DatabaseHandle;
let app: App;
let document: OpenApiDocument;
let organizer: TestSession;
let coOrganizer: TestSession;
let sharer: TestSession;
let promoter: TestSession;
let invitee: TestSession;
let stranger: TestSession;
let eventId: number;
let ticketTypeId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  // A stand-in for the page renderer: the share and promoter links are counted before it.
  const renderPage = async () => new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
  app = createApp({ db: handle.db, config, logger: createLogger(config), renderPage });
  document = await (await app.request(`${BASE}/openapi.json`)).json();
  const people = await Promise.all(Array.from({ length: 6 }, () => createTestSession(handle.db, config)));
  [organizer, coOrganizer, sharer, promoter, invitee, stranger] = people as [
    TestSession,
    TestSession,
    TestSession,
    TestSession,
    TestSession,
    TestSession,
  ];
  const made = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    startsAt: new Date(Date.now() + 30 * DAY),
    ticketTypes: [{ name: "General", priceCents: 25_00, quantity: 100 }],
  });
  eventId = made.eventId;
  ticketTypeId = made.ticketTypeIds[0]!;
  await handle.db.insert(eventCoOrganizers).values({ eventId, userId: coOrganizer.userId });
});
afterAll(() => handle?.close());

async function call(method: string, path: string, init: { as?: TestSession; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.as) headers.Authorization = `Bearer ${init.as.session.access_token}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.cookie) headers.Cookie = init.cookie;
  return app.request(`${BASE}${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** A visit to a page as a browser makes it: its own address (X-Forwarded-For is not trusted here) and user agent. */
function visit(path: string, userAgent: string, as?: TestSession) {
  return app.request(path, {
    headers: { "User-Agent": userAgent, ...(as ? { Authorization: `Bearer ${as.session.access_token}` } : {}) },
  });
}

/** Buys `quantity` tickets, paid at once, carrying the referral cookies the browser kept. */
async function buy(quantity: number, cookie: string, as?: TestSession) {
  const response = await call("POST", "/orders", {
    ...(as ? { as } : {}),
    cookie,
    body: {
      eventId,
      items: [{ ticketTypeId, quantity }],
      buyer: { name: "Grace Guest", email: "grace@example.com" },
      payment: { card: GOOD_CARD },
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** Holds an answer to the document (its status listed, its body valid), leaving the body to read again. */
async function documented(response: Response, method: string, template: string) {
  expectDocumented(document, method, template, response.status, await response.clone().json());
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

describe(`share links on the ${testDatabaseKind()} database`, () => {
  let code: string;

  it("are made for signed-in people only, one per person and event", async () => {
    expect((await call("POST", `/events/${eventId}/share-link`)).status).toBe(401);
    const first = await call("POST", `/events/${eventId}/share-link`, { as: sharer });
    await documented(first, "post", "/events/{id}/share-link");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    code = ((await first.json()) as { data: { code: string; url: string } }).data.code;
    expect(code).toMatch(/^[A-Za-z0-9_-]{10}$/);
    const again = await (await call("POST", `/events/${eventId}/share-link`, { as: sharer })).json();
    expect(again.data).toEqual({ code, url: `${config.publicUrl}/events/${eventId}?s=${code}` });
    expect((await call("POST", `/events/999999/share-link`, { as: sharer })).status).toBe(404);
  });

  it("count a visit once per visitor, never the sharer's own, and keep the code for 30 days off the cached page", async () => {
    const opened = await visit(`/events/${eventId}?s=${code}&lang=fr`, "Firefox visitor");
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/events/${eventId}?lang=fr`);
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    const cookie = opened.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(new RegExp(`^share_ref=${code}; Path=/; HttpOnly; SameSite=Lax.*; Max-Age=2592000$`));
    await visit(`/events/${eventId}?s=${code}`, "Firefox visitor");
    await visit(`/events/${eventId}?s=${code}`, "Safari visitor");
    const own = await visit(`/events/${eventId}?s=${code}`, "The sharer's browser", sharer);
    expect(own.status).toBe(302);
    expect(own.headers.getSetCookie()).toEqual([]);
    const visits = await handle.db.select().from(shareVisits).where(eq(shareVisits.code, code));
    expect(visits).toHaveLength(2);
    const badgeChecks = await handle.db.select().from(jobs).where(eq(jobs.kind, AWARD_BADGES_JOB));
    expect(badgeChecks.filter((job) => (job.payload as { userId: string }).userId === sharer.userId)).toHaveLength(2);
    // An unknown code changes nothing and still lands on the page.
    const unknown = await visit(`/events/${eventId}?s=nope`, "Firefox visitor");
    expect([unknown.status, unknown.headers.getSetCookie()]).toEqual([302, []]);
  });

  it("turn a purchase after the visit into a referral in the sharer's figures; a sharer's own purchase is not one", async () => {
    expect((await call("GET", "/my/shares")).status).toBe(401);
    const cookie = cookieOf(await visit(`/events/${eventId}?s=${code}`, "Edge visitor"));
    await buy(3, cookie);
    await buy(1, `share_ref=${code}`, sharer);
    const figures = await call("GET", "/my/shares", { as: sharer });
    await documented(figures, "get", "/my/shares");
    expect((await figures.json()).data).toEqual({ shares: 1, visits: 3, referrals: 1, tickets: 3 });
    expect((await (await call("GET", "/my/shares", { as: stranger })).json()).data).toEqual({
      shares: 0,
      visits: 0,
      referrals: 0,
      tickets: 0,
    });
  });
});

describe(`promoters on the ${testDatabaseKind()} database`, () => {
  let joinCode: string;
  let promoterCode: string;

  it("are invited by the event's organizers only: anonymous 401, another person 404, the organizer 201", async () => {
    const body = { email: invitee.email.toUpperCase(), commissionBps: 1500 };
    const path = `/events/${eventId}/promoters`;
    expect((await call("POST", path, { body })).status).toBe(401);
    expect((await call("POST", path, { as: stranger, body })).status).toBe(404);
    const invited = await call("POST", path, { as: organizer, body });
    await documented(invited, "post", "/events/{id}/promoters");
    expect(invited.status).toBe(201);
    expect((await invited.json()).data.email).toBe(invitee.email);
    const again = await call("POST", path, { as: coOrganizer, body });
    expect([again.status, (await again.json()).error.fields]).toEqual([409, { email: "already_promoter" }]);
    const bad = await call("POST", path, { as: organizer, body: { email: "x", commissionBps: 10_001, extra: 1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["commissionBps", "email", "extra"]);
    // The invitee has a bell notification and an e-mail on its way (promoter e-mails are on by default).
    const bell = await handle.db.select().from(notifications).where(eq(notifications.userId, invitee.userId));
    expect(bell.map((row) => [row.kind, row.data])).toEqual([
      ["promoter_invited", { eventId, eventTitle: expect.any(String) }],
    ]);
    const mail = await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_PROMOTER_INVITATION_JOB));
    expect(mail.map((job) => (job.payload as { to: string }).to)).toEqual([invitee.email]);
  });

  it("open a join code for the organizers only, and anyone signed in joins with it at its rate", async () => {
    const path = `/events/${eventId}/promoter-program`;
    expect((await call("PUT", path, { body: { commissionBps: 1000 } })).status).toBe(401);
    expect((await call("PUT", path, { as: stranger, body: { commissionBps: 1000 } })).status).toBe(404);
    const opened = await call("PUT", path, { as: organizer, body: { commissionBps: 1000 } });
    await documented(opened, "put", "/events/{id}/promoter-program");
    joinCode = (await opened.json()).data.joinCode;

    expect((await call("POST", "/promoter-programs/join", { body: { code: joinCode } })).status).toBe(401);
    const own = await call("POST", "/promoter-programs/join", { as: organizer, body: { code: joinCode } });
    expect(own.status).toBe(409);
    expect((await call("POST", "/promoter-programs/join", { as: promoter, body: { code: "WrongCode1" } })).status).toBe(
      404,
    );
    const joined = await call("POST", "/promoter-programs/join", { as: promoter, body: { code: joinCode } });
    await documented(joined, "post", "/promoter-programs/join");
    promoterCode = (await joined.json()).data.code;
    const twice = await call("POST", "/promoter-programs/join", { as: promoter, body: { code: joinCode } });
    expect((await twice.json()).data.code).toBe(promoterCode);
  });

  it("accept an invitation sent to their own address only", async () => {
    const mine = await (await call("GET", "/my/promoting", { as: invitee })).json();
    const [invitation] = mine.data.invitations;
    expect(invitation).toMatchObject({ eventId, commissionBps: 1500 });
    const path = `/promoter-invitations/${invitation.id}/accept`;
    expect((await call("POST", path)).status).toBe(401);
    expect((await call("POST", path, { as: stranger })).status).toBe(404);
    const accepted = await call("POST", path, { as: invitee });
    await documented(accepted, "post", "/promoter-invitations/{invitationId}/accept");
    expect((await accepted.json()).data.url).toMatch(new RegExp(`/events/${eventId}\\?ref=[A-Za-z0-9_-]{10}$`));
  });

  it("count a click and attribute the purchase after it, with the commission on ticket revenue; refunds do not count", async () => {
    const opened = await visit(`/events/${eventId}/checkout?ref=${promoterCode}`, "Chrome buyer");
    expect([opened.status, opened.headers.get("Location")]).toEqual([302, `/events/${eventId}/checkout`]);
    await visit(`/events/${eventId}?ref=${promoterCode}`, "Chrome buyer");
    await visit(`/events/${eventId}?ref=${promoterCode}`, "The promoter's own browser", promoter);
    expect(await handle.db.select().from(promoterClicks)).toHaveLength(1);
    const orderId = await buy(2, cookieOf(opened));
    const refundedId = await buy(1, cookieOf(opened));
    await handle.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, refundedId));
    const [attribution] = await handle.db
      .select()
      .from(orderAttributions)
      .where(and(eq(orderAttributions.orderId, orderId)));
    expect(attribution).toMatchObject({ shareCode: null, commissionBps: 1000 });

    const expected = { clicks: 1, orders: 1, tickets: 2, revenueCents: 50_00, commissionCents: 5_00 };
    const path = `/events/${eventId}/promoters`;
    expect((await call("GET", path)).status).toBe(401);
    expect((await call("GET", path, { as: stranger })).status).toBe(404);
    expect((await call("GET", path, { as: promoter })).status).toBe(404);
    const organizerView = await call("GET", path, { as: organizer });
    await documented(organizerView, "get", "/events/{id}/promoters");
    const { data } = await organizerView.json();
    expect(data.program).toEqual({ eventId, joinCode, commissionBps: 1000 });
    expect(data.promoters.map((row: { status: string; code: string }) => row.status)).toEqual(["active", "active"]);
    expect(data.promoters.find((row: { code: string }) => row.code === promoterCode)).toMatchObject(expected);
    expect(data.totals).toEqual(expected);

    const promoterView = await call("GET", "/my/promoting", { as: promoter });
    await documented(promoterView, "get", "/my/promoting");
    const mine = (await promoterView.json()).data;
    expect(mine.links).toEqual([expect.objectContaining({ eventId, code: promoterCode, ...expected })]);
    expect(mine.totals).toEqual(expected);
  });

  it("export the organizer's figures as CSV in the page's language, for the organizers only", async () => {
    const load = (viewer: TestSession | null) =>
      eventPromotersCsv.loader({
        request: new Request(`${config.publicUrl}/events/${eventId}/promoters.csv?lang=en`),
        params: { id: String(eventId) },
        context: {
          db: handle.db,
          config,
          viewer: viewer && { userId: viewer.userId, email: viewer.email, name: "", isStaff: false },
        },
      } as never);
    const csv = await (await load(organizer)).text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      "Event,Promoter,Status,Tracked link,Commission (%),Clicks,Orders,Tickets,Revenue (USD),Commission owed (USD)",
    );
    expect(lines.find((line) => line.includes(promoterCode))).toMatch(/,active,.*,10,1,1,2,50\.00,5\.00$/);
    await expect(load(stranger)).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("list a person among the month's top promoters only once they choose to be", async () => {
    const { topPromotersOfMonth } = await import("#server/services/promoters");
    expect((await topPromotersOfMonth(handle.db, new Date())).map((row) => row.userId)).not.toContain(promoter.userId);
    const listed = await call("PUT", "/my/promoting/listing", { as: promoter, body: { listed: true } });
    await documented(listed, "put", "/my/promoting/listing");
    expect(await topPromotersOfMonth(handle.db, new Date())).toContainEqual(
      expect.objectContaining({ userId: promoter.userId, tickets: 2 }),
    );
  });
});
