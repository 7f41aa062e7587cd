import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { badgeNoticeFor } from "#app/routes/badge-notice.server";
import * as notificationsRoute from "#app/routes/notifications";
import * as emailSettingsRoute from "#app/routes/email-settings";
import * as signUpRoute from "#app/routes/sign-up";
import { createApp, type App } from "#server/app";
import { verifyEmailToken } from "#server/auth/email-links";
import { signUp } from "#server/auth/sign-up";
import type { DatabaseHandle } from "#server/db/client";
import { badgeAwards, notifications, profiles, users, waitlistEntries } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { emailRecipients, getEmailSettings, updateEmailSettings } from "#server/services/email-preferences";
import { cancelEvent } from "#server/services/event-cancellation";
import { markAllNotificationsRead, markNotificationRead } from "#server/services/notification-inbox";
import { notify } from "#server/services/notifications";
import { cancelOrder, placeOrder } from "#server/services/orders";
import { getHeaderProfile } from "#server/services/profiles";
import { offerReleasedTickets } from "#server/services/waitlist";
import { latestEmailLink } from "#tests/support/auth-mail";
import { createTestSession, testAuthRequest } from "#tests/support/auth-session";
import { orderFor } from "#tests/support/order-services";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * The bell (its count in the header's one query, the list, marking read), the e-mail settings (saved,
 * and respected by emailRecipients), the digest's consent at sign-up, the order and waitlist news in the
 * bell of account holders only, the badge notice's data, and their API with its authorization.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
let handle: DatabaseHandle;
let app: App;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger({ mode: "test", logLevel: "silent" }) });
});
afterAll(() => handle?.close());

const orderContext = () => ({ now: new Date(), language: "en" as const, siteUrl: SITE });

function viewerOf(person: { userId: string; email: string }): Viewer {
  return {
    userId: person.userId,
    email: person.email,
    name: "Ada",
    profileImage: null,
    isStaff: false,
    sessionId: "s",
  };
}

function context(viewer: Viewer | null): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: "192.0.2.9",
    payments: createSandboxProvider(),
  } as AppLoadContext;
}

async function settle(promise: unknown) {
  const result = await Promise.resolve(promise).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const init = (result as { init?: ResponseInit | null }).init ?? {};
  return {
    status: init.status ?? 200,
    data: (result as { data: unknown }).data as Record<string, unknown>,
    headers: new Headers(init.headers),
  };
}

function post(path: string, fields: [string, string][]) {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
    body: new URLSearchParams(fields),
  });
}

