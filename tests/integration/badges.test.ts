import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import {
  badgeAwards,
  categories,
  events,
  galleryPhotos,
  mailboxMessages,
  notifications,
  orders,
  profiles,
  reviews,
  shareLinks,
  shareVisits,
  tickets,
} from "#server/db/schema";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { queueBadgeCheck } from "#server/services/badge-triggers";
import {
  awardBadges,
  countBadgeMeasures,
  getMyBadges,
  listEarnedBadges,
  listUnseenBadges,
  markBadgesSeen,
  recomputeAllBadges,
} from "#server/services/badges";
import { checkInTicket } from "#server/services/check-in";
import { publishEvent } from "#server/services/event-authoring";
import { placeOrder } from "#server/services/orders";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

const SITE = "http://localhost:5173";
const DAY_MS = 24 * 60 * 60_000;
const logger = createLogger({ mode: "test", logLevel: "silent" });

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function runJobs(now = new Date()) {
  const handlers = createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl: SITE });
  return runDueJobs(handle.db, { handlers, logger }, new Date(now.getTime() + 1_000));
}

async function badgesOf(userId: string): Promise<string[]> {
  return (await listEarnedBadges(handle.db, userId)).map((badge) => badge.key);
}

async function badgeNotificationsOf(userId: string): Promise<string[]> {
  const rows = await handle.db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "badge_earned")));
  return rows.map((row) => String(row.data.badge)).sort();
}

async function mailTo(email: string) {
  return handle.db
    .select({ subject: mailboxMessages.subject, text: mailboxMessages.text })
    .from(mailboxMessages)
    .where(eq(mailboxMessages.toAddress, email));
}

async function categoryId(key: string): Promise<number> {
  await handle.db
    .insert(categories)
    .values({ key, name: `${key} (test)`, icon: "ticket", position: 90 })
    .onConflictDoNothing();
  const [row] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.key, key));
  return row!.id;
}

/** A past event (ended yesterday) whose one ticket `attendeeId` holds, checked in by its organizer. */
async function attendPastEvent(attendeeId: string, options: { title?: string } = {}) {
  const event = await insertEventWithTicketTypes(handle.db, {
    startsAt: new Date(Date.now() - 2 * DAY_MS),
    ...(options.title ? { title: options.title } : {}),
    ticketTypes: [{ name: "Free", priceCents: 0, quantity: 50 }],
  });
  const { codes } = await insertOrderWithTickets(handle.db, event, { userId: attendeeId });
  const result = await checkInTicket(
    handle.db,
    { userId: event.organizerId },
    { eventId: event.eventId, code: codes[0]! },
    new Date(),
  );
  expect(result.outcome).toBe("checked_in");
  return event;
}

