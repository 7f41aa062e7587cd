import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as eventModerationPage from "#app/routes/admin-event-moderation";
import * as reportsPage from "#app/routes/admin-reports";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { events, reports, staffActions } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { reportEvent } from "#server/services/reports";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The staff side of moderation: `/api/v1/staff` (reports, hide, restore, dismiss) with who may call
 * it, and the console pages `/admin/reports` and `/admin/events/{id}/moderation`, which are a 404 for
 * anyone but staff.
 */
const config = readConfig({ NODE_ENV: "test" });
let handle: DatabaseHandle;
let app: App;
let staff: TestSession;
let member: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  staff = await createTestSession(handle.db, config);
  await makeStaff(handle.db, staff.userId);
  member = await createTestSession(handle.db, config);
});
afterAll(() => handle?.close());

const newEvent = async () =>
  (await insertEventWithTicketTypes(handle.db, { ticketTypes: [{ name: "General", priceCents: 0, quantity: 10 }] }))
    .eventId;

async function reportedEvent() {
  const eventId = await newEvent();
  const receipt = await reportEvent(
    handle.db,
    null,
    eventId,
    { reason: "scam", details: "Wire transfer only." },
    {
      clientAddress: `203.0.113.${Math.floor(Math.random() * 200) + 1}`,
      now: new Date(),
    },
  );
  return { eventId, reportId: receipt.id };
}

function call(method: string, path: string, as: TestSession | null, body?: unknown) {
  const headers = new Headers();
  if (as) headers.set("Authorization", `Bearer ${as.session.access_token}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return app.request(`/api/v1/staff${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

describe(`the staff moderation API on the ${testDatabaseKind()} database`, () => {
  it("answers visitors 401 and people who are not staff 403 on every operation, changing nothing", async () => {
    const { eventId, reportId } = await reportedEvent();
    const operations: [string, string, unknown?][] = [
      ["GET", "/reports"],
      ["POST", `/events/${eventId}/hide`, { reason: "Scam." }],
      ["POST", `/events/${eventId}/restore`],
      ["POST", `/reports/${reportId}/dismiss`],
    ];
    for (const [method, path, body] of operations) {
      const visitor = await call(method, path, null, body);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const stranger = await call(method, path, member, body);
      expect(stranger.status, `${method} ${path}`).toBe(403);
      expect((await stranger.json()).error.code).toBe("forbidden");
      expect(stranger.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await handle.db.select().from(events).where(eq(events.id, eventId)))[0]!.hiddenAt).toBeNull();
    expect((await handle.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.status).toBe("open");
  });

  it("lets staff list reports, hide an event with a reason, restore it and dismiss a report", async () => {
    const { eventId, reportId } = await reportedEvent();
    const list = await call("GET", "/reports?status=open", staff);
    expect(list.status).toBe(200);
    const listed = await list.json();
    expect(listed.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: reportId,
          subjectId: String(eventId),
          reason: "scam",
          status: "open",
          reporter: null,
        }),
      ]),
    );
    expect(listed).toMatchObject({ page: 1, hasMore: false });

    const hidden = await call("POST", `/events/${eventId}/hide`, staff, { reason: "Wire transfers only." });
    expect(hidden.status).toBe(200);
    expect((await hidden.json()).data).toMatchObject({
      eventId,
      hidden: true,
      hiddenReason: "Wire transfers only.",
      reportsActioned: 1,
    });
    expect((await app.request(`/api/v1/events/${eventId}`)).status).toBe(404);
    const restored = await call("POST", `/events/${eventId}/restore`, staff);
    expect(restored.status).toBe(200);
    expect((await restored.json()).data).toMatchObject({ eventId, hidden: false, hiddenAt: null });
    expect((await app.request(`/api/v1/events/${eventId}`)).status).toBe(200);

    const other = await reportedEvent();
    const dismissed = await call("POST", `/reports/${other.reportId}/dismiss`, staff);
    expect(dismissed.status).toBe(200);
    expect((await dismissed.json()).data).toMatchObject({ id: other.reportId, status: "dismissed" });
    const again = await call("POST", `/reports/${other.reportId}/dismiss`, staff);
    expect(again.status).toBe(409);
    expect((await again.json()).error.fields).toEqual({ reportId: "not_open" });
    const audit = await handle.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, "report.dismiss"), eq(staffActions.subjectId, String(other.reportId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.userId,
      before: { status: "open" },
      after: { status: "dismissed" },
    });
  });

  it("refuses bad input with the field at fault, changing nothing", async () => {
    const { eventId, reportId } = await reportedEvent();
    const refused: [string, string, unknown, number, Record<string, string> | undefined][] = [
      ["POST", `/events/${eventId}/hide`, {}, 400, { reason: "reason_required" }],
      ["POST", `/events/${eventId}/hide`, { reason: "   " }, 400, { reason: "reason_required" }],
      ["POST", `/events/${eventId}/hide`, { reason: "x".repeat(1001) }, 400, { reason: "reason_too_long" }],
      ["POST", `/events/${eventId}/hide`, { reason: "Scam.", also: 1 }, 400, { also: "unknown_field" }],
      ["POST", `/events/${eventId}/hide`, "not json", 400, { reason: "reason_required" }],
      ["POST", `/events/${eventId}/hide`, ["Scam."], 400, { reason: "reason_required" }],
      ["POST", `/events/${eventId}/restore`, undefined, 409, { eventId: "not_hidden" }],
      ["POST", "/events/999999/hide", { reason: "Scam." }, 404, undefined],
      ["POST", "/events/abc/hide", { reason: "Scam." }, 404, undefined],
      ["POST", "/reports/999999/dismiss", undefined, 404, undefined],
      ["GET", "/reports?status=closed", undefined, 400, { status: "invalid" }],
      ["GET", "/reports?page=0", undefined, 400, { page: "invalid" }],
      ["GET", "/reports?sort=new", undefined, 400, { sort: "unknown_parameter" }],
    ];
    for (const [method, path, body, status, fields] of refused) {
      const response = await call(method, path, staff, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      if (fields) expect((await response.json()).error.fields, path).toEqual(fields);
    }
    expect((await handle.db.select().from(events).where(eq(events.id, eventId)))[0]!.hiddenAt).toBeNull();
    expect((await handle.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.status).toBe("open");
  });
});

function pageContext(viewer: TestSession | null, isStaff = false): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: viewer && { userId: viewer.userId, email: viewer.email, isStaff },
    clientAddress: "192.0.2.1",
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
}

