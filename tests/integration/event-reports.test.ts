import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as reportPage from "#app/routes/report-event";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { events, rateLimitHits, reports } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { REPORT_LIMITS, reportClientHash } from "#server/services/reports";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/** Reporting an event: through the API (`POST /api/v1/events/{id}/reports`) and its page (`/events/{id}/report`). */
const config = readConfig({ NODE_ENV: "test" });
let handle: DatabaseHandle;
let app: App;
let ada: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  ada = await createTestSession(handle.db, config);
});
afterAll(() => handle?.close());

const newEvent = async (status: "published" | "draft" | "cancelled" = "published") =>
  (
    await insertEventWithTicketTypes(handle.db, {
      status,
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
    })
  ).eventId;

function report(eventId: number | string, body: unknown, options: { as?: TestSession; from?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (options.as) headers.set("Authorization", `Bearer ${options.as.session.access_token}`);
  return app.request(
    `/api/v1/events/${eventId}/reports`,
    { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: options.from ?? `192.0.2.${Math.floor(Math.random() * 200) + 1}` } } },
  );
}

const reportsOf = (eventId: number) =>
  handle.db
    .select()
    .from(reports)
    .where(eq(reports.subjectId, String(eventId)));

describe(`reporting an event on the ${testDatabaseKind()} database`, () => {
  it("stores a visitor's report with a hashed address, never the address, and answers 202, never cached", async () => {
    const eventId = await newEvent();
    const response = await report(
      eventId,
      { reason: "scam", details: "  Asks for a wire transfer.  " },
      { from: "203.0.113.9" },
    );
    expect(response.status).toBe(202);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      subjectType: "event",
      subjectId: String(eventId),
      reason: "scam",
      status: "open",
      repeat: false,
      createdAt: expect.any(String),
    });
    const [stored] = await reportsOf(eventId);
    expect(stored).toMatchObject({
      reason: "scam",
      details: "Asks for a wire transfer.",
      reporterId: null,
      status: "open",
    });
    expect(stored!.clientHash).toBe(reportClientHash("203.0.113.9"));
    expect(stored!.clientHash).not.toContain("203.0.113.9");
  });

  it("keeps one open report per person and item: a repeat is acknowledged and adds nothing", async () => {
    const eventId = await newEvent();
    const first = await (await report(eventId, { reason: "spam" }, { as: ada, from: "198.51.100.1" })).json();
    const again = await report(
      eventId,
      { reason: "other", details: "Still there." },
      { as: ada, from: "198.51.100.2" },
    );
    expect(again.status).toBe(202);
    expect((await again.json()).data).toMatchObject({ id: first.data.id, reason: "spam", repeat: true });
    // Signed out, the address is the person.
    await report(eventId, { reason: "misleading" }, { from: "198.51.100.3" });
    const repeat = await (await report(eventId, { reason: "hateful" }, { from: "198.51.100.3" })).json();
    expect(repeat.data).toMatchObject({ reason: "misleading", repeat: true });
    const stored = await reportsOf(eventId);
    expect(stored.map((row) => [row.reason, row.reporterId])).toEqual(
      expect.arrayContaining([
        ["spam", ada.userId],
        ["misleading", null],
      ]),
    );
    expect(stored).toHaveLength(2);
  });

  it("refuses bad input with the field and its problem, and stores nothing", async () => {
    const eventId = await newEvent();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { reason: "reason_invalid" }],
      [{ reason: "rude" }, { reason: "reason_invalid" }],
      [{ reason: "spam", details: "x".repeat(2001) }, { details: "details_too_long" }],
      [{ reason: "spam", details: 12 }, { details: "details_invalid" }],
      [{ reason: "spam", extra: true }, { extra: "unknown_field" }],
      [["spam"], { reason: "reason_invalid" }],
      ["not json", { reason: "reason_invalid" }],
    ];
    for (const [body, fields] of cases) {
      const response = await report(eventId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "invalid", fields });
    }
    expect(await reportsOf(eventId)).toEqual([]);
  });

  it("answers 404 for an event nobody can see: unknown, a draft, or hidden by staff", async () => {
    const draft = await newEvent("draft");
    const hidden = await newEvent();
    await handle.db.update(events).set({ hiddenAt: new Date(), hiddenReason: "Spam." }).where(eq(events.id, hidden));
    for (const id of [draft, hidden, 2_000_000_000, "abc"]) {
      const response = await report(id, { reason: "spam" });
      expect(response.status, String(id)).toBe(404);
    }
    expect([...(await reportsOf(draft)), ...(await reportsOf(hidden))]).toEqual([]);
    // A cancelled event's page is still public: it can be reported.
    expect((await report(await newEvent("cancelled"), { reason: "scam" })).status).toBe(202);
  });

  it("limits reports per address and per account", async () => {
    const from = "192.0.2.250";
    const ids = await Promise.all(Array.from({ length: REPORT_LIMITS.perClient.limit + 1 }, () => newEvent()));
    const statuses: number[] = [];
    for (const id of ids.slice(0, -1)) statuses.push((await report(id, { reason: "spam" }, { from })).status);
    expect(statuses.every((status) => status === 202)).toBe(true);
    const refused = await report(ids.at(-1)!, { reason: "spam" }, { from });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: "rate_limited", fields: { _: "too_many_reports" } });
    expect(await reportsOf(ids.at(-1)!)).toEqual([]);

    // One account from many addresses.
    const bob = await createTestSession(handle.db, config);
    const more = await Promise.all(Array.from({ length: REPORT_LIMITS.perPerson.limit + 1 }, () => newEvent()));
    const answers: number[] = [];
    for (const [index, id] of more.entries()) {
      answers.push((await report(id, { reason: "spam" }, { as: bob, from: `198.18.0.${index + 1}` })).status);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((status) => status === 202)).toBe(true);
  });
});