describe(`badges awarded by the jobs worker (${testDatabaseKind()})`, () => {
  it("a check-in awards First Timer once, with a bell notification and an e-mail", async () => {
    const attendee = await insertUser(handle.db, { name: "Amina Tesfaye" });
    const event = await attendPastEvent(attendee.userId);
    await runJobs();

    expect(await badgesOf(attendee.userId)).toEqual(["first_timer"]);
    expect(await badgeNotificationsOf(attendee.userId)).toEqual(["first_timer"]);
    const mail = await mailTo(attendee.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("You earned a badge: First Timer");
    expect(mail[0]!.text).toContain("Congratulations, Amina Tesfaye!");
    expect(mail[0]!.text).toContain("First Timer (Bronze)");
    // The organizer was checked too: their published event earns Event Creator.
    expect(await badgesOf(event.organizerId)).toContain("event_creator");
    // Unseen until the next page shows the notice.
    expect(await listUnseenBadges(handle.db, attendee.userId)).toEqual(["first_timer"]);
    await markBadgesSeen(handle.db, { userId: attendee.userId }, ["first_timer"], new Date());
    expect(await listUnseenBadges(handle.db, attendee.userId)).toEqual([]);

    // Checking again awards nothing more: no second notification, no second e-mail.
    await queueBadgeCheck(handle.db, [attendee.userId, attendee.userId]);
    await runJobs();
    expect(await badgeNotificationsOf(attendee.userId)).toEqual(["first_timer"]);
    expect(await mailTo(attendee.email)).toHaveLength(1);
  });

  it("does not e-mail a person who turned badge e-mails off, but still rings the bell", async () => {
    const attendee = await insertUser(handle.db);
    await handle.db.update(profiles).set({ emailBadges: false }).where(eq(profiles.userId, attendee.userId));
    await attendPastEvent(attendee.userId);
    await runJobs();
    expect(await badgesOf(attendee.userId)).toEqual(["first_timer"]);
    expect(await badgeNotificationsOf(attendee.userId)).toEqual(["first_timer"]);
    expect(await mailTo(attendee.email)).toEqual([]);
  });

  it("awards once under concurrent checks of the same person", async () => {
    const attendee = await insertUser(handle.db);
    for (let i = 0; i < 5; i++) {
      const event = await insertEventWithTicketTypes(handle.db, {
        startsAt: new Date(Date.now() - 2 * DAY_MS),
        ticketTypes: [{ name: "Free", priceCents: 0, quantity: 5 }],
      });
      const { codes } = await insertOrderWithTickets(handle.db, event, { userId: attendee.userId });
      await handle.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.code, codes[0]!));
    }
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 8 }, () => awardBadges(handle.db, attendee.userId, now)));
    expect(results.flat().sort()).toEqual(["event_explorer", "first_timer"]);
    expect(await badgeNotificationsOf(attendee.userId)).toEqual(["event_explorer", "first_timer"]);
    expect(await badgesOf(attendee.userId)).toEqual(["first_timer", "event_explorer"]);
  });

  it("publishing a draft awards Event Creator", async () => {
    const draft = await insertEventWithTicketTypes(handle.db, {
      status: "draft",
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 5 }],
    });
    await runJobs();
    expect(await badgesOf(draft.organizerId)).toEqual([]);
    await publishEvent(handle.db, { userId: draft.organizerId }, draft.eventId, new Date());
    await runJobs();
    expect(await badgesOf(draft.organizerId)).toEqual(["event_creator"]);
  });

  it("the sale of the last ticket awards Sold Out", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [
        { name: "Free", priceCents: 0, quantity: 2 },
        { name: "Also free", priceCents: 0, quantity: 1 },
      ],
    });
    const buyer = await insertUser(handle.db);
    const order = (ticketTypeId: number, quantity: number) =>
      placeOrder(
        handle.db,
        { userId: buyer.userId },
        { eventId: event.eventId, items: [{ ticketTypeId, quantity }], buyer: { name: "B", email: buyer.email } },
        { now: new Date(), language: "en", siteUrl: SITE },
      );
    await order(event.ticketTypeIds[0]!, 2);
    await runJobs();
    expect(await badgesOf(event.organizerId)).not.toContain("sold_out");
    await order(event.ticketTypeIds[1]!, 1);
    await runJobs();
    expect(await badgesOf(event.organizerId)).toContain("sold_out");
  });
});

