import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { badgeAwards } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/** The badges through the API: one's own with progress (private), anyone's earned ones (public). */
const config = readConfig({ NODE_ENV: "test" });
let handle: DatabaseHandle;
let app: App;
let ada: TestSession;
let stranger: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  ada = await createTestSession(handle.db, config, { data: { name: "Ada" } });
  stranger = await createTestSession(handle.db, config);
  await handle.db
    .insert(badgeAwards)
    .values({ userId: ada.userId, badge: "first_timer", awardedAt: new Date("2026-11-20T18:04:11Z") });
});
afterAll(() => handle?.close());

function request(path: string, init: RequestInit & { as?: TestSession } = {}) {
  const { as: person, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (person) headers.set("Authorization", `Bearer ${person.session.access_token}`);
  return app.request(`/api/v1${path}`, { ...rest, headers });
}

describe(`the badges API on the ${testDatabaseKind()} database`, () => {
  it("GET /me/badges: 401 for a visitor, the caller's own badges with progress for anyone signed in", async () => {
    const anonymous = await request("/me/badges");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe("unauthenticated");

    const own = await request("/me/badges", { as: ada });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await own.json();
    expect(data).toHaveLength(15);
    expect(data.find((badge: { key: string }) => badge.key === "first_timer")).toEqual({
      key: "first_timer",
      family: "attendee",
      level: "bronze",
      measure: "eventsAttended",
      target: 1,
      progress: 1,
      earned: true,
      awardedAt: "2026-11-20T18:04:11.000Z",
    });
    expect(data.find((badge: { key: string }) => badge.key === "event_explorer")).toMatchObject({
      progress: 0,
      target: 5,
      earned: false,
      awardedAt: null,
    });

    // Another person sees their own, never Ada's: there is no way to name someone else here.
    const other = await (await request("/me/badges", { as: stranger })).json();
    expect(other.data.filter((badge: { earned: boolean }) => badge.earned)).toEqual([]);
  });

  it("GET /users/{id}/badges: anyone reads a person's earned badges, openly cacheable and open to every origin", async () => {
    const response = await request(`/users/${ada.userId}/badges`, { headers: { Origin: "https://elsewhere.example" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await response.json()).toEqual({
      data: [{ key: "first_timer", family: "attendee", level: "bronze", awardedAt: "2026-11-20T18:04:11.000Z" }],
    });
    const again = await request(`/users/${ada.userId}/badges`, {
      headers: { "If-None-Match": response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
    expect((await (await request(`/users/${stranger.userId}/badges`)).json()).data).toEqual([]);
  });

  it("GET /users/{id}/badges: 404 for no such person and for an id that is not a UUID", async () => {
    for (const id of [randomUUID(), "not-a-uuid", "1"]) {
      const response = await request(`/users/${id}/badges`);
      expect(response.status, id).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });
});
