import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, notifications, profiles, reports, reviews, staffActions, tickets } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { hideSubject, restoreSubject } from "#server/services/content-moderation";
import { listReportQueue } from "#server/services/report-queue";
import { SEND_REVIEW_EMAIL_JOB, eventRatingSummary, organizerRatingSummary } from "#server/services/reviews";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { insertOrderWithTickets, voidOrder } from "#tests/support/issued-tickets";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, type EventWithTicketTypes } from "#tests/support/ticket-factories";

/** Reviews through /api/v1: who may write, edit, answer and mark them; reports and staff moderation. */
const config = readConfig({ NODE_ENV: "test" });
const DAY = 24 * 60 * 60 * 1000;
let handle: DatabaseHandle;
let app: App;
let organizer: TestSession;
let holder: TestSession;
let other: TestSession;
let staff: TestSession;
let past: EventWithTicketTypes;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  organizer = await createTestSession(handle.db, config);
  holder = await createTestSession(handle.db, config);
  other = await createTestSession(handle.db, config);
  staff = await createTestSession(handle.db, config);
  await makeStaff(handle.db, staff.userId);
  past = await newEvent(new Date(Date.now() - 3 * DAY));
  await insertOrderWithTickets(handle.db, past, { userId: holder.userId });
});
afterAll(() => handle?.close());

const newEvent = (startsAt: Date) =>
  insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    startsAt,
    ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }],
  });

function call(method: string, path: string, options: { as?: TestSession; body?: unknown } = {}) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (options.as) headers.set("Authorization", `Bearer ${options.as.session.access_token}`);
  return app.request(
    `/api/v1${path}`,
    { method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) },
    { incoming: { socket: { remoteAddress: `192.0.2.${Math.floor(Math.random() * 200) + 1}` } } },
  );
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; fields?: object } }).error;