async function notificationsOf(userId: string) {
  return handle.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

async function giveNotifications(userId: string, count: number) {
  for (let index = 0; index < count; index++) {
    await notify(handle.db, [userId], { kind: "badge_earned", data: { badge: "first_timer" } }, new Date());
  }
}

describe(`the bell on the ${testDatabaseKind()} database`, () => {
  it("counts unread notifications and unseen badges in the header's one query, and marking read lowers the count", async () => {
    const person = await insertUser(handle.db);
    const other = await insertUser(handle.db);
    expect(await getHeaderProfile(handle.db, person.userId)).toMatchObject({
      unreadNotifications: 0,
      unseenBadges: [],
    });
    await giveNotifications(person.userId, 3);
    await giveNotifications(other.userId, 2);
    await handle.db.insert(badgeAwards).values([
      { userId: person.userId, badge: "first_timer", awardedAt: new Date(Date.now() - 1000) },
      { userId: person.userId, badge: "event_creator", awardedAt: new Date() },
      { userId: person.userId, badge: "vip_member", awardedAt: new Date(), seenAt: new Date() },
    ]);
    expect(await getHeaderProfile(handle.db, person.userId)).toMatchObject({
      unreadNotifications: 3,
      unseenBadges: ["first_timer", "event_creator"],
    });

    const [first] = await notificationsOf(person.userId);
    const read = await markNotificationRead(handle.db, person, first!.id, new Date());
    expect(read.readAt).toBeInstanceOf(Date);
    expect((await getHeaderProfile(handle.db, person.userId))?.unreadNotifications).toBe(2);
    // Someone else's notification is not found, and stays unread.
    await expect(markNotificationRead(handle.db, other, first!.id, new Date())).rejects.toMatchObject({
      code: "not_found",
    });
    const [othersFirst] = await notificationsOf(other.userId);
    await expect(markNotificationRead(handle.db, person, othersFirst!.id, new Date())).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await getHeaderProfile(handle.db, other.userId))?.unreadNotifications).toBe(2);

    expect(await markAllNotificationsRead(handle.db, person, new Date())).toBe(2);
    expect((await getHeaderProfile(handle.db, person.userId))?.unreadNotifications).toBe(0);
    expect((await getHeaderProfile(handle.db, other.userId))?.unreadNotifications).toBe(2);
  });

  it("stops counting at 100 (the bell shows 99+)", async () => {
    const person = await insertUser(handle.db);
    await handle.db.insert(notifications).values(
      Array.from({ length: 130 }, () => ({
        userId: person.userId,
        kind: "badge_earned",
        data: { badge: "first_timer" },
      })),
    );
    expect((await getHeaderProfile(handle.db, person.userId))?.unreadNotifications).toBe(100);
  });

  it("/notifications lists them newest first, 20 a page; following one marks it read and leads to its page", async () => {
    const person = await insertUser(handle.db);
    const stranger = await insertUser(handle.db);
    await handle.db.insert(notifications).values(
      Array.from({ length: 22 }, (_, index) => ({
        userId: person.userId,
        kind: "followed_event",
        data: { eventId: 100 + index, eventTitle: `Event ${index}`, organizerName: "Marcus" },
        createdAt: new Date(Date.now() - (22 - index) * 60_000),
      })),
    );
    const load = (url: string, who: Viewer | null) =>
      settle(
        notificationsRoute.loader({
          request: new Request(`${SITE}${url}`),
          params: {},
          context: context(who),
        } as never),
      );

    const first = await load("/notifications", viewerOf(person));
    const page = first.data as unknown as { notifications: { id: number; data: { eventTitle: string } }[] } & Record<
      string,
      number
    >;
    expect([page.page, page.pageCount, page.total, page.unread]).toEqual([1, 2, 22, 22]);
    expect(page.notifications).toHaveLength(20);
    expect(page.notifications[0]!.data.eventTitle).toBe("Event 21");
    const second = (await load("/notifications?page=2", viewerOf(person))).data as unknown as typeof page;
    expect(second.notifications.map((n) => n.data.eventTitle)).toEqual(["Event 1", "Event 0"]);

    const newest = page.notifications[0]!;
    const opened = await load(`/notifications?open=${newest.id}`, viewerOf(person));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/events/121");
    expect((await getHeaderProfile(handle.db, person.userId))?.unreadNotifications).toBe(21);
    expect((await load(`/notifications?open=${newest.id}`, viewerOf(stranger))).status).toBe(404);
    expect((await load("/notifications?open=nope", viewerOf(person))).status).toBe(404);
    expect((await load("/notifications", null)).headers.get("location")).toMatch(/^\/signin\?next=/);

    const all = await settle(
      notificationsRoute.action({
        request: post("/notifications", [["intent", "readAll"]]),
        params: {},
        context: context(viewerOf(person)),
      } as never),
    );
    expect(all.data).toEqual({ ok: true });
    expect((await getHeaderProfile(handle.db, person.userId))?.unreadNotifications).toBe(0);
  });

  it("words the badge notice on the server, badge names included, in the reader's language", async () => {
    expect(await badgeNoticeFor("en", ["first_timer"])).toEqual({
      badges: ["first_timer"],
      text: "You earned a badge: First Timer",
      href: "/dashboard#badges",
      see: "See your badges",
      dismiss: "Dismiss",
    });
    expect((await badgeNoticeFor("en", ["first_timer", "event_creator"])).text).toBe(
      "You earned new badges: First Timer and Event Creator",
    );
    expect((await badgeNoticeFor("fr", ["first_timer"])).text).toMatch(/^Vous avez obtenu un badge : /);
  });

  it("dismissing the badge notice marks the badges it showed seen and goes back to the page", async () => {
    const person = await insertUser(handle.db);
    await handle.db.insert(badgeAwards).values([
      { userId: person.userId, badge: "first_timer", awardedAt: new Date() },
      { userId: person.userId, badge: "event_explorer", awardedAt: new Date() },
    ]);
    const dismissed = await settle(
      notificationsRoute.action({
        request: post("/notifications", [
          ["intent", "badgesSeen"],
          ["badge", "first_timer"],
          ["next", "/events?category=music"],
        ]),
        params: {},
        context: context(viewerOf(person)),
      } as never),
    );
    expect(dismissed.status).toBe(302);
    expect(dismissed.headers.get("location")).toBe("/events?category=music");
    // A badge earned after the notice was drawn is still to be seen.
    expect((await getHeaderProfile(handle.db, person.userId))?.unseenBadges).toEqual(["event_explorer"]);
  });
});

