import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as preferencesRoute from "#app/routes/preferences";
import { createApp, type App, type PageContext } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig } from "#server/env";
import { readProxyRecord } from "#server/http/request-origin";
import { createLogger } from "#server/logger";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * The site behind a TLS-terminating proxy (issue 16 point 1): the browser is on https://events.example
 * and sends that Origin, while the app is reached at http://10.0.0.5:3000 with the proxy's
 * X-Forwarded-* (or Forwarded) headers. Every kind of page form goes through the whole server and
 * React Router's own request handler, whose action check compares the Origin header with the request
 * URL; the forms' own work is tested elsewhere, so each route here only says what it was handed.
 */
const PUBLIC = "https://events.example";
const INTERNAL = "http://10.0.0.5:3000";
const BROWSER_ADDRESS = "203.0.113.7";

/** The page forms a person posts: sign-in, sign-up, checkout, event editing, check-in, refunds (an order's page). */
const FORM_PAGES = ["/signin", "/signup", "/events/7/checkout", "/events/7/edit", "/events/7/check-in", "/orders/abc"];

/** What a page's action was handed: the address it was asked at and the client's address. */
async function echo({ request, context }: { request: Request; context: PageContext }) {
  return { url: request.url, clientAddress: context.clientAddress };
}

/**
 * The smallest build React Router's request handler runs: a root, one route per form page, the real
 * language-and-theme route, and an entry that answers a document request with the action's data
 * instead of HTML.
 */
