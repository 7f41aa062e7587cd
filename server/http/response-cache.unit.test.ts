import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import { describe, expect, it } from "vitest";
import { readConfig } from "#server/env";
import type { AppEnv } from "#server/http/app-env";
import { acceptsGzip, responseCache, RESPONSE_CACHE_TTL_MS } from "./response-cache";
import { securityHeaders } from "./security-headers";

const CONFIG = readConfig({ NODE_ENV: "test" });

/**
 * The middleware order of the real app: the configuration, security headers (which set the CSP nonce), compression, the
 * cache, then a handler that counts its runs and writes its nonce into the page as the renderer does.
 */
function cachedSite(respond: (c: { nonce: string; run: number }) => Response | Promise<Response> = defaultPage) {
  let now = 0;
  const state = { runs: 0 };
  const app = new Hono<AppEnv>();
  app.use((c, next) => {
    c.set("config", CONFIG);
    return next();
  });
  app.use(securityHeaders({ isProduction: true }));
  app.use(compress());
  app.use(responseCache({ ttlMs: RESPONSE_CACHE_TTL_MS, clock: () => now }));
  app.use("/api/*", etag({ weak: true }));
  app.all("*", (c) => {
    state.runs += 1;
    return respond({ nonce: c.get("cspNonce"), run: state.runs });
  });
  return {
    state,
    advance: (ms: number) => (now += ms),
    get: (path: string, headers: Record<string, string> = {}, method = "GET") => app.request(path, { method, headers }),
  };
}