function pageContext(viewer: TestSession | null, clientAddress = "192.0.2.77"): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: viewer && { userId: viewer.userId, email: viewer.email, isStaff: false },
    clientAddress,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
}

async function submitPage(eventId: number, fields: Record<string, string>, viewer: TestSession | null = null) {
  const request = new Request(`${config.publicUrl}/events/${eventId}/report`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const result = (await reportPage.action({
    request,
    params: { id: String(eventId) },
    context: pageContext(viewer),
  } as never)) as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, data: result.data as Record<string, unknown> };
}

describe("the report page", () => {
  it("opens for an event the public sees (404 otherwise) and is never cached", async () => {
    const eventId = await newEvent();
    const loaded = (await reportPage.loader({
      request: new Request(`${config.publicUrl}/events/${eventId}/report`),
      params: { id: String(eventId) },
      context: pageContext(null),
    } as never)) as { data: { event: { id: number } }; init: { headers: Record<string, string> } };
    expect(loaded.data.event.id).toBe(eventId);
    expect(loaded.init.headers["Cache-Control"]).toBe("private, no-store");
    const draft = await newEvent("draft");
    await expect(
      reportPage.loader({
        request: new Request(`${config.publicUrl}/events/${draft}/report`),
        params: { id: String(draft) },
        context: pageContext(null),
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("stores a report, says when it is a repeat, and refuses bad input with a translated problem, storing nothing", async () => {
    const eventId = await newEvent();
    expect(await submitPage(eventId, { reason: "fake" })).toEqual({
      status: 422,
      data: { sent: false, problem: "reason_invalid", reason: "fake", details: "" },
    });
    expect((await submitPage(eventId, { reason: "spam", details: "y".repeat(2001) })).data).toMatchObject({
      problem: "details_too_long",
    });
    expect(await reportsOf(eventId)).toEqual([]);
    expect(await submitPage(eventId, { reason: "prohibited", details: "Sells weapons." }, ada)).toEqual({
      status: 200,
      data: { sent: true, repeat: false },
    });
    expect((await submitPage(eventId, { reason: "prohibited" }, ada)).data).toEqual({ sent: true, repeat: true });
    expect(await reportsOf(eventId)).toMatchObject([
      { reason: "prohibited", details: "Sells weapons.", reporterId: ada.userId },
    ]);
    // The throttle counted the well-formed ones only.
    const hits = await handle.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `report:client:${reportClientHash("192.0.2.77")}`));
    expect(hits.reduce((sum, row) => sum + row.hits, 0)).toBe(2);
  });
});
