import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as auditPage from "#app/routes/admin-audit";
import * as peoplePage from "#app/routes/admin-people";
import * as personPage from "#app/routes/admin-person";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { authenticateAccessToken } from "#server/auth/access-tokens";
import { refreshSession } from "#server/auth/sessions";
import { signInWithPassword } from "#server/auth/sign-in";
import type { DatabaseHandle } from "#server/db/client";
import { authSessions, orders, staffActions, users } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { isStaff } from "#server/services/staff";
import { recordStaffAction } from "#server/services/staff-actions";
import { createTestSession, testAuthRequest, type TestSession } from "#tests/support/auth-session";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * The console's people pages (/admin/people, /admin/people/:id) and audit log (/admin/audit) as React
 * Router serves them: who may open them, what they show (never a secret), and what their actions do.
 */
const config = readConfig({ NODE_ENV: "test" });
const ORIGIN = config.publicUrl;

let handle: DatabaseHandle;
let staff: { userId: string; email: string };
beforeAll(async () => {
  handle = await openTestDatabase();
  staff = await insertUser(handle.db, { name: "Console Keeper" });
  await makeStaff(handle.db, staff.userId);
});
afterAll(() => handle?.close());

function viewerOf(person: { userId: string; email: string }, isStaffMember: boolean): Viewer {
  return {
    userId: person.userId,
    sessionId: randomUUID(),
    email: person.email,
    name: "X",
    profileImage: null,
    isStaff: isStaffMember,
  };
}
const contextOf = (viewer: Viewer | null) => ({ db: handle.db, config, viewer }) as unknown as AppLoadContext;

/** A loader's answer: the data of `data(...)`, or what it threw (a 404 as React Router's data()). */
async function load<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  viewer: Viewer | null,
  params: Record<string, string> = {},
) {
  const answer = (await loader({
    request: new Request(`${ORIGIN}${path}`),
    params,
    context: contextOf(viewer),
  } as never)) as {
    data: unknown;
  };
  return answer.data as T extends { data: infer D } ? D : never;
}

async function refusalOf(work: () => Promise<unknown>) {
  return work().then(
    () => null,
    (error: unknown) => (error as { init?: { status: number } }).init?.status ?? error,
  );
}

async function act(viewer: Viewer | null, userId: string, fields: Record<string, string>) {
  return personPage.action({
    request: new Request(`${ORIGIN}/admin/people/${userId}`, { method: "POST", body: new URLSearchParams(fields) }),
    params: { id: userId },
    context: contextOf(viewer),
  } as never) as Promise<Response | { data: { problem: { code: string } }; init: { status: number } }>;
}

async function render(language: Language, component: unknown, path: string, props: Record<string, unknown>) {
  const messages = await loadMessages(language);
  const element = createElement(component as never, props as never);
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { value: createTranslator(language, messages) },
      createElement(RouterProvider, { router }),
    ),
  );
}