describe(`e-mail settings on the ${testDatabaseKind()} database`, () => {
  it("are saved from the settings page and respected: emailRecipients returns nobody for a setting turned off", async () => {
    const person = await insertUser(handle.db);
    expect(await getEmailSettings(handle.db, person)).toEqual({
      digest: false,
      savedReminders: true,
      followedOrganizers: true,
      reviews: true,
      badges: true,
      promoters: true,
      planning: true,
    });
    expect(await emailRecipients(handle.db, [person.userId], "badges")).toHaveLength(1);
    expect(await emailRecipients(handle.db, [person.userId], "digest")).toEqual([]);

    // The page's form: a ticked box is sent, an unticked one is not.
    const saved = await settle(
      emailSettingsRoute.action({
        request: post("/dashboard/settings/emails", [
          ["intent", "save"],
          ["digest", "on"],
          ["reviews", "on"],
        ]),
        params: {},
        context: context(viewerOf(person)),
      } as never),
    );
    expect(saved.data).toEqual({ saved: true });
    expect(await getEmailSettings(handle.db, person)).toEqual({
      digest: true,
      savedReminders: false,
      followedOrganizers: false,
      reviews: true,
      badges: false,
      promoters: false,
      planning: false,
    });
    expect(await emailRecipients(handle.db, [person.userId], "badges")).toEqual([]);
    expect(await emailRecipients(handle.db, [person.userId], "savedReminders")).toEqual([]);
    expect(await emailRecipients(handle.db, [person.userId], "digest")).toMatchObject([{ userId: person.userId }]);
  });

  it("refuse an unknown setting or a value that is not a boolean, naming it, and change nothing", async () => {
    const person = await insertUser(handle.db);
    await expect(updateEmailSettings(handle.db, person, { digest: true, newsletter: true })).rejects.toMatchObject({
      code: "invalid",
      fields: { newsletter: "unknown" },
    });
    await expect(updateEmailSettings(handle.db, person, { badges: "no" })).rejects.toMatchObject({
      code: "invalid",
      fields: { badges: "invalid" },
    });
    expect((await getEmailSettings(handle.db, person)).digest).toBe(false);
    expect((await getEmailSettings(handle.db, person)).badges).toBe(true);
  });
});

