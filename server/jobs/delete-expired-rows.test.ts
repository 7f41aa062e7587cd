import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import {
  authSessions,
  flowStates,
  idempotencyKeys,
  jobs,
  notifications,
  oneTimeTokens,
  rateLimitHits,
  ticketLookupLinks,
  users,
} from "#server/db/schema";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { deleteExpiredRows } from "./delete-expired-rows";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

const now = new Date("2026-03-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe(`housekeeping on the ${testDatabaseKind()} database`, () => {
  it("deletes expired throttle windows, flows, link tokens, week-old done jobs, idempotency keys, ended sessions and half-year-old notifications, and keeps the rest", async () => {
    const db = handle.db;
    const [user] = await db.insert(users).values({ email: "housekeeping@example.com" }).returning();
    await db.insert(rateLimitHits).values([
      { key: "email:old", windowStart: ago(DAY + MINUTE), hits: 3 },
      { key: "email:recent", windowStart: ago(HOUR), hits: 1 },
    ]);
    await db.insert(flowStates).values([
      { provider: "google", authenticationMethod: "oauth", redirectTo: "/", expiresAt: ago(MINUTE) },
      { provider: "google", authenticationMethod: "oauth", redirectTo: "/", expiresAt: ahead(5 * MINUTE) },
    ]);
    await db.insert(oneTimeTokens).values([
      { userId: user!.id, kind: "magiclink", tokenHash: "expired", redirectTo: "/", expiresAt: ago(MINUTE) },
      { userId: user!.id, kind: "signup", tokenHash: "valid", redirectTo: "/", expiresAt: ahead(DAY) },
    ]);
    await db.insert(jobs).values([
      { kind: "send_email", payload: { which: "done long ago" }, doneAt: ago(8 * DAY) },
      { kind: "send_email", payload: { which: "done lately" }, doneAt: ago(DAY) },
      { kind: "send_email", payload: { which: "failed long ago" }, failedAt: ago(30 * DAY) },
      { kind: "send_email", payload: { which: "pending" }, runAt: ago(30 * DAY) },
    ]);
    await db.insert(idempotencyKeys).values([
      { scope: "POST /api/v1/orders guest", key: "old", requestHash: "x", expiresAt: ago(MINUTE) },
      { scope: "POST /api/v1/orders guest", key: "kept", requestHash: "x", expiresAt: ahead(HOUR) },
    ]);
    await db.insert(ticketLookupLinks).values([
      { email: "gone@example.com", tokenHash: "spent-pass", expiresAt: ago(MINUTE) },
      { email: "here@example.com", tokenHash: "live-link", expiresAt: ahead(DAY) },
    ]);

    await db.insert(authSessions).values([
      { userId: user!.id, userAgent: "past 30 days", notAfter: ago(MINUTE), refreshedAt: ago(HOUR) },
      { userId: user!.id, userAgent: "idle a week", notAfter: ahead(DAY), refreshedAt: ago(7 * DAY + MINUTE) },
      { userId: user!.id, userAgent: "in use", notAfter: ahead(DAY), refreshedAt: ago(6 * DAY) },
    ]);

    await db.insert(notifications).values([
      { userId: user!.id, kind: "badge_earned", data: { badge: "first_timer" }, createdAt: ago(181 * DAY) },
      { userId: user!.id, kind: "badge_earned", data: { badge: "event_creator" }, createdAt: ago(179 * DAY) },
    ]);

    expect(await deleteExpiredRows(db, now)).toEqual({
      rateLimitWindows: 1,
      flowStates: 1,
      oneTimeTokens: 1,
      doneJobs: 1,
      idempotencyKeys: 1,
      ticketLookupLinks: 1,
      endedSessions: 2,
      oldNotifications: 1,
    });
    expect((await db.select().from(rateLimitHits)).map((row) => row.key)).toEqual(["email:recent"]);
    expect((await db.select().from(flowStates)).map((row) => row.expiresAt)).toEqual([ahead(5 * MINUTE)]);
    expect((await db.select().from(oneTimeTokens)).map((row) => row.tokenHash)).toEqual(["valid"]);
    expect((await db.select().from(jobs)).map((row) => row.payload.which).sort()).toEqual([
      "done lately",
      "failed long ago",
      "pending",
    ]);
    expect((await db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(["kept"]);
    expect((await db.select().from(ticketLookupLinks)).map((row) => row.tokenHash)).toEqual(["live-link"]);
    expect((await db.select().from(authSessions)).map((row) => row.userAgent)).toEqual(["in use"]);
    expect((await db.select().from(notifications)).map((row) => row.data.badge)).toEqual(["event_creator"]);
    // Running it again finds nothing more to delete.
    expect(Object.values(await deleteExpiredRows(db, now))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
