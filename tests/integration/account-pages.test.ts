import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as confirmPage from "#app/routes/auth-confirm";
import * as forgotPasswordPage from "#app/routes/forgot-password";
import * as homePage from "#app/routes/home";
import * as preferencesRoute from "#app/routes/preferences";
import * as resetPasswordPage from "#app/routes/reset-password";
import * as signInPage from "#app/routes/sign-in";
import * as signUpPage from "#app/routes/sign-up";
import { SMALL_FORM_BYTES } from "#server/http/read-form";
import { requestMagicLink } from "#server/auth/email-links";
import type { DatabaseHandle } from "#server/db/client";
import { oneTimeTokens, users } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { SESSION_COOKIE } from "#server/http/session-cookie";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { listMyInterests } from "#server/services/interests";
import { countEmails, latestEmailLink } from "#tests/support/auth-mail";
import { createTestSession, testAuthRequest } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * The account pages' loaders and actions, called as React Router calls them (the browser journeys in
 * tests/e2e render the same pages): what a request may change, and what it may not.
 */
const config = readConfig({ NODE_ENV: "test", AUTH_EMAILS_PER_HOUR: "1000" });
const SITE = config.publicUrl;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

function contextFor(viewer: Viewer | null = null): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: testAuthRequest().ip,
    payments: createSandboxProvider(),
  };
}

/** What a loader or action answered: React Router's data() object or a Response (redirects). */
interface Answer {
  status: number;
  data: unknown;
  headers: Headers;
}

async function answerOf(answer: unknown): Promise<Answer> {
  const result = await answer;
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | number | null };
  if (withInit?.type === "DataWithResponseInit") {
    const init = typeof withInit.init === "number" ? { status: withInit.init } : (withInit.init ?? {});
    return { status: init.status ?? 200, data: withoutWords(withInit.data), headers: new Headers(init.headers) };
  }
  return { status: 200, data: withoutWords(result), headers: new Headers() };
}

/** A page's data without the words its loader sends along (pageMessages), which these tests do not read. */
function withoutWords(data: unknown): unknown {
  if (!data || typeof data !== "object" || !("pageMessages" in data)) return data;
  const { pageMessages: _words, ...rest } = data as Record<string, unknown>;
  return rest;
}

const sessionCookieOf = (answer: Answer) =>
  answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));

function formPost(path: string, fields: Record<string, string>): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body: new URLSearchParams(fields),
  });
}

/** A form with a field far over the limit: declared up front, or streamed with no Content-Length. */
function oversizedPost(path: string, fields: Record<string, string>, streamed: boolean): Request {
  const body = new URLSearchParams({ ...fields, padding: "x".repeat(SMALL_FORM_BYTES * 64) }).toString();
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE };
  if (!streamed) {
    headers["Content-Length"] = String(Buffer.byteLength(body));
    return new Request(`${SITE}${path}`, { method: "POST", headers, body });
  }
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 8192)
        controller.enqueue(bytes.slice(offset, offset + 8192));
      controller.close();
    },
  });
  return new Request(`${SITE}${path}`, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
}

async function magicLinkFor(email: string): Promise<URL> {
  await requestMagicLink(handle.db, config, testAuthRequest(), {
    email,
    createUser: false,
    redirectTo: `${SITE}/events`,
    confirmUrl: `${SITE}/auth/confirm`,
  });
  return new URL(await latestEmailLink(handle.db, email, "magiclink"));
}

const storedLinks = async (userId: string) =>
  (await handle.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId))).length;

