import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as followPage from "#app/routes/follow-organizer";
import * as savePage from "#app/routes/save-event";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { eventSaves, notifications, organizerFollows } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { publishEvent } from "#server/services/event-authoring";
import {
  followOrganizer,
  followStateOf,
  listFollowingFeed,
  listSavedEvents,
  saveEvent,
} from "#server/services/saves-follows";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/** Saving events and following organizers: the services, the heart's and Follow's pages, the API. */
const config = readConfig({ NODE_ENV: "test" });
const DAY_MS = 24 * 60 * 60_000;
let handle: DatabaseHandle;
let app: App;
let ada: TestSession;
let ben: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  ada = await createTestSession(handle.db, config);
  ben = await createTestSession(handle.db, config);
});
afterAll(() => handle?.close());

const newEvent = async (
  options: { status?: "published" | "draft" | "cancelled"; organizerId?: string; inDays?: number } = {},
) =>
  (
    await insertEventWithTicketTypes(handle.db, {
      ...(options.status ? { status: options.status } : {}),
      ...(options.organizerId ? { organizerId: options.organizerId } : {}),
      startsAt: new Date(Date.now() + (options.inDays ?? 7) * DAY_MS),
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
    })
  ).eventId;

const actor = (session: TestSession) => ({ userId: session.userId });

function api(method: string, path: string, as?: TestSession) {
  const headers = new Headers();
  if (as) headers.set("Authorization", `Bearer ${as.session.access_token}`);
  return app.request(`/api/v1${path}`, { method, headers });
}

function pageContext(viewer: TestSession | null): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: viewer && { userId: viewer.userId, email: viewer.email, isStaff: false },
    clientAddress: "192.0.2.7",
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
}

/** Runs a page's action or loader; a thrown redirect or error answer comes back as what it is. */
async function settle(
  run: () => Promise<unknown>,
): Promise<{ status: number; location: string | null; data: unknown }> {
  try {
    const result = (await run()) as { data?: unknown; init?: { status?: number } | null } | Response;
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("Location"), data: null };
    return { status: result?.init?.status ?? 200, location: null, data: result?.data ?? result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const answer = thrown as { init?: { status?: number } };
    if (answer?.init?.status) return { status: answer.init.status, location: null, data: null };
    throw thrown;
  }
}

const postForm = (path: string, fields: Record<string, string>) =>
  new Request(`${config.publicUrl}${path}`, { method: "POST", body: new URLSearchParams(fields) });

const isSaved = async (userId: string, eventId: number) =>
  (
    await handle.db
      .select()
      .from(eventSaves)
      .where(and(eq(eventSaves.userId, userId), eq(eventSaves.eventId, eventId)))
  ).length === 1;

