import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recommendationCards } from "#app/routes/recommendations.server";
import { CATEGORIES, type CategoryKey, INTERESTS, type InterestKey } from "#domain/catalog";
import type { MatchmakerAnswers } from "#domain/matchmaker-answers";
import type { DatabaseHandle } from "#server/db/client";
import {
  categories,
  eventCoOrganizers,
  eventSaves,
  events,
  interests,
  matchmakerAnswers,
  orders,
  organizerFollows,
  ticketTypes,
  userInterests,
  venues,
} from "#server/db/schema";
import { listRecommendations, rankEventsForAnswers } from "#server/services/recommendations";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

// Recommended For You, ranked (issue 20, docs/recommendations.md): each signal on a small database of its
// own making, through the service the home page, the dashboard and the API read.

// A Sunday afternoon in Washington: next weekend is Saturday Nov 28 and Sunday Nov 29.
const now = new Date("2026-11-22T19:00:00Z");
const DAY = 86_400_000;
const MALL = { latitude: 38.8895, longitude: -77.0353 };
const BALTIMORE = { latitude: 39.2858, longitude: -76.6131 };

let handle: DatabaseHandle;
type Person = { userId: string; email: string };

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

async function categoryId(key: CategoryKey): Promise<number> {
  const entry = CATEGORIES.findIndex((category) => category.key === key);
  const { name, icon } = CATEGORIES[entry]!;
  await handle.db.insert(categories).values({ key, name, icon, position: entry }).onConflictDoNothing();
  const [row] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.key, key));
  return row!.id;
}

interface EventOptions {
  title: string;
  category: CategoryKey;
  /** Days from now to its start (negative: it started that long ago). */
  inDays: number;
  organizer: Person;
  priceCents?: number;
  sold?: "all";
  status?: "draft" | "published" | "cancelled";
  hidden?: boolean;
  place?: { latitude: number; longitude: number };
  startsAt?: Date;
}

async function insertEvent(options: EventOptions): Promise<number> {
  const place = options.place ?? MALL;
  const [venue] = await handle.db
    .insert(venues)
    .values({
      name: `${options.title} hall`,
      address: "1 Test Street NW",
      city: "Washington",
      state: "DC",
      country: "US",
      zipCode: "20001",
      ...place,
    })
    .returning({ id: venues.id });
  const startsAt = options.startsAt ?? new Date(now.getTime() + options.inDays * DAY);
  const [event] = await handle.db
    .insert(events)
    .values({
      title: options.title,
      description: "An event made by a test.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
      venueId: venue!.id,
      categoryId: await categoryId(options.category),
      organizerId: options.organizer.userId,
      status: options.status ?? "published",
      hiddenAt: options.hidden ? now : null,
      hiddenReason: options.hidden ? "A test hid it." : null,
    })
    .returning({ id: events.id });
  await handle.db.insert(ticketTypes).values({
    eventId: event!.id,
    name: "General",
    priceCents: options.priceCents ?? 25_00,
    quantity: 100,
    sold: options.sold === "all" ? 100 : 10,
  });
  return event!.id;
}

/** A confirmed order of `buyer`'s for the event (what bought-similar and co-attendance read). */
async function buy(buyer: Person, eventId: number) {
  await handle.db.insert(orders).values({
    eventId,
    userId: buyer.userId,
    buyerName: "Buyer",
    buyerEmail: buyer.email,
    status: "confirmed",
    totalCents: 25_00,
  });
}

async function likes(person: Person, interest: InterestKey) {
  const position = INTERESTS.findIndex((entry) => entry.key === interest);
  await handle.db
    .insert(interests)
    .values({ key: interest, name: INTERESTS[position]!.name, position })
    .onConflictDoNothing();
  await handle.db.insert(userInterests).values({ userId: person.userId, interest });
}

function answers(overrides: Partial<MatchmakerAnswers> = {}): MatchmakerAnswers {
  return {
    categories: ["music"],
    when: "any",
    maxPriceCents: null,
    maxMiles: null,
    origin: null,
    languages: [],
    company: "alone",
    ...overrides,
  };
}

const titles = (list: { title: string }[]) => list.map((event) => event.title);