describe(`the e-mailed link's page on the ${testDatabaseKind()} database`, () => {
  it("only asks on GET: opening the link signs nobody in and leaves the token unspent", async () => {
    const person = await createTestSession(handle.db, config);
    const link = await magicLinkFor(person.email);
    expect(link.pathname).toBe("/auth/confirm");

    // A mail scanner fetching the link, twice: a page with a button, no cookie, the token still there.
    for (let fetch = 0; fetch < 2; fetch += 1) {
      const opened = await answerOf(confirmPage.loader({ request: new Request(link), context: contextFor() } as never));
      expect(opened.status).toBe(200);
      expect(opened.data).toEqual({
        link: { type: "magiclink", tokenHash: link.searchParams.get("token_hash"), next: "/events" },
      });
      expect(opened.headers.getSetCookie()).toEqual([]);
      expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect(await storedLinks(person.userId)).toBe(1);

    // Pressing the button posts the link's fields: now the token is spent and the person signed in.
    const fields = Object.fromEntries(link.searchParams);
    const pressed = await answerOf(
      await confirmPage.action({ request: formPost("/auth/confirm", fields), context: contextFor() } as never),
    );
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("Location")).toBe("/events");
    expect(sessionCookieOf(pressed)).toBeDefined();
    expect(await storedLinks(person.userId)).toBe(0);

    // The same link again: expired, and no cookie.
    const again = await answerOf(
      await confirmPage.action({ request: formPost("/auth/confirm", fields), context: contextFor() } as never),
    );
    expect(again.status).toBe(403);
    expect(again.data).toEqual({ problem: { kind: "linkExpired" }, isRecovery: false });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it("answers a link that cannot be one of ours with the expired page, without asking anything", async () => {
    for (const query of [
      "",
      "?type=magiclink",
      "?token_hash=abc&type=invite",
      `?token_hash=${"a".repeat(300)}&type=signup`,
    ]) {
      const opened = await answerOf(
        confirmPage.loader({ request: new Request(`${SITE}/auth/confirm${query}`), context: contextFor() } as never),
      );
      expect(opened.status, query).toBe(400);
      expect(opened.data).toMatchObject({ problem: { kind: "linkExpired" } });
    }
    const recovery = await answerOf(
      confirmPage.loader({
        request: new Request(`${SITE}/auth/confirm?type=recovery`),
        context: contextFor(),
      } as never),
    );
    expect(recovery.data).toEqual({ problem: { kind: "linkExpired" }, isRecovery: true });
  });
});

describe(`oversized form posts on the ${testDatabaseKind()} database`, () => {
  it.each([false, true])("refuses them with 413 and changes nothing (streamed: %s)", async (streamed) => {
    const person = await createTestSession(handle.db, config);
    const viewer: Viewer = {
      userId: person.userId,
      sessionId: randomUUID(),
      email: person.email,
      name: "Person",
      profileImage: null,
      isStaff: false,
    };
    const newcomer = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const cases: {
      route: { action: (args: never) => unknown };
      path: string;
      fields: Record<string, string>;
      viewer: Viewer | null;
    }[] = [
      {
        route: signInPage,
        path: "/signin",
        fields: { intent: "password", email: person.email, password: person.password },
        viewer: null,
      },
      {
        route: signUpPage,
        path: "/signup",
        fields: { name: "Newcomer", email: newcomer, password: "long-enough-Passw0rd" },
        viewer: null,
      },
      { route: forgotPasswordPage, path: "/forgot-password", fields: { email: person.email }, viewer: null },
      { route: resetPasswordPage, path: "/reset-password", fields: { password: "another-Passw0rd-9" }, viewer },
      { route: homePage, path: "/", fields: { intent: "save", interest: "music" }, viewer },
      { route: preferencesRoute, path: "/preferences", fields: { theme: "dark" }, viewer: null },
      { route: confirmPage, path: "/auth/confirm", fields: { token_hash: "abc", type: "magiclink" }, viewer: null },
    ];
    for (const { route, path, fields, viewer: asViewer } of cases) {
      const result = await route.action({
        request: oversizedPost(path, fields, streamed),
        context: contextFor(asViewer),
      } as never);
      const answer = await answerOf(result);
      expect(answer.status, path).toBe(413);
      expect(answer.headers.getSetCookie(), path).toEqual([]);
      if (path !== "/" && path !== "/preferences") {
        expect(answer.data, path).toMatchObject({ problem: { kind: "formTooLarge" } });
      }
    }
    // Nothing was made, sent or saved.
    expect(await handle.db.select().from(users).where(eq(users.email, newcomer))).toEqual([]);
    expect(await countEmails(handle.db, person.email)).toBe(0);
    expect(await listMyInterests(handle.db, viewer)).toEqual([]);
  });

  it("still takes forms of ordinary size", async () => {
    const person = await createTestSession(handle.db, config);
    const answer = await answerOf(
      await signInPage.action({
        request: formPost("/signin", { intent: "password", email: person.email, password: person.password }),
        context: contextFor(),
      } as never),
    );
    expect(answer.status).toBe(302);
    expect(sessionCookieOf(answer)).toBeDefined();
  });
});

describe("the preferences form's return address", () => {
  const post = (redirectTo: string) =>
    preferencesRoute.action({
      request: formPost("/preferences", { theme: "dark", redirectTo }),
      context: contextFor(),
    } as never);

  it.each(["/.//evil.example", "/a/..//evil.example", "/%2e//evil.example", "//evil.example", "/\\evil.example"])(
    "refuses %s, which would lead to another site, and stores nothing",
    async (redirectTo) => {
      const answer = await answerOf(await post(redirectTo));
      expect(answer.status).toBe(400);
      expect(answer.headers.get("Location")).toBeNull();
      expect(answer.headers.getSetCookie()).toEqual([]);
    },
  );

  it("returns to the page on this site, as the browser resolves it, without its ?lang=", async () => {
    const answer = await answerOf(await post("/events/./12/../13?lang=fr&q=jazz"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/events/13?q=jazz");
  });
});
