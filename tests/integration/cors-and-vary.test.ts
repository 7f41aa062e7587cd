import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { seedSampleData } from "#server/db/seed/seed";
import { readConfig } from "#server/env";
import { sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import { createLogger } from "#server/logger";
import { createTestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * Pages on other sites calling /api/v1 (decision 012: public reads open to all, the rest to the
 * origins in CORS_ORIGINS, never with the cookie), and the Vary header of every answer that depends
 * on a request header (issue 16 points 7 and 9), through the response cache as production runs it.
 */
const PARTNER = "https://partner.example";
const STRANGER = "https://stranger.example";
const config = readConfig({ NODE_ENV: "test", CORS_ORIGINS: `${PARTNER}, http://localhost:5173` });

/** A page long enough to be compressed, in the language the request asked for. */
async function renderPage(request: Request) {
  const language = request.headers.get("Accept-Language")?.slice(0, 2) ?? "en";
  return new Response(`<!doctype html><html lang="${language}">${"<p>Events</p>".repeat(200)}</html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

let handle: DatabaseHandle;
let app: App;
let bearer: string;
let cookie: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
  app = createApp({ db: handle.db, config, logger: createLogger(config), renderPage, responseCacheTtlMs: 5_000 });
  const person = await createTestSession(handle.db, config);
  bearer = `Bearer ${person.session.access_token}`;
  cookie = sessionCookie(config, tokensFromSession(person.session)).split(";")[0]!;
});
afterAll(() => handle?.close());

const preflight = (path: string, origin: string, method: string, requestHeaders?: string) =>
  app.request(path, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": method,
      ...(requestHeaders ? { "Access-Control-Request-Headers": requestHeaders } : {}),
    },
  });

const varyOf = (response: Response) =>
  (response.headers.get("Vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

describe(`CORS on /api/v1, on the ${testDatabaseKind()} database`, () => {
  it("opens public reads to every site, without credentials", async () => {
    for (const path of ["/api/v1/events", "/api/v1/events/1", "/api/v1/categories", "/api/v1/openapi.json"]) {
      const response = await app.request(path, { headers: { Origin: STRANGER } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      expect(response.headers.get("Access-Control-Allow-Credentials"), path).toBeNull();
      expect(response.headers.get("Access-Control-Expose-Headers"), path).toContain("ETag");
    }
    const asked = await preflight("/api/v1/events", STRANGER, "GET", "if-none-match");
    expect(asked.status).toBe(204);
    expect(asked.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(asked.headers.get("Access-Control-Allow-Headers")).toContain("If-None-Match");
    // A bearer token is not among what any site may send: that takes a listed origin.
    expect(asked.headers.get("Access-Control-Allow-Headers")).not.toContain("Authorization");
  });

  it("keeps the rest closed to sites not listed: no answer they can read, and a preflight that says no", async () => {
    const read = await app.request("/api/v1/me/tickets", { headers: { Origin: STRANGER, Authorization: bearer } });
    expect(read.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(varyOf(read)).toContain("origin");
    for (const [path, method] of [
      ["/api/v1/me/interests", "POST"],
      ["/api/v1/orders", "POST"],
      ["/api/v1/me/tickets", "GET"],
      ["/api/v1/events", "POST"],
    ] as const) {
      const asked = await preflight(path, STRANGER, method, "authorization, content-type");
      expect(asked.status, `${method} ${path}`).toBe(403);
      expect(asked.headers.get("Access-Control-Allow-Origin"), `${method} ${path}`).toBeNull();
      expect(((await asked.json()) as { error: { message: string } }).error.message).toContain("CORS_ORIGINS");
    }
  });

  it("lets a listed origin make any call with a bearer token, and never with the cookie", async () => {
    const asked = await preflight("/api/v1/me/interests", PARTNER, "POST", "authorization, content-type");
    expect(asked.status).toBe(204);
    expect(asked.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(asked.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(asked.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(asked.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(varyOf(asked)).toContain("origin");

    const saved = await app.request("/api/v1/me/interests", {
      method: "POST",
      headers: { Origin: PARTNER, Authorization: bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ interest: "music" }),
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(saved.headers.get("Access-Control-Allow-Credentials")).toBeNull();

    const withCookie = await app.request("/api/v1/me/interests", {
      method: "POST",
      headers: { Origin: PARTNER, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ interest: "music" }),
    });
    expect(withCookie.status).toBe(403);
  });

  it("refuses a CORS_ORIGINS entry that is not an origin as browsers send it", () => {
    for (const bad of [
      "https://partner.example/",
      "partner.example",
      "https://partner.example/app",
      "ftp://x.example",
    ]) {
      expect(() => readConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});

describe(`Vary, on the ${testDatabaseKind()} database`, () => {
  it("names Accept-Language and Cookie on pages, and Accept-Encoding when compressed, fresh and from the cache", async () => {
    for (const attempt of ["made", "reused"]) {
      const plain = await app.request("/events?vary-test", { headers: { "Accept-Language": "fr" } });
      expect(await plain.text()).toContain('lang="fr"');
      expect(varyOf(plain), attempt).toEqual(expect.arrayContaining(["accept-language", "cookie", "accept-encoding"]));
      const zipped = await app.request("/events?vary-test", {
        headers: { "Accept-Language": "fr", "Accept-Encoding": "gzip" },
      });
      expect(zipped.headers.get("Content-Encoding"), attempt).toBe("gzip");
      expect(varyOf(zipped), attempt).toEqual(expect.arrayContaining(["accept-language", "cookie", "accept-encoding"]));
    }
  });

  it("names Authorization and Cookie on API answers, and Origin where CORS answers differ by it", async () => {
    const events = await app.request("/api/v1/events", { headers: { Origin: STRANGER } });
    expect(varyOf(events)).toEqual(expect.arrayContaining(["authorization", "cookie"]));
    // The same `*` to every site: no reason to keep copies by Origin.
    expect(varyOf(events)).not.toContain("origin");
    const tickets = await app.request("/api/v1/me/tickets", { headers: { Authorization: bearer } });
    expect(varyOf(tickets)).toEqual(expect.arrayContaining(["authorization", "cookie", "origin"]));
  });
});
