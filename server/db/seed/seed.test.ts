import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { isMicroEvent, isSoldOut, isVip } from "#domain/event";
import { reputationLevel, reputationScore } from "#domain/reputation";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import type { DatabaseHandle } from "#server/db/client";
import * as schema from "#server/db/schema";
import { searchEvents } from "#server/services/event-search";
import { SMALL_GATHERING_EVENT_IDS } from "./sample-tickets";
import { isDatabaseEmpty, seedSampleData } from "./seed";

const now = new Date("2026-11-22T15:00:00Z");
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
});
afterAll(() => handle?.close());

async function ticketsOf(eventId: number) {
  return handle.db
    .select()
    .from(schema.ticketTypes)
    .where(eq(schema.ticketTypes.eventId, eventId))
    .orderBy(asc(schema.ticketTypes.position));
}

describe(`the sample data on the ${testDatabaseKind()} database`, () => {
  it("has the spec's volumes: 20 users (and the staff account), 12 sponsors, 12 venues, 15 categories, 38 events, 24 interests", async () => {
    const volume = async (table: PgTable) => (await handle.db.select({ value: count() }).from(table))[0]?.value;
    expect(await volume(schema.users)).toBe(20 + 1);
    expect(await volume(schema.staffMembers)).toBe(1);
    expect(await volume(schema.sponsors)).toBe(12);
    expect(await volume(schema.venues)).toBe(12);
    expect(await volume(schema.categories)).toBe(15);
    expect(await volume(schema.events)).toBe(38);
    expect(await volume(schema.interests)).toBe(24);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it("keeps the staff account out of the sample crowd: none of the sample orders or reviews are its own", async () => {
    const [staff] = await handle.db.select({ userId: schema.staffMembers.userId }).from(schema.staffMembers);
    const ordersOf = await handle.db.select().from(schema.orders).where(eq(schema.orders.userId, staff!.userId));
    const reviewsOf = await handle.db.select().from(schema.reviews).where(eq(schema.reviews.authorId, staff!.userId));
    expect({ orders: ordersOf.length, reviews: reviewsOf.length }).toEqual({ orders: 0, reviews: 0 });
    // The sample reviews are still there, written by the sample people.
    expect((await handle.db.select({ value: count() }).from(schema.reviews))[0]?.value).toBeGreaterThan(0);
  });

  it("makes event 34 sold out with General Admission $45 200/200 and VIP Access $120 50/50", async () => {
    const tickets = await ticketsOf(34);
    expect(tickets.map(({ name, priceCents, quantity, sold }) => ({ name, priceCents, quantity, sold }))).toEqual([
      { name: "General Admission", priceCents: 4500, quantity: 200, sold: 200 },
      { name: "VIP Access", priceCents: 12000, quantity: 50, sold: 50 },
    ]);
    expect(isSoldOut({ ticketTypes: tickets })).toBe(true);
  });

  it("gives events 10, 20 and 30 one Free Registration at $0, quantity 200, 50 sold", async () => {
    for (const id of [10, 20, 30]) {
      const tickets = await ticketsOf(id);
      expect(tickets.map(({ name, priceCents, quantity, sold }) => ({ name, priceCents, quantity, sold }))).toEqual([
        { name: "Free Registration", priceCents: 0, quantity: 200, sold: 50 },
      ]);
    }
  });

  it("makes event 36 VIP with VIP Invitation Only at $500, quantity 100, 75 sold", async () => {
    const tickets = await ticketsOf(36);
    const [event] = await handle.db.select().from(schema.events).where(eq(schema.events.id, 36));
    expect(tickets.map(({ name, priceCents, quantity, sold }) => ({ name, priceCents, quantity, sold }))).toEqual([
      { name: "VIP Invitation Only", priceCents: 50000, quantity: 100, sold: 75 },
    ]);
    expect(isVip({ ...event!, ticketTypes: tickets })).toBe(true);
  });

  it("gives every other event 1 to 3 ticket types, none oversold", async () => {
    const tickets = await handle.db.select().from(schema.ticketTypes);
    for (let id = 1; id <= 38; id++) {
      const own = tickets.filter((ticket) => ticket.eventId === id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const ticket of own) expect(ticket.sold).toBeLessThanOrEqual(ticket.quantity);
    }
  });

  it("makes micro events of the small gatherings only, never of a Major Event", async () => {
    const tickets = await handle.db.select().from(schema.ticketTypes);
    const micro = new Set<number>();
    for (let id = 1; id <= 38; id++) {
      if (isMicroEvent({ ticketTypes: tickets.filter((ticket) => ticket.eventId === id) })) micro.add(id);
    }
    expect(micro).toEqual(SMALL_GATHERING_EVENT_IDS);
    const teasers = await handle.db.select().from(schema.majorEventTeasers);
    expect(teasers).toHaveLength(3);
    for (const teaser of teasers) expect(micro.has(teaser.eventId)).toBe(false);
  });

  it("points every web and e-mail address at a reserved example domain or at the site itself", async () => {
    const tables: PgTable[] = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [value] : []));
    const hosts = new Set<string>();
    let addresses = 0;
    for (const table of tables) {
      const text = JSON.stringify(await handle.db.select().from(table));
      for (const match of text.matchAll(/\b(?:https?:\/\/|www\.)([a-z0-9.-]+)/gi)) hosts.add(match[1]!.toLowerCase());
      for (const match of text.matchAll(/[\w.+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)) hosts.add(match[1]!.toLowerCase());
      addresses += text.match(/https?:\/\/|@[a-z0-9-]+\./gi)?.length ?? 0;
    }
    // Social links, websites, sponsor sites and contact and account e-mails are all in there.
    expect(addresses).toBeGreaterThan(150);
    const reserved = (host: string) => /(^|\.)(example\.(com|org|net)|example)$/.test(host);
    expect([...hosts].filter((host) => !reserved(host))).toEqual([]);
  });

  it("places most events in the next three months and a few in the past", async () => {
    const events = await handle.db.select().from(schema.events);
    const ninetyDays = new Date(now.getTime() + 91 * 86_400_000);
    const past = events.filter((event) => event.endsAt < now);
    const soon = events.filter((event) => event.startsAt > now && event.startsAt < ninetyDays);
    expect(past.length).toBeGreaterThanOrEqual(2);
    expect(past.length).toBeLessThanOrEqual(6);
    expect(soon.length).toBeGreaterThanOrEqual(30);
  });

  it("fills every profile field and spreads preferred languages over all four", async () => {
    const staff = await handle.db.select({ userId: schema.staffMembers.userId }).from(schema.staffMembers);
    const profiles = (await handle.db.select().from(schema.profiles)).filter(
      (profile) => !staff.some(({ userId }) => userId === profile.userId),
    );
    expect(profiles).toHaveLength(20);
    expect(new Set(profiles.map((profile) => profile.preferredLanguage))).toEqual(new Set(["en", "fr", "ar", "am"]));
    for (const profile of profiles) {
      expect(profile.bio).toBeTruthy();
      expect(profile.location).toBeTruthy();
      expect(profile.profileImage).toMatch(/^\/uploads\/sample\/avatar\//);
      expect(Object.keys(profile.socialLinks).sort()).toEqual([
        "facebook",
        "github",
        "instagram",
        "linkedin",
        "tiktok",
        "twitter",
        "website",
        "youtube",
      ]);
    }
  });

  it("gives every event three images and the top 8 categories their order", async () => {
    expect((await handle.db.select({ value: count() }).from(schema.eventImages))[0]?.value).toBe(38 * 3);
    const top = await handle.db.select().from(schema.categories).orderBy(asc(schema.categories.topRank));
    expect(top.filter((category) => category.topRank !== null).map((category) => category.key)).toEqual([
      "music",
      "arts",
      "business",
      "conference",
      "party",
      "food-drink",
      "sports",
      "networking",
    ]);
  });

  it("is deterministic: seeding another database at the same moment gives the same events", async () => {
    const other = await openTestDatabase();
    try {
      await seedSampleData(other.db, { now });
      const pick = (rows: (typeof schema.events.$inferSelect)[]) =>
        rows.map(({ id, title, startsAt, venueId, categoryId }) => ({ id, title, startsAt, venueId, categoryId }));
      const order = asc(schema.events.id);
      expect(pick(await other.db.select().from(schema.events).orderBy(order))).toEqual(
        pick(await handle.db.select().from(schema.events).orderBy(order)),
      );
      const tickets = (db: typeof handle.db) =>
        db
          .select({
            eventId: schema.ticketTypes.eventId,
            name: schema.ticketTypes.name,
            price: schema.ticketTypes.priceCents,
            sold: schema.ticketTypes.sold,
          })
          .from(schema.ticketTypes)
          .orderBy(asc(schema.ticketTypes.id));
      expect(await tickets(other.db)).toEqual(await tickets(handle.db));
    } finally {
      await other.close();
    }
  });

  it("lists upcoming events soonest first with their venue, category, organizer and tickets", async () => {
    const upcoming = (await searchEvents(handle.db, { sort: "date", limit: 8 }, now)).events;
    expect(upcoming).toHaveLength(8);
    const starts = upcoming.map((event) => event.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const event of upcoming) {
      expect(event.endsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(event.venue.name).toBeTruthy();
      expect(event.organizer.name).toBeTruthy();
      expect(event.ticketTypes.length).toBeGreaterThan(0);
      expect(event.image?.widths.length).toBeGreaterThan(0);
    }
  });

  it("gives every organizer a sample reputation whose score and level are the formula's for its stored counts", async () => {
    const organizers = await handle.db
      .select({ id: schema.profiles.userId })
      .from(schema.profiles)
      .where(eq(schema.profiles.role, "organizer"));
    const reputations = await handle.db.select().from(schema.organizerReputations);
    expect(reputations.map((row) => row.organizerId).sort()).toEqual(organizers.map((row) => row.id).sort());
    for (const row of reputations) {
      const { eventsHeld, ticketsSold, ticketsCheckedIn, eventsCancelled } = row;
      const score = reputationScore({ eventsHeld, ticketsSold, ticketsCheckedIn, eventsCancelled });
      expect(row.score).toBe(score);
      expect(row.level).toBe(reputationLevel(score));
      expect(row.ticketsCheckedIn).toBeLessThanOrEqual(row.ticketsSold);
    }
    // The sample badges show the range, Elite Organizers included.
    expect(new Set(reputations.map((row) => row.level)).size).toBeGreaterThanOrEqual(3);
    expect(reputations.some((row) => row.level === "elite")).toBe(true);
  });
});
