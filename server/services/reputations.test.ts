import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reputationLevel, reputationScore } from "#domain/reputation";
import type { DatabaseHandle } from "#server/db/client";
import { organizerReputations, tickets } from "#server/db/schema";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { checkInTicket } from "./check-in";
import { cancelEvent } from "./event-cancellation";
import { loadEventSummaries } from "./event-summaries";
import { cancelOrder, placeOrder } from "./orders";
import { updateReputations } from "./reputations";

const SITE_URL = "http://localhost:3000";
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

async function reputationOf(organizerId: string) {
  const [row] = await handle.db
    .select()
    .from(organizerReputations)
    .where(eq(organizerReputations.organizerId, organizerId));
  return row;
}

describe(`organizer reputations on the ${testDatabaseKind()} database`, () => {
  it("counts real orders, check-ins, buyer cancellations and a cancelled event, and scores them by the formula", async () => {
    const { db } = handle;
    const organizer = await insertUser(db, { role: "organizer" });
    const actor = { userId: organizer.userId };
    const orderedAt = new Date();
    const startsAt = new Date(orderedAt.getTime() + DAY_MS);
    const held = await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      startsAt,
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 100 }],
    });
    const order = (quantity: number, eventId = held.eventId, ticketTypeId = held.ticketTypeIds[0]!) =>
      placeOrder(
        db,
        null,
        { eventId, items: [{ ticketTypeId, quantity }], buyer: { name: "Ada Buyer", email: "ada@example.com" } },
        { now: orderedAt, language: "en", siteUrl: SITE_URL },
      );
    const first = await order(4);
    const second = await order(3);
    const third = await order(2);
    // A buyer's cancellation voids its tickets: they are not counted as sold.
    const cancelledOrder = await cancelOrder(db, null, third.order.id, {
      now: orderedAt,
      reason: "cancelled_by_buyer",
      siteUrl: SITE_URL,
    });
    expect(cancelledOrder.status).toBe("cancelled");
    const codes = [...first.order.tickets, ...second.order.tickets].map((ticket) => ticket.code);
    for (const code of codes.slice(0, 5)) {
      const result = await checkInTicket(db, actor, { eventId: held.eventId, code }, startsAt);
      expect(result.outcome).toBe("checked_in");
    }

    // Cancelled by its organizer, with an order on it: counted as a cancellation, its tickets not at all.
    const cancelled = await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      startsAt: new Date(orderedAt.getTime() + 3 * DAY_MS),
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 10 }],
    });
    await order(2, cancelled.eventId, cancelled.ticketTypeIds[0]!);
    await cancelEvent(db, actor, cancelled.eventId, { now: orderedAt, siteUrl: SITE_URL });
    // Not held yet at the time of the update, and a draft: neither counts.
    await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      startsAt: new Date(orderedAt.getTime() + 30 * DAY_MS),
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 10 }],
    });
    await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      status: "draft",
      startsAt: new Date(orderedAt.getTime() - 30 * DAY_MS),
      ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 10 }],
    });

    const now = new Date(startsAt.getTime() + 4 * HOUR_MS);
    await updateReputations(db, now);

    const activity = { eventsHeld: 1, ticketsSold: 7, ticketsCheckedIn: 5, eventsCancelled: 1 };
    const score = reputationScore(activity);
    expect(await reputationOf(organizer.userId)).toMatchObject({
      ...activity,
      score,
      level: reputationLevel(score),
      updatedAt: now,
    });
  });

  it("scores an organizer without events at 0, leaves attendees out, and is the same when run twice", async () => {
    const { db } = handle;
    const newcomer = await insertUser(db, { role: "organizer" });
    const attendee = await insertUser(db, { role: "attendee" });
    const now = new Date();
    await updateReputations(db, now);
    const once = await reputationOf(newcomer.userId);
    expect(once).toMatchObject({ score: 0, level: "bronze", eventsHeld: 0, ticketsSold: 0 });
    expect(await reputationOf(attendee.userId)).toBeUndefined();
    await updateReputations(db, now);
    expect(await reputationOf(newcomer.userId)).toEqual(once);
  });

  it("makes the Elite Organizer badge on cards follow the formula: earned by a strong record, lost without one", async () => {
    const { db } = handle;
    const now = new Date();
    // A long, well-attended record: 20 past events of 60 tickets each, 57 checked in, no cancellation.
    const veteran = await insertUser(db, { role: "organizer" });
    for (let index = 0; index < 20; index++) {
      const event = await insertEventWithTicketTypes(db, {
        organizerId: veteran.userId,
        startsAt: new Date(now.getTime() - (index + 2) * DAY_MS),
        ticketTypes: [{ name: "General admission", priceCents: 2000, quantity: 100 }],
      });
      const { codes } = await insertOrderWithTickets(db, event, { count: 60 });
      await db
        .update(tickets)
        .set({ checkedInAt: new Date(now.getTime() - (index + 2) * DAY_MS) })
        .where(inArray(tickets.code, codes.slice(0, 57)));
    }
    // A stored "elite" with nothing behind it (as a stale or hand-written row would be).
    const pretender = await insertUser(db, { role: "organizer" });
    await db.insert(organizerReputations).values({ organizerId: pretender.userId, score: 95, level: "elite" });
    const [veteranUpcoming, pretenderUpcoming] = await Promise.all(
      [veteran, pretender].map((person) =>
        insertEventWithTicketTypes(db, {
          organizerId: person.userId,
          startsAt: new Date(now.getTime() + 5 * DAY_MS),
          ticketTypes: [{ name: "General admission", priceCents: 2000, quantity: 100 }],
        }),
      ),
    );

    await updateReputations(db, now);

    const veteranRow = await reputationOf(veteran.userId);
    expect(veteranRow).toMatchObject({ eventsHeld: 20, ticketsSold: 1200, ticketsCheckedIn: 1140, eventsCancelled: 0 });
    expect(veteranRow!.score).toBe(
      reputationScore({ eventsHeld: 20, ticketsSold: 1200, ticketsCheckedIn: 1140, eventsCancelled: 0 }),
    );
    const cards = await loadEventSummaries(db, [veteranUpcoming!.eventId, pretenderUpcoming!.eventId], now);
    expect(cards.map((card) => card.organizer.reputationLevel)).toEqual(["elite", "bronze"]);
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(organizerReputations)
      .where(
        sql`${organizerReputations.level} <> case when ${organizerReputations.score} >= 90 then 'elite' when ${organizerReputations.score} >= 70 then 'gold' when ${organizerReputations.score} >= 40 then 'silver' else 'bronze' end`,
      );
    expect(count).toBe(0);
  });
});