describe(`what each measure counts (${testDatabaseKind()})`, () => {
  it("counts attendance by check-in only, never with a cancelled order, and by category, language and VIP", async () => {
    const person = await insertUser(handle.db);
    const networking = await categoryId("networking");
    const charity = await categoryId("charity");
    const a = await attendPastEvent(person.userId, { title: "VIP Gala Night" });
    const b = await attendPastEvent(person.userId);
    await handle.db.update(events).set({ categoryId: networking, language: "fr" }).where(eq(events.id, a.eventId));
    await handle.db.update(events).set({ categoryId: charity, language: "ar" }).where(eq(events.id, b.eventId));
    // A ticket held but not checked in: supports a Charity event, attends nothing.
    const c = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 5 }],
    });
    await handle.db.update(events).set({ categoryId: charity }).where(eq(events.id, c.eventId));
    await insertOrderWithTickets(handle.db, c, { userId: person.userId });
    // A checked-in ticket of an order since refunded: counts for nothing.
    const d = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 5 }],
    });
    const refunded = await insertOrderWithTickets(handle.db, d, { userId: person.userId });
    await handle.db.update(orders).set({ status: "refunded" }).where(eq(orders.id, refunded.orderId));
    await handle.db
      .update(tickets)
      .set({ status: "void", checkedInAt: new Date() })
      .where(eq(tickets.orderId, refunded.orderId));

    const measures = await countBadgeMeasures(handle.db, person.userId, new Date());
    expect(measures).toMatchObject({
      eventsAttended: 2,
      vipEventsAttended: 1,
      attendedLanguages: 2,
      networkingEventsAttended: 1,
      supportedEvents: 2,
    });
  });

  it("counts an organizer's published events, languages, Community events, successful and sold-out events", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer" });
    const community = await categoryId("community");
    const ended = await attendPastEvent((await insertUser(handle.db)).userId);
    await handle.db
      .update(events)
      .set({ organizerId: organizer.userId, categoryId: community, language: "am" })
      .where(eq(events.id, ended.eventId));
    // Ended but nobody checked in: not successful.
    await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      startsAt: new Date(Date.now() - 2 * DAY_MS),
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 5 }],
    });
    // Sold out: its one type's tickets all issued.
    const full = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 2 }],
    });
    await insertOrderWithTickets(handle.db, full, { count: 2 });
    // A draft and a cancelled event count for nothing.
    await insertEventWithTicketTypes(handle.db, { organizerId: organizer.userId, status: "draft", ticketTypes: [] });
    await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      status: "cancelled",
      ticketTypes: [],
    });

    const measures = await countBadgeMeasures(handle.db, organizer.userId, new Date());
    expect(measures).toMatchObject({
      eventsCreated: 3,
      eventLanguages: 2,
      communityEvents: 1,
      successfulEvents: 1,
      soldOutEvents: 1,
    });
  });

  it("counts reviews and gallery photos not hidden, and visits through share links", async () => {
    const person = await insertUser(handle.db);
    const first = await insertEventWithTicketTypes(handle.db, { ticketTypes: [] });
    const second = await insertEventWithTicketTypes(handle.db, { ticketTypes: [] });
    await handle.db.insert(reviews).values([
      { eventId: first.eventId, authorId: person.userId, rating: 5 },
      { eventId: second.eventId, authorId: person.userId, rating: 2, hiddenAt: new Date() },
    ]);
    const photo = (eventId: number, hiddenAt: Date | null = null) => ({
      eventId,
      authorId: person.userId,
      image: `gallery/${"a".repeat(24)}`,
      width: 800,
      height: 600,
      alt: "The stage",
      hiddenAt,
    });
    await handle.db
      .insert(galleryPhotos)
      .values([photo(first.eventId), photo(first.eventId), photo(second.eventId, new Date())]);
    await handle.db
      .insert(shareLinks)
      .values({ code: `c${person.userId.slice(0, 8)}`, userId: person.userId, eventId: first.eventId });
    await handle.db
      .insert(shareVisits)
      .values(["v1", "v2", "v3"].map((visitorHash) => ({ code: `c${person.userId.slice(0, 8)}`, visitorHash })));
    expect(await countBadgeMeasures(handle.db, person.userId, new Date())).toMatchObject({
      reviewsWritten: 1,
      galleriesContributed: 1,
      shareVisits: 3,
    });
  });

  it("shows progress toward the next badges", async () => {
    const person = await insertUser(handle.db);
    await attendPastEvent(person.userId);
    await attendPastEvent(person.userId);
    await awardBadges(handle.db, person.userId, new Date());
    const mine = await getMyBadges(handle.db, person.userId, new Date());
    expect(mine.find((badge) => badge.key === "first_timer")).toMatchObject({ earned: true, progress: 1, target: 1 });
    expect(mine.find((badge) => badge.key === "event_explorer")).toMatchObject({
      earned: false,
      progress: 2,
      target: 5,
      awardedAt: null,
    });
  });
});

describe(`recomputing every badge (${testDatabaseKind()})`, () => {
  it("awards what existing data earns, and nothing on a second run", async () => {
    const person = await insertUser(handle.db);
    const event = await insertEventWithTicketTypes(handle.db, {
      startsAt: new Date(Date.now() - 2 * DAY_MS),
      ticketTypes: [{ name: "Free", priceCents: 0, quantity: 5 }],
    });
    const { codes } = await insertOrderWithTickets(handle.db, event, { userId: person.userId });
    // Written directly: no job was queued, as for data from before badges existed.
    await handle.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.code, codes[0]!));
    const [before] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(badgeAwards);

    const first = await recomputeAllBadges(handle.db, new Date());
    expect(first.awarded).toBeGreaterThan(0);
    expect(await badgesOf(person.userId)).toEqual(["first_timer"]);
    const [after] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(badgeAwards);
    expect(after!.n - before!.n).toBe(first.awarded);
    // Bell only: old activity is not worth an e-mail.
    expect(await badgeNotificationsOf(person.userId)).toEqual(["first_timer"]);
    expect(await mailTo(person.email)).toEqual([]);

    const second = await recomputeAllBadges(handle.db, new Date());
    expect(second).toMatchObject({ awarded: 0, people: first.people });
  });
});
