import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#server/db/client";
import { events, orders, profiles, promotionCampaigns, tickets, users } from "#server/db/schema";
import { getPlatformFigures } from "#server/services/platform-figures";
import { openTestDatabase } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * The console's figures (/admin, GET /api/v1/staff/figures) against rows inserted here with known
 * instants, counted by hand: what counts, what does not, and which UTC week (Monday to Sunday) each
 * falls in. The database is fresh and holds only these rows.
 */
const NOW = new Date("2026-11-27T12:00:00Z"); // a Friday: the current week began Monday 2026-11-23
const at = (text: string) => new Date(text);

let handle: DatabaseHandle;
let db: Database;
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());

async function person(createdAt: string, options: { confirmed?: boolean; role?: "organizer" | "attendee" } = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: `figures-${randomUUID().slice(0, 8)}@example.com`,
      emailConfirmedAt: options.confirmed === false ? null : at(createdAt),
      createdAt: at(createdAt),
    })
    .returning({ id: users.id });
  await db
    .insert(profiles)
    .values({ userId: user!.id, name: "Figure Person", role: options.role ?? "attendee", createdAt: at(createdAt) });
  return user!.id;
}

async function event(organizerId: string, createdAt: string, status: "published" | "draft", hidden = false) {
  const made = await insertEventWithTicketTypes(db, {
    organizerId,
    status,
    startsAt: at("2026-12-20T18:00:00Z"),
    ticketTypes: [{ name: "General", priceCents: 2500, quantity: 100 }],
  });
  await db
    .update(events)
    .set({ createdAt: at(createdAt), hiddenAt: hidden ? at(createdAt) : null, hiddenReason: hidden ? "Spam" : null })
    .where(eq(events.id, made.eventId));
  return made;
}

async function order(
  made: { eventId: number; ticketTypeIds: number[] },
  createdAt: string,
  status: "confirmed" | "refunded" | "pending",
  totalCents: number,
  ticketCount: number,
) {
  const [row] = await db
    .insert(orders)
    .values({
      eventId: made.eventId,
      buyerName: "Buyer",
      buyerEmail: "buyer@example.com",
      status,
      totalCents,
      holdExpiresAt: status === "pending" ? at("2026-11-27T12:15:00Z") : null,
      createdAt: at(createdAt),
    })
    .returning({ id: orders.id });
  for (let index = 0; index < ticketCount; index += 1) {
    await db.insert(tickets).values({
      orderId: row!.id,
      ticketTypeId: made.ticketTypeIds[0]!,
      eventId: made.eventId,
      code: randomUUID(),
      status: status === "confirmed" ? "valid" : "void",
      createdAt: at(createdAt),
    });
  }
}

async function campaign(made: { eventId: number; organizerId: string }, priceCents: number, paidAt: string | null) {
  await db.insert(promotionCampaigns).values({
    eventId: made.eventId,
    organizerId: made.organizerId,
    types: ["homepage"],
    days: 7,
    budgetCents: 10_000,
    priceCents,
    startsAt: at("2026-11-28T00:00:00Z"),
    endsAt: at("2026-12-05T00:00:00Z"),
    paidAt: paidAt === null ? null : at(paidAt),
    createdAt: at("2026-11-15T00:00:00Z"),
  });
}

describe("the platform's figures", () => {
  it("are zero everywhere on an empty site, for twelve weeks ending with the current one", async () => {
    const figures = await getPlatformFigures(db, NOW);
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]).toBe("2026-09-07");
    expect(figures.weeks.at(-1)).toBe("2026-11-23");
    for (const figure of figures.figures) {
      expect(figure.total, figure.key).toBe(0);
      expect(figure.byWeek, figure.key).toEqual(Array(12).fill(0));
    }
  });

  it("count what the page says they count, in the week each happened, matching a count by hand", async () => {
    // People: confirmed accounts. Organizers: the organizer role.
    const ada = await person("2026-11-24T09:00:00Z", { role: "organizer" }); // this week
    await person("2026-11-22T23:59:00Z"); // Sunday: the week of 2026-11-16
    await person("2026-11-25T10:00:00Z", { confirmed: false }); // never confirmed: nobody yet
    await person("2026-01-05T10:00:00Z", { role: "organizer" }); // before the twelve weeks: totals only

    // Published events not hidden, by creation.
    const thisWeek = await event(ada, "2026-11-25T08:00:00Z", "published");
    const lastWeek = await event(ada, "2026-11-16T00:00:00Z", "published"); // Monday 00:00: that week
    await event(ada, "2026-11-25T08:00:00Z", "draft");
    await event(ada, "2026-11-25T08:00:00Z", "published", true); // hidden by staff

    // Orders and their tickets: only confirmed orders and valid tickets count.
    await order(thisWeek, "2026-11-25T12:00:00Z", "confirmed", 5000, 2);
    await order(thisWeek, "2026-11-26T12:00:00Z", "refunded", 3000, 1);
    await order(lastWeek, "2026-11-17T12:00:00Z", "confirmed", 2500, 1);
    await order(thisWeek, "2026-11-27T11:00:00Z", "pending", 9000, 0);
    await order(lastWeek, "2026-08-01T12:00:00Z", "confirmed", 100, 1); // long ago: totals only

    // Promotion income: paid campaigns, by when paid.
    await campaign(thisWeek, 4900, "2026-11-26T10:00:00Z");
    await campaign(thisWeek, 9900, null); // never paid
    await campaign(lastWeek, 1500, "2026-11-18T10:00:00Z");

    const { weeks, figures } = await getPlatformFigures(db, NOW);
    const byKey = Object.fromEntries(figures.map((figure) => [figure.key, figure]));
    const week = (monday: string, value: number) => {
      const values = Array<number>(12).fill(0);
      values[weeks.indexOf(monday)] = value;
      return values;
    };
    const twoWeeks = (previous: number, current: number) =>
      week("2026-11-16", previous).map((value, index) => (index === 11 ? current : value));

    // insertEventWithTicketTypes adds no people: ada organizes all four events.
    expect(byKey.people).toEqual({
      key: "people",
      total: 3,
      byWeek: twoWeeks(1, 1),
    });
    expect(byKey.organizers).toEqual({ key: "organizers", total: 2, byWeek: week("2026-11-23", 1) });
    expect(byKey.publishedEvents).toEqual({ key: "publishedEvents", total: 2, byWeek: twoWeeks(1, 1) });
    expect(byKey.orders).toEqual({ key: "orders", total: 3, byWeek: twoWeeks(1, 1) });
    expect(byKey.ticketsSold).toEqual({ key: "ticketsSold", total: 4, byWeek: twoWeeks(1, 2) });
    expect(byKey.revenueCents).toEqual({ key: "revenueCents", total: 7600, byWeek: twoWeeks(2500, 5000) });
    expect(byKey.promotionIncomeCents).toEqual({
      key: "promotionIncomeCents",
      total: 6400,
      byWeek: twoWeeks(1500, 4900),
    });
  });
});