function defaultPage({ nonce, run }: { nonce: string; run: number }) {
  return new Response(`<script nonce="${nonce}">run ${run}</script>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("the response cache", () => {
  it("reuses a page for a few seconds with the nonce its scripts were rendered with", async () => {
    const site = cachedSite();
    const first = await site.get("/");
    const second = await site.get("/");
    const firstBody = await first.text();
    expect(firstBody).toBe(`<script nonce="${nonceOf(first)}">run 1</script>`);
    expect(await second.text()).toBe(firstBody);
    expect(nonceOf(second)).toBe(nonceOf(first));
    site.advance(RESPONSE_CACHE_TTL_MS);
    const third = await site.get("/");
    expect(await third.text()).toBe(`<script nonce="${nonceOf(third)}">run 2</script>`);
    expect(nonceOf(third)).not.toBe(nonceOf(first));
    expect(site.state.runs).toBe(2);
  });

  it("keeps responses apart by address, cookies and language preference", async () => {
    const site = cachedSite();
    await site.get("/");
    await site.get("/?lang=fr");
    await site.get("/", { Cookie: "lang=ar" });
    await site.get("/", { "Accept-Language": "am" });
    expect(site.state.runs).toBe(4);
  });

  it("shares one response among visitors asking at the same moment", async () => {
    const site = cachedSite();
    const bodies = await Promise.all([1, 2, 3].map(async () => (await site.get("/x")).text()));
    expect(site.state.runs).toBe(1);
    expect(new Set(bodies).size).toBe(1);
  });

  it("serves an expired response to the others while one request remakes it", async () => {
    let gate: Promise<void> | null = null;
    let open = () => {};
    const site = cachedSite(async (page) => {
      if (gate) await gate;
      return defaultPage(page);
    });
    await site.get("/");
    site.advance(RESPONSE_CACHE_TTL_MS);
    gate = new Promise((resolve) => (open = resolve));
    const remaking = site.get("/");
    expect(await (await site.get("/")).text()).toContain("run 1");
    open();
    expect(await (await remaking).text()).toContain("run 2");
    expect(await (await site.get("/")).text()).toContain("run 2");
    expect(site.state.runs).toBe(2);
  });

  it("forgets an expired response once the address answers something it does not keep", async () => {
    let status = 200;
    const site = cachedSite(() => new Response("<p>event</p>", { status, headers: { "Content-Type": "text/html" } }));
    await site.get("/events/9");
    site.advance(RESPONSE_CACHE_TTL_MS);
    status = 404;
    expect((await site.get("/events/9")).status).toBe(404);
    expect((await site.get("/events/9")).status).toBe(404);
    expect(site.state.runs).toBe(3);
  });

  it("sends kept bytes gzipped to clients that accept it, and plain to the others", async () => {
    const big = "x".repeat(5000);
    const site = cachedSite(() => Response.json({ data: big }));
    await site.get("/api/events");
    const zipped = await site.get("/api/events", { "Accept-Encoding": "br, gzip;q=0.8" });
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("Vary")).toContain("Accept-Encoding");
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual({ data: big });
    const plain = await site.get("/api/events", { "Accept-Encoding": "gzip;q=0" });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.json()).toEqual({ data: big });
    expect(site.state.runs).toBe(1);
  });

  it("answers 304 to a client that already has the kept body", async () => {
    const site = cachedSite(() => Response.json({ data: [1, 2, 3] }));
    const first = await site.get("/api/events");
    const tag = first.headers.get("ETag");
    expect(tag).toBeTruthy();
    const again = await site.get("/api/events", { "If-None-Match": tag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(site.state.runs).toBe(1);
  });

  it("never keeps errors, responses that set cookies, other methods or credentialed requests", async () => {
    const cases: [(c: { nonce: string; run: number }) => Response, Record<string, string>, string][] = [
      () => new Response("gone", { status: 404, headers: { "Content-Type": "text/html" } }),
      () => new Response("<p>hi</p>", { headers: { "Content-Type": "text/html", "Set-Cookie": "lang=fr" } }),
      () => new Response("body{}", { headers: { "Content-Type": "text/css" } }),
      () => Response.json({ me: 1 }, { headers: { "Cache-Control": "private, max-age=60" } }),
      () => Response.json({ now: 1 }, { headers: { "Cache-Control": "no-store" } }),
    ].map((respond) => [respond, {}, "GET"]);
    cases.push(
      [defaultPage, {}, "POST"],
      [defaultPage, { Authorization: "Bearer token" }, "GET"],
      [defaultPage, { Cookie: "theme=dark; session=anything" }, "GET"],
    );
    for (const [respond, headers, method] of cases) {
      const site = cachedSite(respond);
      await site.get("/", headers, method);
      await site.get("/", headers, method);
      expect(site.state.runs).toBe(2);
    }
  });

  it("never keeps a response that depends on a request header its key leaves out", async () => {
    const site = cachedSite(() => Response.json({ for: "this origin" }, { headers: { Vary: "Origin" } }));
    await site.get("/api/thing", { Origin: "https://a.example" });
    await site.get("/api/thing", { Origin: "https://b.example" });
    expect(site.state.runs).toBe(2);
    const keyed = cachedSite(() => Response.json({ n: 1 }, { headers: { Vary: "Accept-Language, Cookie" } }));
    await keyed.get("/api/thing");
    await keyed.get("/api/thing");
    expect(keyed.state.runs).toBe(1);
  });

  it("says Vary: Accept-Encoding on the plain reuse of a body it would compress, not only on the gzipped one", async () => {
    // Without the compression middleware in front, which would add it itself.
    const app = new Hono<AppEnv>();
    app.use(responseCache({ ttlMs: RESPONSE_CACHE_TTL_MS }));
    app.get("*", () => Response.json({ data: "x".repeat(5000) }));
    await app.request("/api/events");
    const plain = await app.request("/api/events");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Vary")).toBe("Accept-Encoding");
  });

  it("still serves visitors whose cookies only hold preferences", async () => {
    const site = cachedSite();
    await site.get("/", { Cookie: "theme=dark; sessionless=1" });
    await site.get("/", { Cookie: "theme=dark; sessionless=1" });
    expect(site.state.runs).toBe(1);
  });

  it("reuses a response no longer than its own max-age", async () => {
    const site = cachedSite(() => Response.json({ n: 1 }, { headers: { "Cache-Control": "public, max-age=2" } }));
    await site.get("/api/stats");
    site.advance(1_999);
    await site.get("/api/stats");
    expect(site.state.runs).toBe(1);
    site.advance(1);
    await site.get("/api/stats");
    expect(site.state.runs).toBe(2);
  });
});

describe("acceptsGzip", () => {
  it("reads names, wildcards and weights", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, *;q=0.1")).toBe(true);
    expect(acceptsGzip("GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
