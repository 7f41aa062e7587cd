import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App, type PageContext } from "#server/app";
import { signOut } from "#server/auth/sessions";
import type { DatabaseHandle } from "#server/db/client";
import { refreshTokens } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { SESSION_COOKIE, readSessionCookie, sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import { createTestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

const config = readConfig({ NODE_ENV: "test" });
const logger = createLogger(config);
/** app.request() addresses the app as http://localhost. */
const SITE = "http://localhost";
const ACCESS_TOKEN_SECONDS = config.auth.accessTokenSeconds;

let handle: DatabaseHandle;
let app: App;
let cachedApp: App;
const renders: PageContext[] = [];

/**
 * The page renderer stands in for React Router here: it reports what pages would be told about the
 * viewer, which is all these tests are about (the browser journeys render the real pages).
 */
async function renderPage(_request: Request, context: PageContext): Promise<Response> {
  renders.push(context);
  return new Response(`<p>${context.viewer ? `signed in as ${context.viewer.email}` : "visitor"}</p>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger, renderPage });
  cachedApp = createApp({ db: handle.db, config, logger, renderPage, responseCacheTtlMs: 5_000 });
});
afterAll(() => handle?.close());

/** A signed-in person whose access token was issued `ageSeconds` ago, and the cookie holding it. */
async function signedIn(ageSeconds = 0) {
  const now = new Date(Date.now() - ageSeconds * 1000);
  const person = await createTestSession(handle.db, config, { now, data: { name: "Amira Haile" } });
  const cookie = sessionCookie(config, tokensFromSession(person.session)).split(";")[0]!;
  return { ...person, cookie };
}

function lastViewer() {
  return renders.at(-1)?.viewer ?? null;
}

function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

describe(`web sessions on the ${testDatabaseKind()} database`, () => {
  it("treats a request without a session cookie as a visitor and leaves it cacheable", async () => {
    const response = await app.request("/events", { headers: { Cookie: "theme=dark" } });
    expect(await response.text()).toBe("<p>visitor</p>");
    expect(lastViewer()).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get("cache-control")).toBeNull();
  });

  it("reads the session cookie: the page knows the person, and the answer is private", async () => {
    const person = await signedIn();
    const response = await app.request("/", { headers: { Cookie: `theme=dark; ${person.cookie}` } });
    expect(await response.text()).toBe(`<p>signed in as ${person.email}</p>`);
    expect(lastViewer()).toEqual({
      userId: person.userId,
      sessionId: expect.any(String),
      email: person.email,
      name: "Amira Haile",
      profileImage: null,
      isStaff: false,
      unreadNotifications: 0,
      unseenBadges: [],
      sessionExpiresAt: person.session.expires_at,
    });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // Nothing to renew yet: the cookie is left alone.
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it("accepts a bearer access token as well, without setting a cookie", async () => {
    const person = await signedIn();
    const response = await app.request("/", { headers: { Authorization: `Bearer ${person.session.access_token}` } });
    expect(await response.text()).toBe(`<p>signed in as ${person.email}</p>`);
    expect(lastViewer()?.sessionExpiresAt).toBeUndefined();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("renews an access token that ends within 90 s during the request, rotating the refresh token", async () => {
    const person = await signedIn(ACCESS_TOKEN_SECONDS - 60);
    const response = await app.request("/", { headers: { Cookie: person.cookie } });
    expect(await response.text()).toBe(`<p>signed in as ${person.email}</p>`);
    const renewed = readSessionCookie(sessionSetCookie(response));
    expect(renewed).not.toBeNull();
    expect(renewed!.refreshToken).not.toBe(person.session.refresh_token);
    expect(renewed!.accessToken).not.toBe(person.session.access_token);
    expect(renewed!.expiresAt).toBeGreaterThan(person.session.expires_at);
    expect(lastViewer()?.sessionExpiresAt).toBe(renewed!.expiresAt);
    expect(sessionSetCookie(response)).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);

    // The renewed cookie works on its own, without another refresh.
    const next = await app.request("/", { headers: { Cookie: sessionSetCookie(response)!.split(";")[0]! } });
    expect(await next.text()).toBe(`<p>signed in as ${person.email}</p>`);
    expect(sessionSetCookie(next)).toBeUndefined();
  });

  it("renews an access token that has already expired, so a returning person is still signed in", async () => {
    const person = await signedIn(ACCESS_TOKEN_SECONDS + 3600);
    const response = await app.request("/", { headers: { Cookie: person.cookie } });
    expect(await response.text()).toBe(`<p>signed in as ${person.email}</p>`);
    expect(readSessionCookie(sessionSetCookie(response))?.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("clears the cookie when the session has ended for good (signed out elsewhere)", async () => {
    const person = await signedIn(ACCESS_TOKEN_SECONDS + 60);
    const first = await app.request("/", { headers: { Cookie: person.cookie } });
    const viewer = lastViewer()!;
    expect(viewer).not.toBeNull();
    await signOut(handle.db, { sessionId: viewer.sessionId, userId: viewer.userId }, "local");
    const cookie = sessionSetCookie(first)!.split(";")[0]!;
    const response = await app.request("/", { headers: { Cookie: cookie } });
    expect(await response.text()).toBe("<p>visitor</p>");
    expect(sessionSetCookie(response)).toMatch(/^session=; .*Max-Age=0$/);
  });

  it("clears a cookie it cannot read, and treats the request as a visitor's", async () => {
    const response = await app.request("/", { headers: { Cookie: `${SESSION_COOKIE}=not-a-session` } });
    expect(await response.text()).toBe("<p>visitor</p>");
    expect(sessionSetCookie(response)).toMatch(/Max-Age=0$/);
  });

  it("refreshes on POST /session/refresh and says when to ask again", async () => {
    const person = await signedIn(ACCESS_TOKEN_SECONDS - 60);
    const response = await app.request("/session/refresh", {
      method: "POST",
      headers: { Cookie: person.cookie, Origin: SITE },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { expiresAt: number; refreshInSeconds: number };
    const renewed = readSessionCookie(sessionSetCookie(response))!;
    expect(renewed.refreshToken).not.toBe(person.session.refresh_token);
    expect(body.expiresAt).toBe(renewed.expiresAt);
    expect(body.refreshInSeconds).toBeGreaterThan(ACCESS_TOKEN_SECONDS - 100);
    expect(body.refreshInSeconds).toBeLessThanOrEqual(ACCESS_TOKEN_SECONDS - 90);
  });

  it("answers an early POST /session/refresh with the current expiry, spending no refresh token", async () => {
    const person = await signedIn(60);
    const response = await app.request("/session/refresh", {
      method: "POST",
      headers: { Cookie: person.cookie, Origin: SITE },
    });
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)).toBeUndefined();
    const body = (await response.json()) as { expiresAt: number; refreshInSeconds: number };
    expect(body.expiresAt).toBe(person.session.expires_at);
    expect(body.refreshInSeconds).toBeGreaterThan(ACCESS_TOKEN_SECONDS - 60 - 100);
    expect(body.refreshInSeconds).toBeLessThanOrEqual(ACCESS_TOKEN_SECONDS - 60 - 90);
  });

  it("keeps the session when several tabs refresh one cookie at once, whichever cookie the browser keeps", async () => {
    const person = await signedIn(ACCESS_TOKEN_SECONDS - 30);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        app.request("/session/refresh", { method: "POST", headers: { Cookie: person.cookie, Origin: SITE } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const cookies = responses.map((response) => readSessionCookie(sessionSetCookie(response))!);
    await handle.db.update(refreshTokens).set({ updatedAt: new Date(Date.now() - 60_000) });
    // Any of the three may be the one the browser stored last; each still renews, well after the 10 s grace.
    for (const cookie of cookies) {
      const aged = sessionCookie(config, { ...cookie, expiresAt: Math.floor(Date.now() / 1000) + 30 }).split(";")[0]!;
      const response = await app.request("/session/refresh", {
        method: "POST",
        headers: { Cookie: aged, Origin: SITE },
      });
      expect(response.status).toBe(200);
      expect(readSessionCookie(sessionSetCookie(response))?.refreshToken).not.toBe(cookie.refreshToken);
    }
  });

  it("answers POST /session/refresh with 401 and a cleared cookie when there is no session left", async () => {
    const person = await signedIn();
    await app.request("/", { headers: { Cookie: person.cookie } });
    const viewer = lastViewer()!;
    await signOut(handle.db, { sessionId: viewer.sessionId, userId: viewer.userId }, "global");
    const response = await app.request("/session/refresh", {
      method: "POST",
      headers: { Cookie: person.cookie, Origin: SITE, "X-Request-Id": "refresh-1" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: "unauthenticated", message: "No session to refresh.", requestId: "refresh-1" },
    });
    expect(sessionSetCookie(response)).toMatch(/Max-Age=0$/);
  });
});

describe("protection against cross-site request forgery", () => {
  const post = (path: string, headers: Record<string, string>) =>
    app.request(path, { method: "POST", headers: { "X-Request-Id": "csrf-1", ...headers } });

  it("refuses a post that carries the session cookie from another site, in the one error shape", async () => {
    const person = await signedIn();
    const rendered = renders.length;
    const response = await post("/signout", { Cookie: person.cookie, Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: "forbidden",
        message: "This request must come from this site's own pages.",
        requestId: "csrf-1",
      },
    });
    expect(renders.length).toBe(rendered);
  });

  it("lets our own pages post with the cookie, by Origin or by Sec-Fetch-Site", async () => {
    const person = await signedIn();
    expect((await post("/signout", { Cookie: person.cookie, Origin: SITE })).status).toBe(200);
    expect((await post("/signout", { Cookie: person.cookie, Origin: config.publicUrl })).status).toBe(200);
    expect((await post("/signout", { Cookie: person.cookie, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("refuses a post with the cookie that says neither where it came from", async () => {
    const person = await signedIn();
    expect((await post("/signout", { Cookie: person.cookie })).status).toBe(403);
    expect((await post("/signout", { Cookie: person.cookie, "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post("/signout", { Cookie: person.cookie, Origin: "null" })).status).toBe(403);
  });

  it("refuses another site's form posting to sign a visitor in, but not a post without an Origin", async () => {
    expect((await post("/signin", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/signin", {})).status).toBe(200);
  });

  it("leaves safe methods and the bearer-only /auth/v1 API alone", async () => {
    const person = await signedIn();
    expect(
      (await app.request("/", { headers: { Cookie: person.cookie, Origin: "https://evil.example" } })).status,
    ).toBe(200);
    const api = await post("/auth/v1/logout", { Cookie: person.cookie, Origin: "https://evil.example" });
    expect(api.status).not.toBe(403);
  });
});

describe("the response cache and signed-in requests", () => {
  it("never serves a signed-in request from the cache, nor keeps its page for visitors", async () => {
    const person = await signedIn();
    const rendered = renders.length;
    await cachedApp.request("/cache-probe");
    await cachedApp.request("/cache-probe");
    expect(renders.length).toBe(rendered + 1);

    const mine = await cachedApp.request("/cache-probe", { headers: { Cookie: person.cookie } });
    const mineAgain = await cachedApp.request("/cache-probe", { headers: { Cookie: person.cookie } });
    expect(await mine.text()).toBe(`<p>signed in as ${person.email}</p>`);
    expect(await mineAgain.text()).toBe(`<p>signed in as ${person.email}</p>`);
    expect(renders.length).toBe(rendered + 3);

    const visitor = await cachedApp.request("/cache-probe");
    expect(await visitor.text()).toBe("<p>visitor</p>");
    expect(renders.length).toBe(rendered + 3);
  });

  it("does not cache a request with a bearer token either", async () => {
    const person = await signedIn();
    const rendered = renders.length;
    for (let i = 0; i < 2; i += 1) {
      await cachedApp.request("/cache-probe-bearer", {
        headers: { Authorization: `Bearer ${person.session.access_token}` },
      });
    }
    expect(renders.length).toBe(rendered + 2);
  });
});