const statusOf = async (promise: Promise<unknown>) =>
  promise.then(
    (result) => (result as { init?: { status?: number } | null }).init?.status ?? 200,
    (error: { init?: { status?: number } }) => error.init?.status ?? 500,
  );

describe("the moderation console pages", () => {
  it("are a 404 for visitors and for people who are not staff, whose posts change nothing", async () => {
    const { eventId, reportId } = await reportedEvent();
    const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });
    for (const [viewer, isStaff] of [
      [null, false],
      [member, false],
    ] as const) {
      const context = pageContext(viewer, isStaff);
      const reportsUrl = `${config.publicUrl}/admin/reports`;
      const moderationUrl = `${config.publicUrl}/admin/events/${eventId}/moderation`;
      const params = { id: String(eventId) };
      expect(
        await statusOf(reportsPage.loader({ request: new Request(reportsUrl), params: {}, context } as never)),
      ).toBe(404);
      expect(
        await statusOf(eventModerationPage.loader({ request: new Request(moderationUrl), params, context } as never)),
      ).toBe(404);
      const hide = new Request(moderationUrl, form({ intent: "hide", reason: "Scam." }));
      expect(await statusOf(eventModerationPage.action({ request: hide, params, context } as never))).toBe(404);
      const dismiss = new Request(
        reportsUrl,
        form({ intent: "dismiss", subjectType: "event", subjectId: String(eventId) }),
      );
      expect(await statusOf(reportsPage.action({ request: dismiss, params: {}, context } as never))).toBe(404);
    }
    expect((await handle.db.select().from(events).where(eq(events.id, eventId)))[0]!.hiddenAt).toBeNull();
    expect((await handle.db.select().from(reports).where(eq(reports.id, reportId)))[0]!.status).toBe("open");
  });

  it("show staff the queue, open items first, and let them hide, restore and dismiss with their history", async () => {
    const { eventId } = await reportedEvent();
    const context = pageContext(staff, true);
    const queue = (await reportsPage.loader({
      request: new Request(`${config.publicUrl}/admin/reports?status=open`),
      params: {},
      context,
    } as never)) as { data: { items: { subjectId: string; openCount: number; reasons: unknown[] }[] } };
    expect(queue.data.items.find((item) => item.subjectId === String(eventId))).toMatchObject({
      openCount: 1,
      reasons: [{ reason: "scam", count: 1 }],
    });

    const url = `${config.publicUrl}/admin/events/${eventId}/moderation`;
    const params = { id: String(eventId) };
    const post = (fields: Record<string, string>) =>
      eventModerationPage.action({
        request: new Request(url, { method: "POST", body: new URLSearchParams(fields) }),
        params,
        context,
      } as never) as Promise<{ data: Record<string, unknown>; init: { status?: number } }>;
    const noReason = await post({ intent: "hide", reason: "  " });
    expect(noReason.init.status).toBe(422);
    expect(noReason.data).toMatchObject({ ok: false, problem: "reason_required" });
    expect((await post({ intent: "hide", reason: "Wire transfers only." })).data).toEqual({ ok: true, done: "hidden" });
    expect((await post({ intent: "hide", reason: "Again." })).data).toMatchObject({
      ok: false,
      problem: "already_hidden",
    });
    expect((await post({ intent: "restore" })).data).toEqual({ ok: true, done: "restored" });
    const page = (await eventModerationPage.loader({ request: new Request(url), params, context } as never)) as {
      data: {
        event: { hiddenAt: Date | null };
        reports: { status: string }[];
        history: { action: string; reason: string | null }[];
      };
    };
    expect(page.data.event.hiddenAt).toBeNull();
    expect(page.data.reports).toMatchObject([{ status: "actioned" }]);
    expect(page.data.history.map((entry) => [entry.action, entry.reason])).toEqual([
      ["event.restore", null],
      ["event.hide", "Wire transfers only."],
    ]);
  });
});
