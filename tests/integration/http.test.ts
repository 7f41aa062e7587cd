import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "#server/db/client";
import { sampleAvatarUrl, sampleSponsorLogoUrl } from "#server/db/seed/sample-image-files";
import { createApp, type App } from "#server/app";
import { advanceClock, currentTime } from "#server/clock";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { freePort } from "#tests/support/postgres-server";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

const config = readConfig({ NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "dmv-events-http-")) });
const logger = createLogger(config);
let handle: DatabaseHandle;
let app: App;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger });
});
afterAll(async () => {
  await handle?.close();
  rmSync(config.dataDir, { recursive: true, force: true });
});

/** Every file under `folder`, relative to it, sorted; none when it does not exist yet. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe(`the HTTP server on the ${testDatabaseKind()} database`, () => {
  it("reports healthy with 200 when the database answers", async () => {
    const response = await app.request("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("reports 503 when the database is unreachable", async () => {
    // Nothing listens on this port, so every query fails.
    const unreachable = openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/none`);
    try {
      const response = await createApp({ db: unreachable.db, config, logger }).request("/healthz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "down" });
    } finally {
      await unreachable.close();
    }
  });

  it("reports 503 when the embedded database has been closed", async () => {
    const closed = await openTestDatabase();
    await closed.close();
    const response = await createApp({ db: closed.db, config, logger }).request("/healthz");
    expect(response.status).toBe(503);
  });

  it("answers unknown API routes with 404 in the one error shape, with the request id", async () => {
    const response = await app.request("/api/v1/nothing-here", { headers: { "X-Request-Id": "req-123" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toBe("req-123");
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route GET /api/v1/nothing-here.", requestId: "req-123" },
    });
  });

  it("answers unknown auth routes with 404 in Supabase Auth's shape and its API version header", async () => {
    const response = await app.request("/auth/v1/nothing-here", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });

  it("sets the security headers on every response", async () => {
    const response = await app.request("/healthz");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends a content security policy with a fresh script nonce in production", async () => {
    const production = createApp({ db: handle.db, config: { ...config, mode: "production" }, logger });
    const [first, second] = await Promise.all([production.request("/healthz"), production.request("/healthz")]);
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    // No provider configured: forms post to this site only.
    expect(policy).toContain("form-action 'self';");
  });

  it("lets forms end up at the configured sign-in providers, as their buttons redirect there without JavaScript", async () => {
    const withProviders = readConfig({
      NODE_ENV: "production",
      DATA_DIR: config.dataDir,
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      FACEBOOK_CLIENT_ID: "facebook-id",
      FACEBOOK_CLIENT_SECRET: "facebook-secret",
    });
    const production = createApp({ db: handle.db, config: withProviders, logger });
    const policy = (await production.request("/healthz")).headers.get("content-security-policy") ?? "";
    const formAction = policy.split("; ").find((directive) => directive.startsWith("form-action"));
    expect(formAction).toBe("form-action 'self' https://accounts.google.com https://www.facebook.com");

    const onlyGoogle = readConfig({
      NODE_ENV: "production",
      DATA_DIR: config.dataDir,
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
    });
    const googlePolicy =
      (await createApp({ db: handle.db, config: onlyGoogle, logger }).request("/healthz")).headers.get(
        "content-security-policy",
      ) ?? "";
    expect(googlePolicy).toContain("form-action 'self' https://accounts.google.com;");
  });

  it("refuses upload paths that try to leave the uploads folder", async () => {
    for (const path of ["/uploads/../package.json", "/uploads/%2e%2e/package.json", "/uploads/sample/x.txt"]) {
      expect((await app.request(path)).status).toBe(404);
    }
  });

  it("renders sample artwork on first request, stores it, and serves it as a cacheable WebP", async () => {
    const url = "/uploads/sample/event/music/1/0-480.webp";
    const stored = path.join(config.uploadsDir, "sample/event/music/1/0-480.webp");
    expect(existsSync(stored)).toBe(false);
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 480, 270]);
    expect(existsSync(stored)).toBe(true);
  });

  it("renders only the sample artwork the sample data uses: made-up numbers are 404 and write nothing", async () => {
    const before = filesUnder(config.uploadsDir);
    for (const url of [
      // Event 1 is a music event with three pictures; it has no fourth, and no event 99999 exists.
      "/uploads/sample/event/music/99999/0-480.webp",
      "/uploads/sample/event/music/123456789/2-1440.webp",
      "/uploads/sample/event/business/1/0-480.webp",
      // A sample avatar and logo exist only at the width the sample data uses, for its own people.
      "/uploads/sample/avatar/424242/AB-192.webp",
      "/uploads/sample/avatar/1/ZZ-192.webp",
      "/uploads/sample/sponsor/987654/made-up-sponsor-320.webp",
    ]) {
      expect((await app.request(url)).status, url).toBe(404);
    }
    expect(filesUnder(config.uploadsDir)).toEqual(before);
    // The sample data's own artwork still renders, at every width the site asks for.
    for (const url of ["/uploads/sample/event/music/1/2-1440.webp", sampleAvatarUrl(0), sampleSponsorLogoUrl(0)]) {
      expect((await app.request(url)).status, url).toBe(200);
    }
  });

  it("answers 404 for sample images of unknown categories or widths it does not make", async () => {
    expect((await app.request("/uploads/sample/event/opera/1/0-480.webp")).status).toBe(404);
    expect((await app.request("/uploads/sample/event/music/1/0-481.webp")).status).toBe(404);
    expect((await app.request("/uploads/sample/event/music/1/7-480.webp")).status).toBe(404);
  });

  it("moves the app's time forward on POST /dev/clock only when the clock is controllable", async () => {
    expect((await app.request("/dev/clock", { method: "POST", body: '{"days":1}' })).status).toBe(404);

    const withClock = createApp({ db: handle.db, config: { ...config, isDevClockOn: true }, logger });
    const advance = (body: string) =>
      withClock.request("/dev/clock", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    for (const bad of ['{"days":-1}', '{"days":"2"}', '{"hours":3}', "not json"]) {
      const refused = await advance(bad);
      expect(refused.status, bad).toBe(400);
    }
    const before = currentTime().getTime();
    const moved = await advance('{"days":2}');
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(2 * 24 * 60 * 60_000);
    expect(currentTime().getTime() - Date.now()).toBeGreaterThanOrEqual(2 * 24 * 60 * 60_000 - 1_000);
    // Put the time back for the tests after this one in this file.
    advanceClock(-(currentTime().getTime() - Date.now()));
  });
});
