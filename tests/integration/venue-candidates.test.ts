import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { categories, events, ticketTypes, venues } from "#server/db/schema";
import { listVenueCandidates } from "#server/services/venue-candidates";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

// The planner's venue candidates: what each venue is known to hold and host, from public events only.

const NOW = new Date("2026-11-22T15:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let handle: DatabaseHandle;
const ids = { hall: 0, club: 0, empty: 0 };

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  const { userId } = await insertUser(db, { role: "organizer" });
  const [conference, music] = await db
    .insert(categories)
    .values([
      { key: "conference", name: "Conference", icon: "mic", position: 1 },
      { key: "music", name: "Music", icon: "music", position: 2 },
    ])
    .onConflictDoNothing()
    .returning({ id: categories.id });
  const venue = (name: string) => ({
    name,
    address: "1 Test Street NW",
    city: "Washington",
    state: "DC",
    country: "US",
    zipCode: "20001",
    latitude: 38.9,
    longitude: -77.03,
  });
  const [hall, club, empty] = await db
    .insert(venues)
    .values([venue("Convention Hall"), venue("Jazz Club"), venue("Empty Loft")])
    .returning({ id: venues.id });
  Object.assign(ids, { hall: hall!.id, club: club!.id, empty: empty!.id });
  async function event(
    venueId: number,
    categoryId: number,
    quantities: number[],
    extra: { status?: "draft" | "published" | "cancelled"; hiddenAt?: Date } = {},
  ) {
    const [row] = await db
      .insert(events)
      .values({
        title: "An event",
        description: "Made by a test.",
        startsAt: new Date(NOW.getTime() - 30 * DAY),
        endsAt: new Date(NOW.getTime() - 30 * DAY + 3 * 60 * 60 * 1000),
        venueId,
        categoryId,
        organizerId: userId,
        status: extra.status ?? "published",
        hiddenAt: extra.hiddenAt ?? null,
      })
      .returning({ id: events.id });
    for (const [position, quantity] of quantities.entries()) {
      await db
        .insert(ticketTypes)
        .values({ eventId: row!.id, name: `T${position}`, priceCents: 0, quantity, position });
    }
  }
  await event(hall!.id, conference!.id, [100, 50]);
  await event(hall!.id, music!.id, [300]);
  await event(hall!.id, conference!.id, [5_000], { status: "draft" });
  await event(hall!.id, conference!.id, [9_999], { hiddenAt: NOW });
  await event(club!.id, music!.id, [80]);
});
afterAll(async () => {
  await handle?.close();
});

describe(`venue candidates on the ${testDatabaseKind()} database`, () => {
  it("gives each venue its largest public ticket count, its public events of the type and all its public events", async () => {
    const candidates = await listVenueCandidates(handle.db, { eventType: "conference" }, NOW);
    expect(candidates).toEqual([
      {
        id: ids.hall,
        name: "Convention Hall",
        city: "Washington",
        state: "DC",
        capacity: 300,
        eventsOfType: 1,
        events: 2,
      },
      { id: ids.club, name: "Jazz Club", city: "Washington", state: "DC", capacity: 80, eventsOfType: 0, events: 1 },
      {
        id: ids.empty,
        name: "Empty Loft",
        city: "Washington",
        state: "DC",
        capacity: null,
        eventsOfType: 0,
        events: 0,
      },
    ]);
  });

  it("counts the events of another type by that type's categories", async () => {
    const candidates = await listVenueCandidates(handle.db, { eventType: "concert" }, NOW);
    expect(candidates.map((venue) => [venue.name, venue.eventsOfType])).toEqual([
      ["Convention Hall", 1],
      ["Jazz Club", 1],
      ["Empty Loft", 0],
    ]);
  });
});