describe(`the digest's consent at sign-up on the ${testDatabaseKind()} database`, () => {
  async function signUpThroughThePage(email: string, digest: boolean) {
    const fields: [string, string][] = [
      ["name", "New Person"],
      ["email", email],
      ["password", "marmalade-kayak-9"],
    ];
    if (digest) fields.push(["digest", "on"]);
    const answer = await settle(
      signUpRoute.action({ request: post("/signup", fields), params: {}, context: context(null) } as never),
    );
    expect(answer.headers.get("location")).toBe("/signup-success");
    const link = new URL(await latestEmailLink(handle.db, email, "signup"));
    await verifyEmailToken(handle.db, config, testAuthRequest(), {
      tokenHash: link.searchParams.get("token_hash")!,
      type: "signup",
    });
    const [row] = await handle.db
      .select({ receivesDigest: profiles.receivesDigest })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, email));
    return row!.receivesDigest;
  }

  it("starts the weekly digest only when its box was ticked", async () => {
    expect(await signUpThroughThePage(`ticked-${randomUUID().slice(0, 8)}@example.com`, true)).toBe(true);
    expect(await signUpThroughThePage(`unticked-${randomUUID().slice(0, 8)}@example.com`, false)).toBe(false);
  });

  it("takes receives_digest: true in /auth/v1/signup's data, and nothing else, as a yes", async () => {
    for (const [value, expected] of [
      [true, true],
      ["true", false],
    ] as const) {
      const email = `api-${randomUUID().slice(0, 8)}@example.com`;
      // What POST /auth/v1/signup does with its body's `data` (the user_metadata).
      await signUp(handle.db, config, testAuthRequest(), {
        email,
        password: "marmalade-kayak-9",
        data: { name: "Api", receives_digest: value },
        confirmUrl: `${SITE}/auth/confirm`,
      });
      const link = new URL(await latestEmailLink(handle.db, email, "signup"));
      await verifyEmailToken(handle.db, config, testAuthRequest(), {
        tokenHash: link.searchParams.get("token_hash")!,
        type: "signup",
      });
      const [row] = await handle.db
        .select({ receivesDigest: profiles.receivesDigest })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(users.email, email));
      expect(row!.receivesDigest, String(value)).toBe(expected);
    }
  });
});

describe(`order and waitlist news in the bell on the ${testDatabaseKind()} database`, () => {
  it("tells an account holder their order is confirmed, cancelled, and its event cancelled; a guest's order makes none", async () => {
    const buyer = await insertUser(handle.db);
    const { eventId, ticketTypeIds, organizerId } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 50 }],
    });
    const items = [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }];
    const before = await handle.db.select().from(notifications);
    await placeOrder(handle.db, null, orderFor(eventId, items, "guest@example.com"), orderContext());
    expect(await handle.db.select().from(notifications)).toHaveLength(before.length);

    const { order } = await placeOrder(handle.db, buyer, orderFor(eventId, items, buyer.email), orderContext());
    const { order: second } = await placeOrder(handle.db, buyer, orderFor(eventId, items, buyer.email), orderContext());
    await cancelOrder(handle.db, buyer, second.id, { now: new Date(), reason: "cancelled_by_buyer", siteUrl: SITE });
    await cancelEvent(handle.db, { userId: organizerId }, eventId, { now: new Date(), siteUrl: SITE });

    const mine = await notificationsOf(buyer.userId);
    expect(
      mine.map((row) => [row.kind, (row.data as { change: string }).change, (row.data as { orderId: string }).orderId]),
    ).toEqual([
      ["order_changed", "confirmed", order.id],
      ["order_changed", "confirmed", second.id],
      ["order_changed", "cancelled", second.id],
      ["order_changed", "event_cancelled", order.id],
    ]);
    expect(mine[0]!.data).toMatchObject({ eventTitle: expect.any(String) });
    // Nobody else's bell rang: the guest has no account, the organizer bought nothing.
    expect(await notificationsOf(organizerId)).toEqual([]);
  });

  it("tells an account holder on the waitlist that a ticket is held for them, and no one for a guest's place", async () => {
    const person = await insertUser(handle.db);
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Standard", priceCents: 2500, quantity: 2 }],
    });
    const ticketTypeId = ticketTypeIds[0]!;
    await handle.db.insert(waitlistEntries).values([
      { ticketTypeId, eventId, email: "guest-waiting@example.com", name: "Guest", confirmedAt: new Date() },
      { ticketTypeId, eventId, email: person.email, name: "Member", userId: person.userId, confirmedAt: new Date() },
    ]);
    expect(await offerReleasedTickets(handle.db, ticketTypeId, new Date(), SITE)).toEqual({ offered: 2 });
    const [entry] = await handle.db
      .select({ offerOrderId: waitlistEntries.offerOrderId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.ticketTypeId, ticketTypeId), eq(waitlistEntries.userId, person.userId)));
    const mine = await notificationsOf(person.userId);
    expect(mine.map((row) => [row.kind, row.data])).toEqual([
      ["waitlist_offer", { eventId, eventTitle: expect.any(String), orderId: entry!.offerOrderId }],
    ]);
    const guestNews = await handle.db.select().from(notifications).where(eq(notifications.kind, "waitlist_offer"));
    expect(guestNews.filter((row) => (row.data as { eventId: number }).eventId === eventId)).toHaveLength(1);
  });
});