describe(`ranked recommendations on the ${testDatabaseKind()} database`, () => {
  it("show a person who bought jazz tickets other jazz events first, and say why", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer", name: "Wharfside Live" });
    const jazzFan = await insertUser(handle.db);
    const alike = await insertUser(handle.db);
    const wharf = await insertEvent({ title: "Jazz Nights at the Wharf", category: "music", inDays: -10, organizer });
    const ethio = await insertEvent({ title: "An Ethio-jazz night", category: "music", inDays: 20, organizer });
    await insertEvent({ title: "Gypsy jazz in Silver Spring", category: "music", inDays: 26, organizer });
    await insertEvent({ title: "Tech meetup", category: "technology", inDays: 1, organizer });
    await insertEvent({ title: "Trivia night", category: "party", inDays: 2, organizer });
    await buy(jazzFan, wharf);
    // Someone else who was at the Wharf also bought tickets to the Ethio-jazz night.
    await buy(alike, wharf);
    await buy(alike, ethio);
    // A saved interest in technology does not outweigh what the person actually went to.
    await likes(jazzFan, "technology");

    const recommended = await listRecommendations(handle.db, jazzFan, now);
    expect(titles(recommended)).toEqual(["An Ethio-jazz night", "Gypsy jazz in Silver Spring", "Tech meetup"]);
    expect(recommended[0]!.reasons).toEqual([
      { kind: "bought-similar", category: "music" },
      { kind: "people-like-you" },
    ]);
    const cards = await recommendationCards(Promise.resolve(recommended), "en");
    expect(cards.map((card) => card.reason)).toEqual([
      "Like the Music events you bought tickets to",
      "Like the Music events you bought tickets to",
      "Because you like Technology",
    ]);
    const french = await recommendationCards(Promise.resolve(recommended), "fr");
    expect(french[0]!.reason).toBe("Vous avez déjà pris des billets : Musique");
  });

  it("never recommend past, sold-out, hidden, draft, cancelled or the person's own events, even when they match every signal", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer", name: "Camille Laurent" });
    const person = await insertUser(handle.db, { role: "organizer" });
    const other = await insertUser(handle.db);
    const base = { category: "wellness" as const, organizer };
    const bought = await insertEvent({ ...base, title: "Yoga last month", inDays: -30 });
    const saved = await insertEvent({ ...base, title: "Saved yoga", inDays: -20 });
    const ids = {
      past: await insertEvent({ ...base, title: "Yoga yesterday", inDays: -1 }),
      soldOut: await insertEvent({ ...base, title: "Sold-out yoga", inDays: 1, sold: "all" }),
      hidden: await insertEvent({ ...base, title: "Hidden yoga", inDays: 1, hidden: true }),
      draft: await insertEvent({ ...base, title: "Draft yoga", inDays: 1, status: "draft" }),
      cancelled: await insertEvent({ ...base, title: "Cancelled yoga", inDays: 1, status: "cancelled" }),
      own: await insertEvent({ ...base, organizer: person, title: "My own yoga", inDays: 1 }),
      coOrganized: await insertEvent({ ...base, title: "Yoga I co-organize", inDays: 1 }),
      ticketed: await insertEvent({ ...base, title: "Yoga I hold a ticket to", inDays: 1 }),
      fine: await insertEvent({ ...base, title: "Open yoga", inDays: 5 }),
    };
    await handle.db.insert(eventCoOrganizers).values({ eventId: ids.coOrganized, userId: person.userId });
    await buy(person, bought);
    await buy(person, ids.ticketed);
    await handle.db.insert(eventSaves).values({ userId: person.userId, eventId: saved });
    await handle.db.insert(organizerFollows).values({ followerId: person.userId, organizerId: organizer.userId });
    await handle.db.insert(matchmakerAnswers).values({
      userId: person.userId,
      answers: answers({ categories: ["wellness"], maxPriceCents: 50_00, origin: MALL, maxMiles: 3 }),
    });
    // Everyone like this person bought tickets to every one of them.
    await buy(other, bought);
    for (const id of Object.values(ids)) await buy(other, id);

    const recommended = await listRecommendations(handle.db, person, now);
    expect(titles(recommended)).toEqual(["Open yoga"]);
    // It matches every signal, and says so: strongest 'because' first, then the price and distance.
    expect(recommended[0]!.reasons.map((reason) => reason.kind)).toEqual([
      "bought-similar",
      "followed-organizer",
      "interest",
      "saved-similar",
      "people-like-you",
      "under-price",
      "distance",
    ]);
    // Signed out, with answers only, the same events are left out (own events are nobody's then).
    const signedOut = await rankEventsForAnswers(handle.db, answers({ categories: ["wellness"] }), now, 20);
    expect(titles(signedOut)).toEqual(["My own yoga", "Yoga I co-organize", "Yoga I hold a ticket to", "Open yoga"]);
  });

  it("rank an organizer the person follows and categories of events they saved, never the saved events themselves (the matchmaker keeps them)", async () => {
    const camille = await insertUser(handle.db, { role: "organizer", name: "Camille Laurent" });
    const someone = await insertUser(handle.db, { role: "organizer", name: "Someone Else" });
    const person = await insertUser(handle.db);
    const savedOne = await insertEvent({
      title: "A fashion show I saved",
      category: "fashion",
      inDays: -3,
      organizer: someone,
    });
    await insertEvent({ title: "Camille's storytelling hour", category: "education", inDays: 12, organizer: camille });
    await insertEvent({ title: "Pop-up fashion market", category: "fashion", inDays: 6, organizer: someone });
    await insertEvent({ title: "Charity gala", category: "charity", inDays: 1, organizer: someone });
    // Saved and upcoming: on the dashboard's Saved list already, so a recommendation brings something else.
    const savedUpcoming = await insertEvent({
      title: "Camille's fashion talk I saved",
      category: "fashion",
      inDays: 2,
      organizer: camille,
    });
    await handle.db.insert(organizerFollows).values({ followerId: person.userId, organizerId: camille.userId });
    await handle.db.insert(eventSaves).values([
      { userId: person.userId, eventId: savedOne },
      { userId: person.userId, eventId: savedUpcoming },
    ]);

    const recommended = await listRecommendations(handle.db, person, now);
    expect(titles(recommended)).toEqual(["Camille's storytelling hour", "Pop-up fashion market"]);
    const cards = await recommendationCards(Promise.resolve(recommended), "en");
    expect(cards.map((card) => card.reason)).toEqual([
      "From Camille Laurent, whom you follow",
      "Like the Fashion events you saved",
    ]);
    // The matchmaker answers the quiz: a saved event that fits stays in its results.
    const matched = await rankEventsForAnswers(handle.db, answers({ categories: ["fashion"] }), now, 20, person);
    expect(titles(matched)).toContain("Camille's fashion talk I saved");
  });

  it("move events up and down by the matchmaker's price, distance and 'when', kept or not", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer" });
    const options = { category: "sports" as const, organizer };
    // Tomorrow, dear and in Baltimore; next Saturday, cheap and on the Mall.
    await insertEvent({ ...options, title: "Baltimore derby", inDays: 1, priceCents: 80_00, place: BALTIMORE });
    await insertEvent({
      ...options,
      title: "Mall fun run",
      inDays: 0,
      startsAt: new Date("2026-11-28T15:00:00Z"),
      priceCents: 20_00,
      place: MALL,
    });
    const order = async (overrides: Partial<MatchmakerAnswers>) =>
      titles(await rankEventsForAnswers(handle.db, answers({ categories: ["sports"], ...overrides }), now));

    expect(await order({})).toEqual(["Baltimore derby", "Mall fun run"]);
    expect(await order({ maxPriceCents: 30_00 })).toEqual(["Mall fun run", "Baltimore derby"]);
    expect(await order({ origin: MALL, maxMiles: 10 })).toEqual(["Mall fun run", "Baltimore derby"]);
    expect(await order({ when: "next-weekend" })).toEqual(["Mall fun run", "Baltimore derby"]);

    // Kept answers rank a signed-in person's recommendations, and the card says what matched.
    const person = await insertUser(handle.db);
    await handle.db.insert(matchmakerAnswers).values({
      userId: person.userId,
      answers: answers({
        categories: ["sports"],
        maxPriceCents: 30_00,
        origin: MALL,
        maxMiles: 10,
        when: "next-weekend",
      }),
    });
    const recommended = await listRecommendations(handle.db, person, now);
    expect(titles(recommended)).toEqual(["Mall fun run", "Baltimore derby"]);
    const [card] = await recommendationCards(Promise.resolve(recommended), "en");
    expect(card!.reason).toBe("Because you like Sports · next weekend · under $30.00");
  });
});