describe(`the people pages of the console on the ${testDatabaseKind()} database`, () => {
  it("answer 404 to visitors and to people who are not staff, for every loader and action", async () => {
    const member = await insertUser(handle.db);
    for (const viewer of [null, viewerOf(member, false)]) {
      expect(await refusalOf(() => load(peoplePage.loader, "/admin/people", viewer))).toBe(404);
      expect(await refusalOf(() => load(auditPage.loader, "/admin/audit", viewer))).toBe(404);
      expect(
        await refusalOf(() => load(personPage.loader, `/admin/people/${member.userId}`, viewer, { id: member.userId })),
      ).toBe(404);
      expect(await refusalOf(() => act(viewer, member.userId, { intent: "suspend", reason: "x" }))).toBe(404);
    }
    const [account] = await handle.db
      .select({ bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, member.userId));
    expect(account!.bannedUntil).toBeNull();
    // Staff: unknown and malformed ids are 404 too.
    for (const id of [randomUUID(), "not-an-id"]) {
      expect(await refusalOf(() => load(personPage.loader, `/admin/people/${id}`, viewerOf(staff, true), { id }))).toBe(
        404,
      );
    }
  });

  it("finds people by part of their name or address, and keeps staff, suspended people or organizers", async () => {
    const tag = randomUUID().slice(0, 6);
    const abebe = await insertUser(handle.db, { name: `Abebe ${tag} Kebede`, email: `abebe-${tag}@example.org` });
    const organizer = await insertUser(handle.db, { name: `Selam ${tag}`, role: "organizer" });
    await insertEventWithTicketTypes(handle.db, { organizerId: organizer.userId, ticketTypes: [] });
    const search = (query: string) => load(peoplePage.loader, `/admin/people?${query}`, viewerOf(staff, true));

    const byName = await search(`q=${tag}%20kebede`);
    expect(byName.people.map((person) => person.id)).toEqual([abebe.userId]);
    const byAddress = await search(`q=ABEBE-${tag}@EXAMPLE`);
    expect(byAddress.people.map((person) => person.email)).toEqual([abebe.email]);
    expect((await search(`q=${tag}&filter=organizers`)).people.map((person) => person.id)).toEqual([organizer.userId]);
    expect((await search(`q=${tag}&filter=organizers`)).people[0]!.eventsOrganized).toBe(1);
    expect((await search(`q=${tag}&filter=staff`)).people).toEqual([]);
    expect((await search("filter=staff")).people.map((person) => person.id)).toContain(staff.userId);
    // LIKE's wildcards are plain characters in a search; a bad filter is no filter.
    expect((await search("q=%25%25")).people).toEqual([]);
    expect((await search(`q=${tag}&filter=bogus&page=-3`)).people).toHaveLength(2);
    // A NUL typed into the address (the database cannot compare it) is left out, not a 500.
    expect((await search(`q=abebe-${tag}%00`)).people.map((person) => person.id)).toEqual([abebe.userId]);
  });

  it("shows an account whole, with its events and orders, and never its password hash or a token", async () => {
    const person: TestSession = await createTestSession(handle.db, config, { data: { name: "Hidden Secrets" } });
    const event = await insertEventWithTicketTypes(handle.db, {
      organizerId: person.userId,
      title: "Secret Garden Jazz",
      ticketTypes: [],
    });
    await handle.db.insert(orders).values({
      eventId: event.eventId,
      userId: person.userId,
      buyerName: "Hidden Secrets",
      buyerEmail: person.email,
      status: "confirmed",
      totalCents: 4_500,
    });
    const [secrets] = await handle.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, person.userId));
    expect(secrets!.hash).toMatch(/^\$argon2id\$/);

    const pageData = await load(personPage.loader, `/admin/people/${person.userId}`, viewerOf(staff, true), {
      id: person.userId,
    });
    expect(pageData.person.account).toMatchObject({ email: person.email, providers: ["email"], activeSessions: 1 });
    expect(pageData.person.events).toMatchObject([
      { id: event.eventId, title: "Secret Garden Jazz", role: "organizer" },
    ]);
    expect(pageData.person.orders).toMatchObject([
      { eventTitle: "Secret Garden Jazz", totalCents: 4_500, status: "confirmed" },
    ]);
    const serialized = JSON.stringify(pageData);
    for (const secret of [secrets!.hash!, "argon2", person.session.refresh_token, person.session.access_token]) {
      expect(serialized).not.toContain(secret);
    }

    const html = await render("en", personPage.default, `/admin/people/${person.userId}`, { loaderData: pageData });
    expect(html).toContain(person.email);
    expect(html).toContain("Secret Garden Jazz");
    expect(html).toContain("$45.00");
    expect(html).toContain(`href="/events/${event.eventId}"`);
    expect(html).toContain("E-mail (password or link)");
    for (const secret of [secrets!.hash!, "argon2", person.session.refresh_token]) expect(html).not.toContain(secret);
  });

  it("suspends with a required reason, ending every session and refusing sign-in, then restores", async () => {
    const person = await createTestSession(handle.db, config);
    const second = await signInWithPassword(handle.db, config, testAuthRequest(), person);
    const sessions = () =>
      handle.db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, person.userId));
    expect(await sessions()).toHaveLength(2);

    // No reason, a blank one or an unknown length: a clear word, and nothing changed.
    const badForms: Record<string, string>[] = [
      {},
      { reason: "   " },
      { reason: "Spam", length: "365" },
      { reason: "x".repeat(501) },
    ];
    for (const fields of badForms) {
      const answer = (await act(viewerOf(staff, true), person.userId, { intent: "suspend", ...fields })) as {
        data: { problem: { code: string } };
        init: { status: number };
      };
      expect(answer.init.status).toBe(422);
      expect(answer.data.problem.code).toMatch(/^(reason_required|length_invalid|reason_too_long)$/);
    }
    expect(await sessions()).toHaveLength(2);

    const done = (await act(viewerOf(staff, true), person.userId, {
      intent: "suspend",
      reason: "Sold tickets to an event that did not exist",
      length: "30",
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/people/${person.userId}?done=suspended`);
    expect(await sessions()).toHaveLength(0);
    await expect(
      authenticateAccessToken(handle.db, config, person.session.access_token, new Date()),
    ).rejects.toMatchObject({ code: "session_not_found" });
    await expect(
      refreshSession(handle.db, config, testAuthRequest(), { refreshToken: second.refresh_token }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(signInWithPassword(handle.db, config, testAuthRequest(), person)).rejects.toMatchObject({
      code: "user_banned",
    });

    const pageData = await load(
      personPage.loader,
      `/admin/people/${person.userId}?done=suspended`,
      viewerOf(staff, true),
      {
        id: person.userId,
      },
    );
    expect(pageData.person.suspension).toMatchObject({ reason: "Sold tickets to an event that did not exist" });
    const html = await render("en", personPage.default, `/admin/people/${person.userId}`, { loaderData: pageData });
    expect(html).toContain("The account is suspended and signed out everywhere.");
    expect(html).toContain("Sold tickets to an event that did not exist");

    expect(((await act(viewerOf(staff, true), person.userId, { intent: "restore" })) as Response).status).toBe(302);
    await expect(signInWithPassword(handle.db, config, testAuthRequest(), person)).resolves.toMatchObject({
      user: { id: person.userId },
    });
    const again = (await act(viewerOf(staff, true), person.userId, { intent: "restore" })) as {
      data: { problem: { code: string } };
      init: { status: number };
    };
    expect([again.init.status, again.data.problem.code]).toEqual([409, "not_suspended"]);
  });

  it("refuses to let staff suspend themselves or remove their own role, and grants and removes others'", async () => {
    const me = viewerOf(staff, true);
    for (const intent of ["suspend", "remove_staff"]) {
      const answer = (await act(me, staff.userId, { intent, reason: "Oops" })) as {
        data: { problem: { code: string } };
        init: { status: number };
      };
      expect(answer.init.status).toBe(422);
      expect(answer.data.problem.code).toBe(intent === "suspend" ? "own_account" : "own_role");
    }
    const [me2] = await handle.db
      .select({ bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, staff.userId));
    expect(me2!.bannedUntil).toBeNull();
    expect(await isStaff(handle.db, staff.userId)).toBe(true);

    const colleague = await insertUser(handle.db, { name: "New Colleague" });
    await act(me, colleague.userId, { intent: "grant_staff", reason: "Joins the support team" });
    expect(await isStaff(handle.db, colleague.userId)).toBe(true);
    await act(me, colleague.userId, { intent: "remove_staff" });
    expect(await isStaff(handle.db, colleague.userId)).toBe(false);
    const unknown = (await act(me, colleague.userId, { intent: "delete_everything" })) as { init: { status: number } };
    expect(unknown.init.status).toBe(400);
  });
});

describe("the audit log page", () => {
  it("shows each action with its author, reason and only the fields it changed, newest first, with filters", async () => {
    const person = await insertUser(handle.db, { name: "Audited Person" });
    const me = viewerOf(staff, true);
    await act(me, person.userId, { intent: "suspend", reason: "Repeated spam", length: "7" });
    await act(me, person.userId, { intent: "restore", reason: "Appeal accepted" });
    await act(me, person.userId, { intent: "grant_staff", reason: "Hired" });
    const rows = await handle.db
      .select({
        action: staffActions.action,
        actorId: staffActions.actorId,
        reason: staffActions.reason,
        before: staffActions.before,
        after: staffActions.after,
      })
      .from(staffActions)
      .where(eq(staffActions.subjectId, person.userId))
      .orderBy(staffActions.id);
    expect(rows).toMatchObject([
      {
        action: "user.suspend",
        actorId: staff.userId,
        reason: "Repeated spam",
        before: { suspendedUntil: null },
        after: { sessionsEnded: 0 },
      },
      { action: "user.restore", actorId: staff.userId, reason: "Appeal accepted", after: { suspendedUntil: null } },
      {
        action: "staff.grant",
        actorId: staff.userId,
        reason: "Hired",
        before: { isStaff: false },
        after: { isStaff: true },
      },
    ]);
    // An action another engineer adds, without a label yet, and one from the command line.
    await handle.db.transaction((tx) =>
      recordStaffAction(
        tx,
        {
          actorId: null,
          action: "widget.polish",
          subjectType: "widget",
          subjectId: 7,
          before: { shine: 1, size: 2 },
          after: { shine: 2, size: 2 },
        },
        new Date(),
      ),
    );

    const aboutPerson = await load(auditPage.loader, `/audit?subjectType=user&subjectId=${person.userId}`, me);
    expect(aboutPerson.actions.map((row) => row.action)).toEqual(["staff.grant", "user.restore", "user.suspend"]);
    expect(aboutPerson.actions[0]).toMatchObject({ actorName: "Console Keeper", subjectName: "Audited Person" });
    const everything = await load(auditPage.loader, "/admin/audit", me);
    expect(everything.actions[0]!.action).toBe("widget.polish");
    expect(everything.families).toEqual(expect.arrayContaining(["staff", "user", "widget"]));
    const onlyUsers = await load(auditPage.loader, "/admin/audit?family=user", me);
    expect(new Set(onlyUsers.actions.map((row) => row.action.split(".")[0]))).toEqual(new Set(["user"]));
    const byMe = await load(auditPage.loader, `/admin/audit?actor=${staff.userId}`, me);
    expect(byMe.actions.every((row) => row.actorId === staff.userId)).toBe(true);
    expect(
      (await load(auditPage.loader, "/admin/audit?family=%25&actor=nope&page=x", me)).actions.length,
    ).toBeGreaterThan(0);

    const html = await render("en", auditPage.default, "/admin/audit", { loaderData: everything });
    expect(html).toContain("widget.polish"); // no label yet: its own word
    expect(html).toContain("command line / STAFF_EMAILS");
    expect(html).toContain("Suspended an account");
    expect(html).toContain("Repeated spam");
    expect(html).toContain(`href="/admin/people/${person.userId}"`);
    expect(html).toContain(`href="/admin/people/${staff.userId}"`);
    expect(html).toMatch(/shine<\/dt><dd[^>]*><bdi>1<\/bdi>.*?<bdi>2<\/bdi>/);
    expect(html).not.toMatch(/size<\/dt>/); // unchanged fields are left out
    const arabic = await render("ar", auditPage.default, "/admin/audit", { loaderData: aboutPerson });
    expect(arabic).toContain("إيقاف حساب");
  });
});