describe(`saving events on the ${testDatabaseKind()} database`, () => {
  it("saves public events once, refuses drafts, and lists upcoming ones first, then past ones", async () => {
    const soon = await newEvent({ inDays: 2 });
    const later = await newEvent({ inDays: 9 });
    const past = await newEvent({ inDays: -3 });
    const draft = await newEvent({ status: "draft" });
    const person = await createTestSession(handle.db, config);
    for (const id of [later, soon, past, soon]) await saveEvent(handle.db, actor(person), id, new Date());
    await expect(saveEvent(handle.db, actor(person), draft, new Date())).rejects.toMatchObject({ code: "not_found" });
    const saved = await listSavedEvents(handle.db, actor(person), new Date());
    expect(saved.upcoming.map((event) => event.id)).toEqual([soon, later]);
    expect(saved.past.map((event) => event.id)).toEqual([past]);
  });

  it("sends a visitor's heart to sign in, then finishes the save and comes back to the page", async () => {
    const eventId = await newEvent();
    const clicked = await settle(() =>
      savePage.action({
        request: postForm(`/events/${eventId}/save`, { intent: "save", back: "/events?q=jazz" }),
        params: { id: String(eventId) },
        context: pageContext(null),
      } as never),
    );
    expect(clicked.status).toBe(302);
    const next = new URL(clicked.location!, config.publicUrl).searchParams.get("next")!;
    expect(new URL(clicked.location!, config.publicUrl).pathname).toBe("/signin");
    expect(next).toBe(`/events/${eventId}/save?back=${encodeURIComponent("/events?q=jazz")}`);
    // Signed in, the browser follows `next` from our own sign-in page.
    const finished = await settle(() =>
      savePage.loader({
        request: new Request(`${config.publicUrl}${next}`, { headers: { "Sec-Fetch-Site": "same-origin" } }),
        params: { id: String(eventId) },
        context: pageContext(ada),
      } as never),
    );
    expect(finished).toMatchObject({ status: 302, location: "/events?q=jazz" });
    expect(await isSaved(ada.userId, eventId)).toBe(true);
  });

  it("asks first when the finishing link comes from another site, and never goes back off the site", async () => {
    const eventId = await newEvent();
    const fromElsewhere = await settle(() =>
      savePage.loader({
        request: new Request(`${config.publicUrl}/events/${eventId}/save?back=//evil.example`, {
          headers: { "Sec-Fetch-Site": "cross-site" },
        }),
        params: { id: String(eventId) },
        context: pageContext(ben),
      } as never),
    );
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.data).toMatchObject({ eventId, back: `/events/${eventId}` });
    expect(await isSaved(ben.userId, eventId)).toBe(false);
  });

  it("toggles with the heart's fetcher (data, no redirect), refuses a bad intent, and 404s a draft", async () => {
    const eventId = await newEvent();
    const run = (fields: Record<string, string>, id = eventId) =>
      settle(() =>
        savePage.action({
          request: postForm(`/events/${id}/save`, fields),
          params: { id: String(id) },
          context: pageContext(ben),
        } as never),
      );
    expect(await run({ intent: "save", respond: "data" })).toMatchObject({ status: 200, data: { saved: true } });
    expect(await isSaved(ben.userId, eventId)).toBe(true);
    expect(await run({ intent: "unsave", back: "/" })).toMatchObject({ status: 302, location: "/" });
    expect(await isSaved(ben.userId, eventId)).toBe(false);
    expect((await run({ intent: "delete-everything" })).status).toBe(400);
    expect((await run({ intent: "save" }, await newEvent({ status: "draft" }))).status).toBe(404);
  });
});

describe("following organizers", () => {
  it("counts followers, refuses following oneself or nobody, and feeds the follower the organizer's upcoming events", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer" });
    const upcoming = await newEvent({ organizerId: organizer.userId, inDays: 4 });
    await newEvent({ organizerId: organizer.userId, inDays: -4 });
    const follower = await createTestSession(handle.db, config);
    await followOrganizer(handle.db, actor(follower), organizer.userId, new Date());
    await followOrganizer(handle.db, actor(follower), organizer.userId, new Date());
    expect(await followStateOf(handle.db, actor(follower), organizer.userId)).toEqual({
      followers: 1,
      following: true,
    });
    expect(await followStateOf(handle.db, null, organizer.userId)).toEqual({ followers: 1, following: false });
    await expect(followOrganizer(handle.db, actor(follower), follower.userId, new Date())).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(followOrganizer(handle.db, actor(follower), randomUUID(), new Date())).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await listFollowingFeed(handle.db, actor(follower), new Date())).map((event) => event.id)).toEqual([
      upcoming,
    ]);
  });

  it("puts a new event in every follower's bell when the organizer publishes it, and only then", async () => {
    const organizer = await createTestSession(handle.db, config);
    const [first, second] = [await createTestSession(handle.db, config), await createTestSession(handle.db, config)];
    for (const follower of [first, second])
      await followOrganizer(handle.db, actor(follower), organizer.userId, new Date());
    const draft = await newEvent({ organizerId: organizer.userId, status: "draft" });
    const told = () => handle.db.select().from(notifications).where(eq(notifications.kind, "followed_event"));
    const before = (await told()).filter((row) => (row.data as { eventId: number }).eventId === draft);
    expect(before).toEqual([]);
    await publishEvent(handle.db, actor(organizer), draft, new Date());
    await publishEvent(handle.db, actor(organizer), draft, new Date()); // already published: nothing more
    const rows = (await told()).filter((row) => (row.data as { eventId: number }).eventId === draft);
    expect(rows.map((row) => row.userId).toSorted()).toEqual([first.userId, second.userId].toSorted());
    expect(rows[0]!.data).toMatchObject({ eventId: draft, eventTitle: expect.any(String) });
  });

  it("sends a visitor's Follow to sign in and back, then follows; unfollows with the fetcher", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer" });
    const path = `/users/${organizer.userId}/follow`;
    const clicked = await settle(() =>
      followPage.action({
        request: postForm(path, { intent: "follow", back: `/organizers/${organizer.userId}` }),
        params: { id: organizer.userId },
        context: pageContext(null),
      } as never),
    );
    const next = new URL(clicked.location!, config.publicUrl).searchParams.get("next")!;
    expect(next.startsWith(`${path}?back=`)).toBe(true);
    const finished = await settle(() =>
      followPage.loader({
        request: new Request(`${config.publicUrl}${next}`),
        params: { id: organizer.userId },
        context: pageContext(ada),
      } as never),
    );
    expect(finished).toMatchObject({ status: 302, location: `/organizers/${organizer.userId}` });
    expect((await followStateOf(handle.db, actor(ada), organizer.userId)).following).toBe(true);
    const unfollowed = await settle(() =>
      followPage.action({
        request: postForm(path, { intent: "unfollow", respond: "data" }),
        params: { id: organizer.userId },
        context: pageContext(ada),
      } as never),
    );
    expect(unfollowed).toMatchObject({ status: 200, data: { following: false } });
    expect((await followStateOf(handle.db, actor(ada), organizer.userId)).following).toBe(false);
  });
});

