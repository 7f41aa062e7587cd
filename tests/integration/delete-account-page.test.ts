import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import * as deleteAccountPage from "#app/routes/delete-account";
import { loadMessages } from "#app/i18n/messages";
import { users } from "#server/db/schema";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { insertUpcomingSoldEvent, setUpAccountApp } from "#tests/support/account-fixtures";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { testDatabaseKind } from "#tests/support/test-database";

/*
 * /dashboard/delete-account as React Router runs it: the loader says how the account confirms and which
 * events block, the action answers a wrong confirmation with the page's own problem (translated by the page
 * in the visitor's language) and changes nothing, and a right one clears the cookie and goes home.
 */

const setup = setUpAccountApp();
const ORIGIN = "http://localhost:3000";

function contextFor(person: TestSession): AppLoadContext {
  const viewer: Viewer = {
    userId: person.userId,
    sessionId: randomUUID(),
    email: person.email,
    name: "",
    profileImage: null,
    isStaff: false,
  };
  return {
    db: setup.handle.db,
    config: setup.config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
}

function post(person: TestSession, fields: Record<string, string>, language = "en") {
  return deleteAccountPage.action({
    request: new Request(`${ORIGIN}/dashboard/delete-account?lang=${language}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: {},
    context: contextFor(person),
  } as never) as Promise<unknown>;
}

describe(`the delete-account page on the ${testDatabaseKind()} database`, () => {
  it("asks for the password, lists the events to cancel first, and refuses a wrong password without changing anything", async () => {
    const person = await createTestSession(setup.handle.db, setup.config);
    const sold = await insertUpcomingSoldEvent(setup.handle.db, person.userId);
    const loaded = (await deleteAccountPage.loader({
      request: new Request(`${ORIGIN}/dashboard/delete-account?lang=fr`),
      params: {},
      context: contextFor(person),
    } as never)) as unknown as { data: { hasPassword: boolean; blockingEvents: { id: number }[] } };
    expect(loaded.data.hasPassword).toBe(true);
    expect(loaded.data.blockingEvents.map((event) => event.id)).toEqual([sold.eventId]);

    const [before] = await setup.handle.db.select().from(users).where(eq(users.id, person.userId));
    const wrong = (await post(person, { password: "not-it" }, "fr")) as {
      data: { problem: string };
      init: { status: number };
    };
    expect(wrong.init.status).toBe(422);
    expect(wrong.data.problem).toBe("wrongPassword");
    const french = (await loadMessages("fr")) as unknown as { accountData: { errors: Record<string, string> } };
    expect(french.accountData.errors.wrongPassword).toBe("Ce n'est pas votre mot de passe. Rien n'a été supprimé.");

    const blocked = (await post(person, { password: person.password })) as { data: { problem: string } };
    expect(blocked.data.problem).toBe("hasSales");
    expect(await setup.handle.db.select().from(users).where(eq(users.id, person.userId))).toEqual([before]);
  });

  it("deletes a confirmed account, clears the session cookie and says so on the home page", async () => {
    const person = await createTestSession(setup.handle.db, setup.config);
    const answer = (await post(person, { password: person.password }).catch((thrown: unknown) => thrown)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    const cookies = answer.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/^session=; .*Max-Age=0/m);
    expect(cookies).toMatch(/^flash=accountDeleted\./m);
    expect(await setup.handle.db.select().from(users).where(eq(users.id, person.userId))).toEqual([]);
  });
});