describe(`reviews on the ${testDatabaseKind()} database`, () => {
  let reviewId: number;

  it("lets only a ticket holder review an event that ended, once: anonymous 401, another user 403, the organizer 403", async () => {
    const body = { rating: 4, body: "  Great sound, long queue.  " };
    expect((await call("POST", `/events/${past.eventId}/reviews`, { body })).status).toBe(401);
    const stranger = await call("POST", `/events/${past.eventId}/reviews`, { as: other, body });
    expect(stranger.status).toBe(403);
    expect((await errorOf(stranger)).fields).toEqual({ eventId: "not_a_ticket_holder" });
    const own = await call("POST", `/events/${past.eventId}/reviews`, { as: organizer, body });
    expect(own.status).toBe(403);

    const created = await call("POST", `/events/${past.eventId}/reviews`, { as: holder, body });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await created.json();
    expect(data).toMatchObject({ rating: 4, body: "Great sound, long queue.", editable: true, hidden: false });
    reviewId = data.id;

    const again = await call("POST", `/events/${past.eventId}/reviews`, { as: holder, body });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields).toEqual({ eventId: "already_reviewed" });
    expect(await handle.db.select().from(reviews).where(eq(reviews.eventId, past.eventId))).toHaveLength(1);
  });

  it("tells the organizer in the bell and by e-mail, and queues the author's badge check", async () => {
    const bell = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, organizer.userId), eq(notifications.kind, "review_posted")));
    expect(bell.map((row) => row.data)).toContainEqual(expect.objectContaining({ reviewId, rating: 4 }));
    const queued = await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_REVIEW_EMAIL_JOB));
    expect(queued.map((job) => job.payload)).toContainEqual(
      expect.objectContaining({ kind: "posted", to: organizer.email, reviewId }),
    );
    const badgeChecks = await handle.db.select().from(jobs).where(eq(jobs.kind, "award_badges"));
    expect(badgeChecks.map((job) => job.payload)).toContainEqual({ userId: holder.userId });
  });

  it("refuses bad input with the field named and stores nothing", async () => {
    const event = await newEvent(new Date(Date.now() - 2 * DAY));
    await insertOrderWithTickets(handle.db, event, { userId: other.userId });
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3, body: "x".repeat(2001) }, { rating: 3, stars: 1 }]) {
      const response = await call("POST", `/events/${event.eventId}/reviews`, { as: other, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await handle.db.select().from(reviews).where(eq(reviews.eventId, event.eventId))).toEqual([]);
  });

  it("refuses a review before the event ends, and from someone whose order was refunded", async () => {
    const upcoming = await newEvent(new Date(Date.now() + 2 * DAY));
    await insertOrderWithTickets(handle.db, upcoming, { userId: other.userId });
    const early = await call("POST", `/events/${upcoming.eventId}/reviews`, { as: other, body: { rating: 5 } });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).fields).toEqual({ eventId: "event_not_over" });

    const refunded = await newEvent(new Date(Date.now() - 2 * DAY));
    const { orderId } = await insertOrderWithTickets(handle.db, refunded, { userId: other.userId });
    await voidOrder(handle.db, orderId, "refunded");
    const response = await call("POST", `/events/${refunded.eventId}/reviews`, { as: other, body: { rating: 5 } });
    expect(response.status).toBe(403);
  });

  it("counts a ticket bought as a guest with the account's confirmed address, and a checked-in ticket", async () => {
    const event = await newEvent(new Date(Date.now() - 2 * DAY));
    await insertOrderWithTickets(handle.db, event, { buyerEmail: other.email.toUpperCase() });
    const guest = await call("POST", `/events/${event.eventId}/reviews`, { as: other, body: { rating: 5 } });
    expect(guest.status).toBe(201);

    const door = await newEvent(new Date(Date.now() - 2 * DAY));
    const checkedIn = await insertOrderWithTickets(handle.db, door, { userId: staff.userId });
    await voidOrder(handle.db, checkedIn.orderId, "cancelled");
    await handle.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.orderId, checkedIn.orderId));
    expect((await call("POST", `/events/${door.eventId}/reviews`, { as: staff, body: { rating: 3 } })).status).toBe(
      201,
    );
  });

  it("lets the author edit within 30 days, and nobody else", async () => {
    const body = { rating: 5, body: "Even better on reflection." };
    expect((await call("PATCH", `/reviews/${reviewId}`, { body })).status).toBe(401);
    expect((await call("PATCH", `/reviews/${reviewId}`, { as: other, body })).status).toBe(404);
    const edited = await call("PATCH", `/reviews/${reviewId}`, { as: holder, body });
    expect(edited.status).toBe(200);
    expect((await edited.json()).data).toMatchObject({ rating: 5, body: "Even better on reflection." });

    await handle.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(reviews.id, reviewId));
    const late = await call("PATCH", `/reviews/${reviewId}`, { as: holder, body: { rating: 1 } });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).fields).toEqual({ reviewId: "edit_window_closed" });
  });

  it("lets only the organizer answer, once; the reviewer is told in the bell and by e-mail", async () => {
    const body = { answer: "Thank you for coming!" };
    expect((await call("POST", `/reviews/${reviewId}/answer`, { body })).status).toBe(401);
    expect((await call("POST", `/reviews/${reviewId}/answer`, { as: other, body })).status).toBe(403);
    expect((await call("POST", `/reviews/${reviewId}/answer`, { as: holder, body })).status).toBe(403);
    const answered = await call("POST", `/reviews/${reviewId}/answer`, { as: organizer, body });
    expect(answered.status).toBe(201);
    expect((await answered.json()).data.answer).toMatchObject({ text: "Thank you for coming!" });
    const twice = await call("POST", `/reviews/${reviewId}/answer`, { as: organizer, body });
    expect(twice.status).toBe(409);

    const bell = await handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, holder.userId), eq(notifications.kind, "review_answered")));
    expect(bell).toHaveLength(1);
    const mails = await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_REVIEW_EMAIL_JOB));
    expect(mails.map((job) => job.payload)).toContainEqual(
      expect.objectContaining({ kind: "answered", to: holder.email }),
    );
  });

  it("sends no review e-mail to someone who turned review e-mails off", async () => {
    await handle.db.update(profiles).set({ emailReviews: false }).where(eq(profiles.userId, organizer.userId));
    const event = await newEvent(new Date(Date.now() - 2 * DAY));
    await insertOrderWithTickets(handle.db, event, { userId: holder.userId });
    const before = (await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_REVIEW_EMAIL_JOB))).length;
    expect((await call("POST", `/events/${event.eventId}/reviews`, { as: holder, body: { rating: 2 } })).status).toBe(
      201,
    );
    expect((await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_REVIEW_EMAIL_JOB))).length).toBe(before);
    await handle.db.update(profiles).set({ emailReviews: true }).where(eq(profiles.userId, organizer.userId));
  });

  it("lets others mark a review helpful once and take it back, never its author", async () => {
    expect((await call("PUT", `/reviews/${reviewId}/helpful`)).status).toBe(401);
    expect((await call("PUT", `/reviews/${reviewId}/helpful`, { as: holder })).status).toBe(403);
    await call("PUT", `/reviews/${reviewId}/helpful`, { as: other });
    const twice = await call("PUT", `/reviews/${reviewId}/helpful`, { as: other });
    expect((await twice.json()).data).toMatchObject({ helpfulCount: 1, markedHelpful: true });
    await call("PUT", `/reviews/${reviewId}/helpful`, { as: organizer });
    const undone = await call("DELETE", `/reviews/${reviewId}/helpful`, { as: other });
    expect((await undone.json()).data).toMatchObject({ helpfulCount: 1, markedHelpful: false });
  });

  it("lists the event's reviews publicly, open to every origin, with the average", async () => {
    const response = await app.request(`/api/v1/events/${past.eventId}/reviews?sort=helpful`, {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const list = await response.json();
    expect(list).toMatchObject({ average: 5, count: 1, page: 1, hasMore: false });
    expect(list.data[0]).toMatchObject({ id: reviewId, helpfulCount: 1, answer: { text: "Thank you for coming!" } });
    expect((await app.request(`/api/v1/events/${past.eventId}/reviews?sort=best`)).status).toBe(400);
    expect((await app.request(`/api/v1/events/999999/reviews`)).status).toBe(404);
  });

  it("takes reports of a review and lets staff hide it from every list and average, then restore it, audited", async () => {
    const reported = await call("POST", `/reviews/${reviewId}/reports`, { as: other, body: { reason: "hateful" } });
    expect(reported.status).toBe(202);
    expect((await reported.json()).data).toMatchObject({ subjectType: "review", subjectId: String(reviewId) });
    expect((await call("POST", `/photos/999999/reports`, { body: { reason: "spam" } })).status).toBe(404);

    const queue = await listReportQueue(handle.db, { status: "open" });
    expect(queue.items).toContainEqual(
      expect.objectContaining({ subjectType: "review", subjectId: String(reviewId), openCount: 1, isHidden: false }),
    );

    const now = new Date();
    await expect(
      hideSubject(handle.db, { userId: other.userId }, { type: "review", id: reviewId }, "x", now),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      hideSubject(handle.db, { userId: staff.userId }, { type: "review", id: reviewId }, " ", now),
    ).rejects.toMatchObject({
      code: "invalid",
    });
    const hidden = await hideSubject(
      handle.db,
      { userId: staff.userId },
      { type: "review", id: reviewId },
      "Insults.",
      now,
    );
    expect(hidden.reportsActioned).toBe(1);
    expect(await eventRatingSummary(handle.db, past.eventId)).toEqual({ average: null, count: 0 });
    const list = await (await app.request(`/api/v1/events/${past.eventId}/reviews`)).json();
    expect(list.data).toEqual([]);
    expect((await call("PUT", `/reviews/${reviewId}/helpful`, { as: organizer })).status).toBe(404);
    const [report] = await handle.db
      .select()
      .from(reports)
      .where(eq(reports.subjectId, String(reviewId)));
    expect(report?.status).toBe("actioned");

    await restoreSubject(handle.db, { userId: staff.userId }, { type: "review", id: reviewId }, new Date());
    expect((await eventRatingSummary(handle.db, past.eventId)).count).toBe(1);
    const audit = await handle.db
      .select()
      .from(staffActions)
      .where(eq(staffActions.subjectId, String(reviewId)));
    expect(audit.map((row) => row.action).toSorted()).toEqual(["review.hide", "review.restore"]);
  });

  it("averages an organizer's visible reviews over all their events", async () => {
    const summary = await organizerRatingSummary(handle.db, organizer.userId);
    // 5 (edited), 5 (guest order), 3 (checked in), 2 (e-mails off): 15 / 4.
    expect(summary).toEqual({ average: 3.8, count: 4 });
  });
});
