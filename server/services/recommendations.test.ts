import { and, asc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recommend, RECOMMENDATION_LIMIT } from "#domain/recommendation";
import type { DatabaseHandle } from "#server/db/client";
import { events, interests, profiles, userInterests } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { loadEventSummaries } from "./event-summaries";
import { removeInterest, saveInterest } from "./interests";
import { listRecommendations } from "./recommendations";

// A Sunday afternoon in Washington; the sample data is placed relative to it.
const now = new Date("2026-11-22T19:00:00Z");
let handle: DatabaseHandle;
let person: { userId: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
  const [first] = await handle.db.select({ userId: profiles.userId }).from(profiles).limit(1);
  person = first!;
});
afterAll(() => handle?.close());

/** The domain rule applied to every upcoming published event, soonest first: what the service must match. */
async function expectedBy(interestNames: string[]): Promise<number[]> {
  const upcoming = await handle.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.status, "published"), gt(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id));
  const summaries = await loadEventSummaries(
    handle.db,
    upcoming.map((row) => row.id),
    now,
  );
  const recommendable = summaries.map((event) => ({ ...event, categoryName: event.category.name }));
  return recommend(recommendable, interestNames).map((event) => event.id);
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
    expect(recommended.map((event) => event.id)).toEqual(await expectedBy(["Music"]));
  });

  it("change when interests are saved and removed, and match the domain rule each time", async () => {
    await saveInterest(handle.db, person, { interest: "food-drink" });
    await saveInterest(handle.db, person, { interest: "technology" });
    const withThree = await recommendedIds();
    expect(withThree).toEqual(await expectedBy(["Music", "Food & Drink", "Technology"]));
    expect(withThree).toHaveLength(RECOMMENDATION_LIMIT);

    await removeInterest(handle.db, person, { interest: "music" });
    await removeInterest(handle.db, person, { interest: "food-drink" });
    const technologyOnly = await recommendedIds();
    expect(technologyOnly).toEqual(await expectedBy(["Technology"]));
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
    expect(amharic.map((event) => event.id)).toEqual(await expectedBy(["Amharic"]));

    await handle.db.insert(userInterests).values({ userId: person.userId, interest: "test-public" });
    const publicOnes = await listRecommendations(handle.db, person, now);
    expect(publicOnes).toHaveLength(RECOMMENDATION_LIMIT);
    expect(publicOnes.map((event) => event.id)).toEqual(await expectedBy(["Amharic", "Public Events"]));
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
});
