import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOMMENDATION_LIMIT } from "#domain/recommendation";
import { rankRecommendations, type RankableEvent } from "#domain/recommendation-ranking";
import type { DatabaseHandle } from "#server/db/client";
import {
  categories,
  eventCoOrganizers,
  events,
  interests,
  profiles,
  ticketTypes,
  userInterests,
  venues,
} from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";
import { removeInterest, saveInterest } from "./interests";
import { loadRecommendationSignals } from "./recommendation-signals";
import { listRecommendations } from "./recommendations";

// A Sunday afternoon in Washington; the sample data is placed relative to it.
const now = new Date("2026-11-22T19:00:00Z");
let handle: DatabaseHandle;
let person: { userId: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
  // Someone new, who runs no event and has no history (no orders, saves or follows), so that interests
  // alone rank: every matching event scores the same for them and only the date orders them.
  const first = await insertUser(handle.db);
  person = first!;
});
afterAll(() => handle?.close());

/**
 * The domain's ranking applied to every event in the database (none left out by SQL), with the person's
 * signals: what the service, which lets the database pick the candidates, must match.
 */
async function expectedBy(actor: { userId: string } = person, at = now): Promise<number[]> {
  const all = await handle.db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      categoryKey: categories.key,
      categoryName: categories.name,
      language: events.language,
      isPublic: events.isPublic,
      status: events.status,
      organizerId: events.organizerId,
      organizerName: profiles.name,
      latitude: venues.latitude,
      longitude: venues.longitude,
      hiddenAt: events.hiddenAt,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(profiles, eq(profiles.userId, events.organizerId));
  const tickets = await handle.db.select().from(ticketTypes);
  const coOrganizers = await handle.db.select().from(eventCoOrganizers);
  const rankable: RankableEvent[] = all
    .filter((event) => event.hiddenAt === null)
    .map((event) => {
      const own = tickets.filter((ticket) => ticket.eventId === event.id);
      const onOffer = own.filter((ticket) => ticket.sold < ticket.quantity).map((ticket) => ticket.priceCents);
      return {
        ...event,
        ticketTypes: own,
        staffIds: [
          event.organizerId,
          ...coOrganizers.filter((link) => link.eventId === event.id).map((link) => link.userId),
        ],
        minPriceCents: onOffer.length > 0 ? Math.min(...onOffer) : null,
        venue: { latitude: event.latitude, longitude: event.longitude },
      };
    });
  const signals = await loadRecommendationSignals(handle.db, actor, at);
  return rankRecommendations(rankable, signals, at).map((entry) => entry.eventId);
}

async function recommendedIds(): Promise<number[]> {
  return (await listRecommendations(handle.db, person, now)).map((event) => event.id);
}

