import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "#server/auth/sign-in";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { authSessions, staffActions, users } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { isStaff } from "#server/services/staff";
import { createTestSession, testAuthRequest, type TestSession } from "#tests/support/auth-session";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/** The staff API of people (/api/v1/staff/users, /api/v1/staff/audit): who may call it, and what it does. */
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

let clientNumber = 0;
function call(method: string, path: string, as?: TestSession, body?: unknown) {
  clientNumber += 1;
  const headers = new Headers();
  if (as) headers.set("Authorization", `Bearer ${as.session.access_token}`);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return app.request(
    `/api/v1/staff${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: `198.51.100.${clientNumber % 250}` } } },
  );
}

describe(`the staff API of people on the ${testDatabaseKind()} database`, () => {
  it("answers 401 to visitors, 403 to people who are not staff, and 2xx to staff, for every operation", async () => {
    const subject = await createTestSession(handle.db, config);
    const operations: [string, string, unknown?][] = [
      ["GET", "/users?q=person"],
      ["POST", `/users/${subject.userId}/suspension`, { reason: "Spam", length: "7" }],
      ["DELETE", `/users/${subject.userId}/suspension`],
      ["PUT", `/users/${subject.userId}/staff-role`],
      ["DELETE", `/users/${subject.userId}/staff-role`],
      ["GET", "/audit"],
    ];
    const stateOf = async () => ({
      bannedUntil: (await handle.db.select().from(users).where(eq(users.id, subject.userId)))[0]!.bannedUntil,
      isStaff: await isStaff(handle.db, subject.userId),
    });
    for (const [method, path, body] of operations) {
      const what = `${method} ${path}`;
      const before = await stateOf();
      const visitor = await call(method, path, undefined, body);
      expect(visitor.status, what).toBe(401);
      const stranger = await call(method, path, member, body);
      expect(stranger.status, what).toBe(403);
      expect((await stranger.json()).error.code, what).toBe("forbidden");
      // Nothing was done for them.
      expect(await stateOf(), what).toEqual(before);
      const allowed = await call(method, path, staff, body);
      expect(allowed.status, what).toBe(200);
      expect(allowed.headers.get("Cache-Control"), what).toBe("private, no-store");
    }
    const actions = await handle.db
      .select({ action: staffActions.action, actorId: staffActions.actorId })
      .from(staffActions)
      .where(eq(staffActions.subjectId, subject.userId))
      .orderBy(staffActions.id);
    expect(actions).toEqual(
      ["user.suspend", "user.restore", "staff.grant", "staff.remove"].map((action) => ({
        action,
        actorId: staff.userId,
      })),
    );
  });

  it("finds people, suspends one (signing them out everywhere), restores them, and logs it all", async () => {
    const person = await createTestSession(handle.db, config, { email: `zewditu-${Date.now()}@example.org` });
    const found = await (await call("GET", `/users?q=ZEWDITU&filter=all`, staff)).json();
    expect(found.data.map((row: { id: string }) => row.id)).toEqual([person.userId]);
    expect(found.data[0]).toMatchObject({ email: person.email, isStaff: false, suspendedUntil: null });
    expect(JSON.stringify(found)).not.toMatch(/argon2|password/i);

    const suspended = await call("POST", `/users/${person.userId}/suspension`, staff, { reason: "Fake events" });
    expect(suspended.status).toBe(200);
    expect((await suspended.json()).data).toEqual({
      userId: person.userId,
      suspendedUntil: "9999-12-31T00:00:00.000Z",
      sessionsEnded: 1,
    });
    expect(await handle.db.select().from(authSessions).where(eq(authSessions.userId, person.userId))).toEqual([]);
    await expect(signInWithPassword(handle.db, config, testAuthRequest(), person)).rejects.toMatchObject({
      code: "user_banned",
    });
    const listed = await (await call("GET", `/users?filter=suspended`, staff)).json();
    expect(listed.data.map((row: { id: string }) => row.id)).toContain(person.userId);

    const log = await (
      await call("GET", `/audit?family=user&subjectType=user&subjectId=${person.userId}`, staff)
    ).json();
    expect(log.data).toMatchObject([
      {
        action: "user.suspend",
        actor: { id: staff.userId },
        reason: "Fake events",
        before: { suspendedUntil: null },
        after: { suspendedUntil: "9999-12-31T00:00:00.000Z", sessionsEnded: 1 },
      },
    ]);

    expect((await call("DELETE", `/users/${person.userId}/suspension`, staff)).status).toBe(200);
    await expect(signInWithPassword(handle.db, config, testAuthRequest(), person)).resolves.toBeTruthy();
    const again = await call("DELETE", `/users/${person.userId}/suspension`, staff);
    expect(again.status).toBe(409);
    expect((await again.json()).error.fields).toEqual({ userId: "not_suspended" });
  });

  it("refuses bad input and one's own account with a clear error, changing nothing", async () => {
    const person = await createTestSession(handle.db, config);
    const cases: [string, string, unknown, number, Record<string, string> | undefined][] = [
      ["POST", `/users/${person.userId}/suspension`, {}, 400, { reason: "reason_required" }],
      ["POST", `/users/${person.userId}/suspension`, { reason: " " }, 400, { reason: "reason_required" }],
      [
        "POST",
        `/users/${person.userId}/suspension`,
        { reason: "x", length: "forever" },
        400,
        { length: "length_invalid" },
      ],
      ["POST", `/users/${person.userId}/suspension`, { reason: "x", extra: 1 }, 400, { extra: expect.any(String) }],
      ["POST", `/users/${staff.userId}/suspension`, { reason: "Me" }, 400, { userId: "own_account" }],
      ["DELETE", `/users/${staff.userId}/staff-role`, undefined, 400, { userId: "own_role" }],
      ["POST", "/users/not-a-uuid/suspension", { reason: "x" }, 404, undefined],
      ["PUT", "/users/00000000-0000-4000-8000-000000000000/staff-role", undefined, 404, undefined],
      ["GET", "/users?filter=everyone", undefined, 400, { filter: expect.any(String) }],
      ["GET", "/users?page=0", undefined, 400, { page: expect.any(String) }],
      ["GET", "/audit?actor=someone", undefined, 400, { actor: expect.any(String) }],
    ];
    for (const [method, path, body, status, fields] of cases) {
      const answer = await call(method, path, staff, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      const error = (await answer.json()).error;
      if (fields) expect(error.fields, path).toEqual(fields);
    }
    const raw = await app.request(`/api/v1/staff/users/${person.userId}/suspension`, {
      method: "POST",
      headers: { Authorization: `Bearer ${staff.session.access_token}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    const [account] = await handle.db.select().from(users).where(eq(users.id, person.userId));
    expect(account!.bannedUntil).toBeNull();
    expect(await isStaff(handle.db, staff.userId)).toBe(true);
    expect((await handle.db.select().from(users).where(eq(users.id, staff.userId)))[0]!.bannedUntil).toBeNull();
  });
});
