import { and, count, eq, ne, notExists } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as matchmakerPage from "#app/routes/event-matchmaker";
import type { MatchmakerAnswers } from "#domain/matchmaker-answers";
import type { DatabaseHandle } from "#server/db/client";
import {
  eventSaves,
  events,
  matchmakerAnswers,
  orders,
  organizerFollows,
  profiles,
  userInterests,
} from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { AppError } from "#server/errors";
import { listMyInterests } from "#server/services/interests";
import { getMatchmakerAnswers, matchEvents, saveMatchmakerAnswers } from "#server/services/matchmaker";
import { listRecommendations, rankEventsForAnswers } from "#server/services/recommendations";
import { expectNoMissingMessages, renderPage, runLoader, textOf } from "#tests/support/page-render";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

// A Sunday afternoon in Washington; the sample data is placed relative to it.
const now = new Date("2026-11-22T19:00:00Z");
let handle: DatabaseHandle;
let person: { userId: string };
let other: { userId: string };

const MUSIC_ANY: MatchmakerAnswers = {
  categories: ["music"],
  when: "any",
  maxPriceCents: null,
  maxMiles: null,
  origin: null,
  languages: [],
  company: "friends",
};

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
  // A sample attendee with no tickets, their saves and follows taken away below: what they choose
  // here is all the site knows of their tastes. Another attendee keeps answers of their own.
  const db = handle.db;
  const attendee = eq(profiles.role, "attendee");
  const [buyerOfNothing] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(attendee, notExists(db.select().from(orders).where(eq(orders.userId, profiles.userId)))))
    .limit(1);
  const [someoneElse] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(attendee, ne(profiles.userId, buyerOfNothing!.userId)))
    .limit(1);
  [person, other] = [buyerOfNothing!, someoneElse!];
  // A clean slate for both (the sample data keeps one person's answers and interests).
  for (const someone of [person, other]) {
    await handle.db.delete(userInterests).where(eq(userInterests.userId, someone.userId));
    await handle.db.delete(matchmakerAnswers).where(eq(matchmakerAnswers.userId, someone.userId));
    await handle.db.delete(eventSaves).where(eq(eventSaves.userId, someone.userId));
    await handle.db.delete(organizerFollows).where(eq(organizerFollows.followerId, someone.userId));
  }
});
afterAll(() => handle?.close());

async function interestRows(userId: string): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(userInterests).where(eq(userInterests.userId, userId));
  return row!.n;
}

async function idsOf(answers: MatchmakerAnswers, viewer: { userId: string } | null = person): Promise<number[]> {
  return (await matchEvents(handle.db, viewer, answers, now, 100)).map((match) => match.event.id);
}