describe("the API: /me/saved-events and /me/following", () => {
  it("answers 401 to visitors on every operation, changing nothing", async () => {
    const eventId = await newEvent();
    const organizer = await insertUser(handle.db, { role: "organizer" });
    for (const [method, path] of [
      ["GET", "/me/saved-events"],
      ["PUT", `/me/saved-events/${eventId}`],
      ["DELETE", `/me/saved-events/${eventId}`],
      ["GET", "/me/following"],
      ["PUT", `/me/following/${organizer.userId}`],
      ["DELETE", `/me/following/${organizer.userId}`],
    ] as const) {
      const response = await api(method, path);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(
      await handle.db.select().from(organizerFollows).where(eq(organizerFollows.organizerId, organizer.userId)),
    ).toEqual([]);
  });

  it("saves, lists and unsaves the caller's own events, never another person's", async () => {
    const eventId = await newEvent();
    const saved = await api("PUT", `/me/saved-events/${eventId}`, ben);
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("private, no-store");
    expect(await saved.json()).toEqual({ data: { eventId, saved: true } });
    const mine = await (await api("GET", "/me/saved-events", ben)).json();
    expect(mine.data.upcoming.map((event: { id: number }) => event.id)).toContain(eventId);
    const others = await (await api("GET", "/me/saved-events", ada)).json();
    expect(others.data.upcoming.map((event: { id: number }) => event.id)).not.toContain(eventId);
    expect(await (await api("DELETE", `/me/saved-events/${eventId}`, ben)).json()).toEqual({
      data: { eventId, saved: false },
    });
    expect(await isSaved(ben.userId, eventId)).toBe(false);
  });

  it("answers 404 for an event nobody can see or a malformed id", async () => {
    const draft = await newEvent({ status: "draft" });
    for (const path of [`/me/saved-events/${draft}`, "/me/saved-events/abc", "/me/saved-events/99999999999"]) {
      const response = await api("PUT", path, ben);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });

  it("follows and unfollows with the follower count, lists whom the caller follows, refuses self and nobody", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer", name: "Selam Events" });
    const followed = await api("PUT", `/me/following/${organizer.userId}`, ben);
    expect(await followed.json()).toEqual({ data: { organizerId: organizer.userId, following: true, followers: 1 } });
    const list = await (await api("GET", "/me/following", ben)).json();
    expect(list.data).toContainEqual({ id: organizer.userId, name: "Selam Events", followedAt: expect.any(String) });
    expect((await (await api("GET", "/me/following", ada)).json()).data).not.toContainEqual(
      expect.objectContaining({ id: organizer.userId }),
    );
    expect(await (await api("DELETE", `/me/following/${organizer.userId}`, ben)).json()).toEqual({
      data: { organizerId: organizer.userId, following: false, followers: 0 },
    });
    const self = await api("PUT", `/me/following/${ben.userId}`, ben);
    expect(self.status).toBe(400);
    expect((await self.json()).error.fields).toEqual({ organizer: "self" });
    expect((await api("PUT", `/me/following/${randomUUID()}`, ben)).status).toBe(404);
    expect((await api("DELETE", "/me/following/not-a-uuid", ben)).status).toBe(404);
  });
});
