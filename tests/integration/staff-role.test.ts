import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminLayout from "#app/routes/admin";
import type { DatabaseHandle } from "#server/db/client";
import { staffActions } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { getHeaderProfile } from "#server/services/profiles";
import { grantStaff, grantStaffByEmail, isStaff, removeStaff } from "#server/services/staff";
import { listStaffActions } from "#server/services/staff-actions";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

/** Who is staff, how one becomes staff, and that the console's door is shut to everyone else. */
const config = readConfig({ NODE_ENV: "test" });
const NOW = new Date("2026-11-27T12:00:00Z");

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

async function staffAccount() {
  const person = await insertUser(handle.db, { name: "Staff Person" });
  await makeStaff(handle.db, person.userId);
  return person;
}

describe("the staff role", () => {
  it("is given by address from the command line or STAFF_EMAILS, once, and logged without an actor", async () => {
    const person = await insertUser(handle.db, { email: `Grant-${randomUUID().slice(0, 6)}@Example.com` });
    expect(await grantStaffByEmail(handle.db, "nobody-here@example.com", NOW)).toBe("no_account");
    expect(await grantStaffByEmail(handle.db, "not an address", NOW)).toBe("no_account");
    expect(await isStaff(handle.db, person.userId)).toBe(false);

    expect(await grantStaffByEmail(handle.db, ` ${person.email.toUpperCase()} `, NOW)).toBe("granted");
    expect(await grantStaffByEmail(handle.db, person.email, NOW)).toBe("already_staff");
    expect(await isStaff(handle.db, person.userId)).toBe(true);

    const { actions } = await listStaffActions(handle.db, { subjectType: "user", subjectId: person.userId });
    expect(actions.map(({ action, actorId, before, after }) => ({ action, actorId, before, after }))).toEqual([
      { action: "staff.grant", actorId: null, before: { isStaff: false }, after: { isStaff: true } },
    ]);
  });

  it("is granted and removed only by staff, never by oneself, and each change is audited with its author", async () => {
    const staff = await staffAccount();
    const other = await insertUser(handle.db);
    const stranger = await insertUser(handle.db);

    await expect(grantStaff(handle.db, stranger, other.userId, NOW)).rejects.toMatchObject({ code: "forbidden" });
    expect(await isStaff(handle.db, other.userId)).toBe(false);

    await grantStaff(handle.db, staff, other.userId, NOW);
    expect(await isStaff(handle.db, other.userId)).toBe(true);
    await expect(removeStaff(handle.db, staff, staff.userId, NOW)).rejects.toMatchObject({ code: "invalid" });
    expect(await isStaff(handle.db, staff.userId)).toBe(true);
    await removeStaff(handle.db, staff, other.userId, NOW);
    expect(await isStaff(handle.db, other.userId)).toBe(false);
    await expect(grantStaff(handle.db, staff, randomUUID(), NOW)).rejects.toMatchObject({ code: "not_found" });

    const rows = await handle.db
      .select({ action: staffActions.action, actorId: staffActions.actorId })
      .from(staffActions)
      .where(eq(staffActions.subjectId, other.userId));
    expect(rows.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: "staff.grant", actorId: staff.userId },
      { action: "staff.remove", actorId: staff.userId },
    ]);
  });

  it("shows in the header's data, read with the profile in one statement", async () => {
    const staff = await staffAccount();
    const member = await insertUser(handle.db, { name: "Member" });
    expect(await getHeaderProfile(handle.db, staff.userId)).toMatchObject({ name: "Staff Person", isStaff: true });
    expect(await getHeaderProfile(handle.db, member.userId)).toMatchObject({ name: "Member", isStaff: false });
  });
});

describe("the console's door (/admin)", () => {
  function viewerOf(person: { userId: string; email: string }, staff: boolean): Viewer {
    return {
      userId: person.userId,
      sessionId: randomUUID(),
      email: person.email,
      name: "X",
      profileImage: null,
      isStaff: staff,
    };
  }
  async function openConsole(viewer: Viewer | null) {
    const context = { db: handle.db, config, viewer } as unknown as AppLoadContext;
    return adminLayout.loader({ request: new Request(`${config.publicUrl}/admin`), params: {}, context } as never);
  }

  it("answers 404, kept by no cache, to visitors and to signed-in people who are not staff", async () => {
    const member = await insertUser(handle.db);
    for (const viewer of [null, viewerOf(member, false)]) {
      const refusal = await openConsole(viewer).then(
        () => null,
        (error: unknown) => error as { init: { status: number; headers: Record<string, string> } },
      );
      expect(refusal?.init.status).toBe(404);
      expect(refusal?.init.headers["Cache-Control"]).toBe("private, no-store");
    }
  });

  it("opens for staff, in the reader's language", async () => {
    const staff = await staffAccount();
    const data = await openConsole(viewerOf(staff, true));
    expect(data.pageMessages.admin?.nav.reports).toBe("Reports");
  });
});