describe(`the Event Matchmaker on the ${testDatabaseKind()} database`, () => {
  it("keeps a person's answers, adds the chosen categories to their interests once, and replaces them on saving again", async () => {
    expect(await getMatchmakerAnswers(handle.db, person)).toBeNull();
    const interestReasons = async () =>
      (await listRecommendations(handle.db, person, now)).flatMap((event) =>
        event.reasons.filter((reason) => reason.kind === "interest"),
      );
    expect(await interestReasons()).toEqual([]);

    const first = { ...MUSIC_ANY, categories: ["music", "food-drink", "conference"] } as MatchmakerAnswers;
    await saveMatchmakerAnswers(handle.db, person, first);
    expect(await getMatchmakerAnswers(handle.db, person)).toEqual(first);
    // Conference has no interest of its name: only the two that do are added.
    expect((await listMyInterests(handle.db, person)).map((interest) => interest.key).sort()).toEqual([
      "food-drink",
      "music",
    ]);
    // Recommended For You now follows them.
    const recommended = await listRecommendations(handle.db, person, now);
    expect(["Music", "Food & Drink"]).toContain(recommended[0]?.category.name);
    expect((await interestReasons()).length).toBeGreaterThan(0);

    const second: MatchmakerAnswers = { ...MUSIC_ANY, when: "this-month", maxPriceCents: 3000, company: "family" };
    await saveMatchmakerAnswers(handle.db, person, second);
    expect(await getMatchmakerAnswers(handle.db, person)).toEqual(second);
    expect(await interestRows(person.userId)).toBe(2);
    const [rows] = await handle.db
      .select({ n: count() })
      .from(matchmakerAnswers)
      .where(eq(matchmakerAnswers.userId, person.userId));
    expect(rows!.n).toBe(1);
  });

  it("changes nothing for answers that do not pass the schema", async () => {
    const before = await getMatchmakerAnswers(handle.db, person);
    const interestsBefore = await interestRows(person.userId);
    const bad: unknown[] = [
      { ...MUSIC_ANY, categories: [] },
      { ...MUSIC_ANY, categories: ["music", "nonsense"] },
      { ...MUSIC_ANY, categories: ["music", "music"] },
      { ...MUSIC_ANY, when: "someday" },
      { ...MUSIC_ANY, maxPriceCents: -1 },
      { ...MUSIC_ANY, maxMiles: 7 },
      { ...MUSIC_ANY, languages: ["xx"] },
      { ...MUSIC_ANY, company: "crowd" },
      null,
    ];
    for (const input of bad) {
      await expect(saveMatchmakerAnswers(handle.db, person, input)).rejects.toBeInstanceOf(AppError);
    }
    expect(await getMatchmakerAnswers(handle.db, person)).toEqual(before);
    expect(await interestRows(person.userId)).toBe(interestsBefore);
  });

  it("shows a person only their own answers", async () => {
    expect(await getMatchmakerAnswers(handle.db, other)).toBeNull();
    await saveMatchmakerAnswers(handle.db, other, { ...MUSIC_ANY, categories: ["sports"] });
    expect((await getMatchmakerAnswers(handle.db, other))?.categories).toEqual(["sports"]);
    expect((await getMatchmakerAnswers(handle.db, person))?.categories).toEqual(["music"]);
  });

  it("matches upcoming events of the chosen categories with reasons, never past, sold-out, hidden or the person's own", async () => {
    const matches = await matchEvents(handle.db, person, MUSIC_ANY, now, 100);
    expect(matches.length).toBeGreaterThan(0);
    for (const { event, reasons } of matches) {
      expect(event.category.key).toBe("music");
      expect(event.endsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(reasons).toEqual([{ kind: "category", category: "music" }]);
    }
    // In the order Recommended For You ranks them for these answers.
    const ranked = (await rankEventsForAnswers(handle.db, MUSIC_ANY, now, 60, person)).map((event) => event.id);
    const ids = matches.map((match) => match.event.id);
    expect(ids).toEqual(ranked.filter((id) => ids.includes(id)).concat(ids.filter((id) => !ranked.includes(id))));

    // Past: an hour after the first match ended, it is no longer matched.
    const first = matches[0]!.event;
    const later = new Date(first.endsAt.getTime() + 3_600_000);
    const laterIds = (await matchEvents(handle.db, person, MUSIC_ANY, later, 100)).map((match) => match.event.id);
    expect(laterIds.length).toBeGreaterThan(0);
    expect(laterIds).not.toContain(first.id);
    // Sold out: sample event 34 is a music event ten days ahead with every ticket sold.
    expect(await idsOf(MUSIC_ANY)).not.toContain(34);

    // Hidden by staff, then shown again.
    const hidden = matches[0]!.event.id;
    await handle.db.update(events).set({ hiddenAt: now }).where(eq(events.id, hidden));
    expect(await idsOf(MUSIC_ANY)).not.toContain(hidden);
    await handle.db.update(events).set({ hiddenAt: null }).where(eq(events.id, hidden));
    expect(await idsOf(MUSIC_ANY)).toContain(hidden);

    // Own: the organizer of a match does not get it, a visitor does.
    const [organizer] = await handle.db
      .select({ userId: events.organizerId })
      .from(events)
      .where(eq(events.id, hidden));
    expect(await idsOf(MUSIC_ANY, organizer!)).not.toContain(hidden);
    expect(await idsOf(MUSIC_ANY, null)).toContain(hidden);
  });

  it("narrows by time, budget, distance and language, and says so in the reasons", async () => {
    const downtown = { latitude: 38.8951, longitude: -77.0364 };
    const narrow: MatchmakerAnswers = {
      categories: ["music", "food-drink", "arts", "technology", "community"],
      when: "this-month",
      maxPriceCents: 3000,
      maxMiles: 10,
      origin: downtown,
      languages: [],
      company: "alone",
    };
    const wide = await matchEvents(
      handle.db,
      person,
      { ...narrow, when: "any", maxPriceCents: null, maxMiles: null },
      now,
      100,
    );
    const matches = await matchEvents(handle.db, person, narrow, now, 100);
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThan(wide.length);
    const endOfMonth = new Date("2026-12-01T05:00:00Z");
    for (const { event, reasons, distanceMiles } of matches) {
      expect(event.startsAt.getTime()).toBeLessThan(endOfMonth.getTime());
      expect(distanceMiles).not.toBeNull();
      expect(distanceMiles!).toBeLessThanOrEqual(10);
      const onSale = event.ticketTypes.filter((ticket) => ticket.sold < ticket.quantity);
      expect(onSale.length === 0 || onSale.some((ticket) => ticket.priceCents <= 3000)).toBe(true);
      expect(reasons.map((reason) => reason.kind)).toEqual([
        "category",
        "when",
        onSale.length === 0 || Math.min(...onSale.map((t) => t.priceCents)) === 0 ? "free" : "under",
        "distance",
      ]);
    }
    // Free only: every match has a free ticket on sale or no tickets at all.
    for (const { event } of await matchEvents(
      handle.db,
      person,
      { ...narrow, maxPriceCents: 0, maxMiles: null, origin: null, when: "any" },
      now,
      100,
    )) {
      const onSale = event.ticketTypes.filter((ticket) => ticket.sold < ticket.quantity);
      expect(onSale.length === 0 || onSale.some((ticket) => ticket.priceCents === 0)).toBe(true);
    }
    // Language: only events in the chosen one.
    const french = await matchEvents(
      handle.db,
      person,
      { ...MUSIC_ANY, categories: narrow.categories, languages: ["fr"] },
      now,
      100,
    );
    for (const { event, reasons } of french) {
      expect(event.language).toBe("fr");
      expect(reasons.at(-1)).toEqual({ kind: "language", language: "fr" });
    }
  });

  it("answers bad answers in the address with translated errors and no results, and good ones with matches", async () => {
    const bad = await runLoader(matchmakerPage, handle.db, "/event-matchmaker?when=someday&budget=7&miles=10", "fr");
    const badData = bad as unknown as { data: Record<string, unknown>; init: { status: number } };
    expect(badData.init.status).toBe(400);
    expect(badData.data.matches).toBeNull();
    expect(badData.data.errors).toEqual({
      categories: "categories_required",
      when: "when_invalid",
      budget: "price_invalid",
      distance: "origin_required",
    });
    const html = await renderPage(matchmakerPage, "/event-matchmaker", "fr", badData.data);
    expectNoMissingMessages(html);
    expect(textOf(html)).toContain("Choisissez au moins une chose qui vous plaît.");
    expect(textOf(html)).toContain("Pour chercher dans un rayon, choisissez un lieu ou utilisez votre position.");

    const good = await runLoader(
      matchmakerPage,
      handle.db,
      "/event-matchmaker?category=music&when=any&budget=30&miles=25&near=arlington&company=alone",
      "en",
    );
    const goodData = (good as unknown as { data: { matches: { reasons: unknown[] }[] | null } }).data;
    expect(goodData.matches!.length).toBeGreaterThan(0);
    const page = textOf(await renderPage(matchmakerPage, "/event-matchmaker", "en", goodData));
    expect(page).toMatch(/Music · (free|under \$30\.00|under \$30) · \d+\.\d mi/);
  });
});