describe(`the notifications API on the ${testDatabaseKind()} database`, () => {
  const call = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
    app.request(`/api/v1${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  it("answers anonymous callers 401, another person's notification 404, and the owner 2xx", async () => {
    const owner = await createTestSession(handle.db, config);
    const other = await createTestSession(handle.db, config);
    await giveNotifications(owner.userId, 2);
    const [first] = await notificationsOf(owner.userId);

    for (const [path, method] of [
      ["/me/notifications", "GET"],
      ["/me/notifications/read", "POST"],
      [`/me/notifications/${first!.id}/read`, "POST"],
      ["/me/email-settings", "GET"],
    ] as const) {
      const response = await call(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect((await call("/me/email-settings", { method: "PATCH", body: { digest: true } })).status).toBe(401);

    const othersTry = await call(`/me/notifications/${first!.id}/read`, {
      method: "POST",
      token: other.session.access_token,
    });
    expect(othersTry.status).toBe(404);
    expect(await othersTry.json()).toMatchObject({ error: { code: "not_found" } });
    expect(
      (await call(`/me/notifications/99999999999/read`, { method: "POST", token: owner.session.access_token })).status,
    ).toBe(404);

    const list = await call("/me/notifications", { token: owner.session.access_token });
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await list.json()).toMatchObject({
      data: [{ kind: "badge_earned", data: { badge: "first_timer" }, readAt: null }, { kind: "badge_earned" }],
      page: 1,
      pageCount: 1,
      total: 2,
      unread: 2,
    });
    expect(await (await call("/me/notifications", { token: other.session.access_token })).json()).toMatchObject({
      data: [],
      total: 0,
    });

    const read = await call(`/me/notifications/${first!.id}/read`, {
      method: "POST",
      token: owner.session.access_token,
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ data: { id: first!.id, readAt: expect.any(String) } });
    const all = await call("/me/notifications/read", { method: "POST", token: owner.session.access_token });
    expect(await all.json()).toEqual({ data: { marked: 1 } });

    const settings = await call("/me/email-settings", { token: owner.session.access_token });
    expect(await settings.json()).toMatchObject({ data: { digest: false, badges: true } });
    const changed = await call("/me/email-settings", {
      method: "PATCH",
      token: owner.session.access_token,
      body: { digest: true, badges: false },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ data: { digest: true, badges: false, reviews: true } });
    // Only the caller's settings changed.
    expect(await getEmailSettings(handle.db, { userId: other.userId })).toMatchObject({ digest: false, badges: true });
  });

  it("refuses bad input with 400 naming the field: an unknown setting, a value that is not a boolean, a bad page", async () => {
    const owner = await createTestSession(handle.db, config);
    const token = owner.session.access_token;
    const unknown = await call("/me/email-settings", { method: "PATCH", token, body: { newsletter: true } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { code: "invalid", fields: { newsletter: expect.any(String) } },
    });
    const notBoolean = await call("/me/email-settings", { method: "PATCH", token, body: { digest: "yes" } });
    expect(notBoolean.status).toBe(400);
    expect(await notBoolean.json()).toMatchObject({
      error: { code: "invalid", fields: { digest: expect.any(String) } },
    });
    const notJson = await app.request("/api/v1/me/email-settings", {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "{digest",
    });
    expect(notJson.status).toBe(400);
    const badPage = await call("/me/notifications?page=0", { token });
    expect(badPage.status).toBe(400);
    expect(await badPage.json()).toMatchObject({ error: { fields: { page: expect.any(String) } } });
    expect((await getEmailSettings(handle.db, { userId: owner.userId })).digest).toBe(false);
  });
});