function buildWithFormPages(): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: () => null } },
    preferences: { id: "preferences", parentId: "root", path: "preferences", module: preferencesRoute as never },
  };
  FORM_PAGES.forEach((path, index) => {
    const id = `form-${index}`;
    routes[id] = { id, parentId: "root", path: path.slice(1), module: { action: echo as never, default: () => null } };
  });
  return {
    entry: {
      module: {
        default: (_request, status, headers, context) =>
          Response.json(Object.values(context.staticHandlerContext.actionData ?? {})[0] ?? null, { status, headers }),
      },
    },
    routes,
    assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" } as never,
    publicPath: "/",
    assetsBuildDirectory: "",
    future: { v8_middleware: false } as never,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

const renderPage = createRequestHandler(buildWithFormPages(), "test") as unknown as (
  request: Request,
  context: PageContext,
) => Promise<Response>;

let handle: DatabaseHandle;
function appWith(env: Record<string, string>): App {
  const config = readConfig({ NODE_ENV: "production", DEV_MAILBOX: "false", LOG_LEVEL: "silent", ...env });
  return createApp({ db: handle.db, config, logger: createLogger(config), renderPage });
}
let trusting: App;
let notTrusting: App;
let plainHttp: App;

beforeAll(async () => {
  handle = await openTestDatabase();
  trusting = appWith({ PUBLIC_URL: PUBLIC, TRUST_PROXY: "true" });
  notTrusting = appWith({ PUBLIC_URL: PUBLIC });
  plainHttp = appWith({ PUBLIC_URL: "http://events.example", TRUST_PROXY: "true" });
});
afterAll(() => handle?.close());

type Proxied = "x-forwarded" | "forwarded";
const PROXY_HEADERS: Record<Proxied, Record<string, string>> = {
  "x-forwarded": {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "events.example",
    "X-Forwarded-For": `198.51.100.99, ${BROWSER_ADDRESS}`,
  },
  forwarded: { Forwarded: `for=198.51.100.99, for="${BROWSER_ADDRESS}:4711";proto=https;host=events.example` },
};

/**
 * A form post as the browser sends it through the proxy: without JavaScript to the page's own
 * address, with JavaScript (React Router's fetch) to its `.data` address. A stale session cookie
 * makes the CSRF check take its strictest path (and makes the server clear it, a cookie to look at).
 */
function postThroughProxy(
  app: App,
  path: string,
  {
    viaScript = false,
    proxied = "x-forwarded" as Proxied,
    origin = PUBLIC,
    fields = { email: "meron@example.com" } as Record<string, string>,
  } = {},
) {
  return app.request(`${INTERNAL}${viaScript ? `${path}.data` : path}`, {
    method: "POST",
    headers: {
      Host: "10.0.0.5:3000",
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: "session=stale",
      "Sec-Fetch-Site": "same-origin",
      ...PROXY_HEADERS[proxied],
    },
    body: new URLSearchParams(fields),
  });
}

describe(`page forms behind an HTTPS proxy, on the ${testDatabaseKind()} database`, () => {
  for (const path of FORM_PAGES) {
    it(`${path} takes the browser's post with and without JavaScript, from the proxy's X-Forwarded-* and Forwarded`, async () => {
      for (const viaScript of [false, true]) {
        for (const proxied of ["x-forwarded", "forwarded"] as const) {
          const response = await postThroughProxy(trusting, path, { viaScript, proxied });
          expect(response.status, `${viaScript ? ".data" : "document"} post with ${proxied}`).toBe(200);
        }
      }
      const answer = (await (await postThroughProxy(trusting, path)).json()) as { url: string; clientAddress: string };
      expect(answer).toEqual({ url: `${PUBLIC}${path}`, clientAddress: BROWSER_ADDRESS });
    });
  }

  it("takes forms from PUBLIC_URL's own origin even when the proxy is not trusted", async () => {
    for (const viaScript of [false, true]) {
      expect((await postThroughProxy(notTrusting, "/signin", { viaScript })).status).toBe(200);
    }
  });

  it("still refuses a post from another site, and believes no forwarded headers without TRUST_PROXY", async () => {
    for (const app of [trusting, notTrusting]) {
      expect((await postThroughProxy(app, "/signin", { origin: "https://evil.example" })).status).toBe(403);
    }
    // The client's own forwarded headers do not make http://10.0.0.5:3000 https://evil.example.
    const spoofed = await notTrusting.request(`${INTERNAL}/signin`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
      body: new URLSearchParams({ email: "meron@example.com" }),
    });
    expect(spoofed.status).toBe(403);
  });

  it("sends HSTS and makes every cookie Secure on answers that travel over HTTPS", async () => {
    const response = await postThroughProxy(trusting, "/signin");
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
  });

  it("sets the language and theme cookies Secure over HTTPS, with and without JavaScript, and not over plain HTTP", async () => {
    const fields = { language: "fr", theme: "dark" };
    for (const viaScript of [false, true]) {
      const response = await postThroughProxy(trusting, "/preferences", { viaScript, fields });
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie().filter((cookie) => /^(lang|theme)=/.test(cookie));
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    }
    // The browser reached http://events.example: a Secure cookie would never come back.
    const overHttp = await plainHttp.request(`${INTERNAL}/preferences`, {
      method: "POST",
      headers: { Origin: "http://events.example", "X-Forwarded-Host": "events.example", "X-Forwarded-Proto": "http" },
      body: new URLSearchParams(fields),
    });
    expect(overHttp.status).toBe(200);
    expect(overHttp.headers.getSetCookie().join("\n")).not.toMatch(/Secure/i);
    expect(overHttp.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("sends HSTS when a trusted proxy says the browser came over HTTPS, whatever PUBLIC_URL says", async () => {
    const response = await postThroughProxy(plainHttp, "/signin", { origin: "https://events.example" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("the proxy's record of a request", () => {
  const record = (headers: Record<string, string>) => readProxyRecord((name) => new Headers(headers).get(name));

  it("is the last entry of each header, the one the nearest proxy wrote", () => {
    expect(
      record({
        "X-Forwarded-Proto": "http, https",
        "X-Forwarded-Host": "evil.example, Events.Example",
        "X-Forwarded-For": "1.2.3.4, 203.0.113.7",
      }),
    ).toEqual({ proto: "https", host: "events.example", for: "203.0.113.7" });
    expect(
      record({
        Forwarded: 'for=1.2.3.4;host=evil.example, for="[2001:db8::1]:4711";proto=https;host="events.example:8443"',
      }),
    ).toEqual({
      proto: "https",
      host: "events.example:8443",
      for: "2001:db8::1",
    });
  });

  it("takes X-Forwarded-* over Forwarded, and ignores what could change the URL's meaning", () => {
    expect(record({ "X-Forwarded-Proto": "https", Forwarded: "proto=http;host=events.example" })).toEqual({
      proto: "https",
      host: "events.example",
    });
    expect(
      record({
        "X-Forwarded-Proto": "javascript",
        "X-Forwarded-Host": "evil.example/path?x",
        "X-Forwarded-For": "x".repeat(65),
      }),
    ).toEqual({});
    expect(record({ "X-Forwarded-Host": "user@evil.example" })).toEqual({});
  });

  it("names the browser's origin as browsers write it, with the default port left out", async () => {
    const withPort = await plainHttp.request(`${INTERNAL}/signin`, {
      method: "POST",
      headers: { Origin: PUBLIC, "X-Forwarded-Proto": "https", "X-Forwarded-Host": "events.example:443" },
      body: new URLSearchParams({ email: "meron@example.com" }),
    });
    expect(withPort.status).toBe(200);
  });
});