describe(`recommendations on the ${testDatabaseKind()} database`, () => {
  it("are empty without saved interests", async () => {
    expect(await listRecommendations(handle.db, person, now)).toEqual([]);
  });

  it("follow the saved categories: upcoming published events only, soonest first, at most six", async () => {
    await saveInterest(handle.db, person, { interest: "music" });
    const recommended = await listRecommendations(handle.db, person, now);
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.length).toBeLessThanOrEqual(RECOMMENDATION_LIMIT);
    for (const event of recommended) {
      expect(event.category.name).toBe("Music");
      expect(event.endsAt.getTime()).toBeGreaterThan(now.getTime());
    }
    const starts = recommended.map((event) => event.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(recommended.map((event) => event.id)).toEqual(await expectedBy());
  });

  it("change when interests are saved and removed, and match the domain rule each time", async () => {
    await saveInterest(handle.db, person, { interest: "food-drink" });
    await saveInterest(handle.db, person, { interest: "technology" });
    const withThree = await recommendedIds();
    expect(withThree).toEqual(await expectedBy());
    expect(withThree).toHaveLength(RECOMMENDATION_LIMIT);

    await removeInterest(handle.db, person, { interest: "music" });
    await removeInterest(handle.db, person, { interest: "food-drink" });
    const technologyOnly = await recommendedIds();
    expect(technologyOnly).toEqual(await expectedBy());
    expect(technologyOnly).not.toEqual(withThree);
    await removeInterest(handle.db, person, { interest: "technology" });
    expect(await recommendedIds()).toEqual([]);
  });

  it("match an event's language and 'Public Events' when such interests are saved", async () => {
    // The picker's 24 interests name neither, but spec §4 matches on them: store them directly.
    await handle.db.insert(interests).values([
      { key: "test-amharic", name: "Amharic", position: 100 },
      { key: "test-public", name: "Public Events", position: 101 },
    ]);
    await handle.db.insert(userInterests).values({ userId: person.userId, interest: "test-amharic" });
    const amharic = await listRecommendations(handle.db, person, now);
    expect(amharic.length).toBeGreaterThan(0);
    expect(amharic.every((event) => event.language === "am")).toBe(true);
    expect(amharic.map((event) => event.id)).toEqual(await expectedBy());

    await handle.db.insert(userInterests).values({ userId: person.userId, interest: "test-public" });
    const publicOnes = await listRecommendations(handle.db, person, now);
    expect(publicOnes).toHaveLength(RECOMMENDATION_LIMIT);
    expect(publicOnes.map((event) => event.id)).toEqual(await expectedBy());
    // An Amharic event matches two interests, so it ranks before one that is only public.
    const amharicFirst = publicOnes.slice(0, Math.min(amharic.length, RECOMMENDATION_LIMIT));
    expect(amharicFirst.every((event) => event.language === "am")).toBe(true);
  });

  it("leave out events that are drafts, cancelled or over", async () => {
    await handle.db.delete(userInterests).where(eq(userInterests.userId, person.userId));
    await saveInterest(handle.db, person, { interest: "music" });
    const [first] = await listRecommendations(handle.db, person, now);
    await handle.db.update(events).set({ status: "cancelled" }).where(eq(events.id, first!.id));
    expect(await recommendedIds()).not.toContain(first!.id);
    await handle.db.update(events).set({ status: "draft" }).where(eq(events.id, first!.id));
    expect(await recommendedIds()).not.toContain(first!.id);
    await handle.db.update(events).set({ status: "published" }).where(eq(events.id, first!.id));
    expect(await recommendedIds()).toContain(first!.id);
    // An hour after it ended it is no longer recommended.
    expect(
      (await listRecommendations(handle.db, person, new Date(first!.endsAt.getTime() + 3_600_000))).map((e) => e.id),
    ).not.toContain(first!.id);
  });

  it("never recommend a sold-out event, and recommend it again when a ticket is released", async () => {
    await handle.db.delete(userInterests).where(eq(userInterests.userId, person.userId));
    await saveInterest(handle.db, person, { interest: "music" });
    // Sample event 34 is a music event ten days ahead with every ticket sold.
    const [soldOut] = await handle.db.select().from(events).where(eq(events.id, 34));
    expect(soldOut!.endsAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await recommendedIds()).not.toContain(34);

    const [first] = await listRecommendations(handle.db, person, now);
    const types = await handle.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, first!.id));
    for (const type of types) {
      await handle.db.update(ticketTypes).set({ sold: type.quantity }).where(eq(ticketTypes.id, type.id));
    }
    expect(await recommendedIds()).not.toContain(first!.id);
    expect(await recommendedIds()).toEqual(await expectedBy());

    await handle.db
      .update(ticketTypes)
      .set({ sold: types[0]!.quantity - 1 })
      .where(eq(ticketTypes.id, types[0]!.id));
    expect(await recommendedIds()).toContain(first!.id);
  });

  it("never recommend an event to its organizer or a co-organizer, who still see everyone else's", async () => {
    const [first] = await listRecommendations(handle.db, person, now);
    const [organizer] = await handle.db
      .select({ userId: events.organizerId })
      .from(events)
      .where(eq(events.id, first!.id));
    expect(organizer!.userId).not.toBe(person.userId);
    await saveInterest(handle.db, organizer!, { interest: "music" });
    const organizersOwn = await handle.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.organizerId, organizer!.userId));
    const forOrganizer = (await listRecommendations(handle.db, organizer!, now)).map((event) => event.id);
    expect(forOrganizer.length).toBeGreaterThan(0);
    expect(forOrganizer).not.toContain(first!.id);
    for (const own of organizersOwn) expect(forOrganizer).not.toContain(own.id);
    expect(forOrganizer).toEqual(await expectedBy(organizer!));

    await handle.db.insert(eventCoOrganizers).values({ eventId: first!.id, userId: person.userId });
    expect(await recommendedIds()).not.toContain(first!.id);
    expect(await recommendedIds()).toEqual(await expectedBy());
    await handle.db
      .delete(eventCoOrganizers)
      .where(and(eq(eventCoOrganizers.eventId, first!.id), eq(eventCoOrganizers.userId, person.userId)));
    expect(await recommendedIds()).toContain(first!.id);
  });
});
