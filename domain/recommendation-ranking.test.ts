import { describe, expect, it } from "vitest";
import type { MatchmakerAnswers } from "./matchmaker-answers";
import {
  EMPTY_SIGNALS,
  rankRecommendations,
  type RankableEvent,
  type RecommendationSignals,
  whenWindow,
} from "./recommendation-ranking";

// A Sunday afternoon in Washington (14:00 local): this weekend and this week end tonight, next weekend is Nov 28–29.
const now = new Date("2026-11-22T19:00:00Z");
const DAY = 86_400_000;
// The Mall, and a place about 30 miles away (Baltimore's Inner Harbor).
const MALL = { latitude: 38.8895, longitude: -77.0353 };
const BALTIMORE = { latitude: 39.2858, longitude: -76.6131 };

function buildEvent(overrides: Partial<RankableEvent> = {}): RankableEvent {
  const startsAt = overrides.startsAt ?? new Date(now.getTime() + 10 * DAY);
  return {
    id: 1,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
    categoryKey: "music",
    categoryName: "Music",
    language: "en",
    isPublic: true,
    status: "published",
    ticketTypes: [{ priceCents: 25_00, quantity: 100, sold: 40 }],
    staffIds: ["organizer"],
    organizerId: "organizer",
    organizerName: "Wharfside Live",
    minPriceCents: 25_00,
    venue: MALL,
    ...overrides,
  };
}

function signals(overrides: Partial<RecommendationSignals> = {}): RecommendationSignals {
  return { ...EMPTY_SIGNALS, userId: "viewer", ...overrides };
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

const ids = (ranked: { eventId: number }[]) => ranked.map((entry) => entry.eventId);

describe("ranking recommendations", () => {
  it("puts events like the ones a person bought tickets to first: a jazz fan sees other jazz nights before the rest", () => {
    const events = [
      buildEvent({ id: 1, categoryKey: "sports", categoryName: "Sports", startsAt: new Date(now.getTime() + 1 * DAY) }),
      buildEvent({ id: 2, categoryKey: "music", categoryName: "Music", startsAt: new Date(now.getTime() + 20 * DAY) }),
      buildEvent({
        id: 3,
        categoryKey: "technology",
        categoryName: "Technology",
        startsAt: new Date(now.getTime() + 2 * DAY),
      }),
      buildEvent({ id: 4, categoryKey: "music", categoryName: "Music", startsAt: new Date(now.getTime() + 30 * DAY) }),
    ];
    const jazzFan = signals({
      interestNames: ["Sports", "Technology"],
      boughtCategoryKeys: ["music"],
      ticketedEventIds: [9],
      // Two people who were at the same jazz night also bought tickets to event 4.
      peopleLikeYou: new Map([[4, 2]]),
    });
    const ranked = rankRecommendations(events, jazzFan, now);
    expect(ids(ranked).slice(0, 2)).toEqual([4, 2]);
    expect(ranked[0]!.reasons).toEqual([{ kind: "bought-similar", category: "music" }, { kind: "people-like-you" }]);
    expect(ranked[1]!.reasons[0]).toEqual({ kind: "bought-similar", category: "music" });
  });

  it("never recommends past, ended, sold-out, unpublished, already-ticketed, saved or own events, even when every signal matches", () => {
    const everything = signals({
      interestNames: ["Music", "English", "Public Events"],
      answers: answers({ categories: ["music"], languages: ["en"], maxPriceCents: 50_00, origin: MALL, maxMiles: 10 }),
      savedCategoryKeys: ["music"],
      followedOrganizerIds: ["organizer", "viewer"],
      boughtCategoryKeys: ["music"],
      ticketedEventIds: [7],
      savedEventIds: [9],
      peopleLikeYou: new Map([1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => [id, 5])),
    });
    const events = [
      buildEvent({ id: 1 }),
      buildEvent({ id: 2, startsAt: new Date(now.getTime() - 5 * DAY) }),
      buildEvent({ id: 3, ticketTypes: [{ priceCents: 25_00, quantity: 10, sold: 10 }] }),
      buildEvent({ id: 4, status: "draft" }),
      buildEvent({ id: 5, status: "cancelled" }),
      buildEvent({ id: 6, organizerId: "viewer", staffIds: ["viewer"] }),
      buildEvent({ id: 7 }),
      buildEvent({ id: 8, staffIds: ["organizer", "viewer"] }),
      buildEvent({ id: 9 }),
    ];
    expect(ids(rankRecommendations(events, everything, now))).toEqual([1]);
  });

  it("recommends an event still going on (started, not ended) but not one that ended a minute ago", () => {
    const going = buildEvent({ id: 1, startsAt: new Date(now.getTime() - 3_600_000) });
    const ended = buildEvent({ id: 2, startsAt: new Date(now.getTime() - 4 * 3_600_000 - 60_000) });
    expect(ids(rankRecommendations([going, ended], signals({ interestNames: ["Music"] }), now))).toEqual([1]);
  });

  it("recommends nothing without any signal about the person, and nothing only because it is soon, cheap or near", () => {
    const events = [buildEvent({ id: 1, startsAt: new Date(now.getTime() + 3_600_000) })];
    expect(rankRecommendations(events, signals(), now)).toEqual([]);
    const factsOnly = signals({
      answers: answers({ categories: ["sports"], maxPriceCents: 50_00, origin: MALL, maxMiles: 3 }),
    });
    expect(rankRecommendations(events, factsOnly, now)).toEqual([]);
  });

  it("scores saved interests: the category, the event's language, and 'Public Events' for a public event", () => {
    const events = [
      buildEvent({ id: 1, categoryKey: "arts", categoryName: "Arts" }),
      buildEvent({ id: 2, categoryKey: "sports", categoryName: "Sports", language: "am" }),
      buildEvent({ id: 3, categoryKey: "business", categoryName: "Business" }),
      buildEvent({ id: 4, categoryKey: "charity", categoryName: "Charity", isPublic: false }),
    ];
    const ranked = rankRecommendations(events, signals({ interestNames: ["arts", "Amharic", "Public Events"] }), now);
    expect(ids(ranked)).toEqual([1, 2, 3]);
    expect(ranked.map((entry) => entry.reasons[0])).toEqual([
      { kind: "interest", category: "arts" },
      { kind: "language", language: "am" },
      { kind: "public-events" },
    ]);
  });

  it("ranks an organizer the person follows above a category they saved an event of", () => {
    const events = [
      buildEvent({ id: 1, categoryKey: "arts", categoryName: "Arts", organizerId: "other", organizerName: "Other" }),
      buildEvent({
        id: 2,
        categoryKey: "sports",
        categoryName: "Sports",
        organizerId: "camille",
        organizerName: "Camille",
      }),
      buildEvent({
        id: 3,
        categoryKey: "business",
        categoryName: "Business",
        organizerId: "other",
        organizerName: "Other",
      }),
    ];
    const ranked = rankRecommendations(
      events,
      signals({ followedOrganizerIds: ["camille"], savedCategoryKeys: ["arts"] }),
      now,
    );
    expect(ids(ranked)).toEqual([2, 1]);
    expect(ranked[0]!.reasons).toEqual([{ kind: "followed-organizer", name: "Camille" }]);
    expect(ranked[1]!.reasons).toEqual([{ kind: "saved-similar", category: "arts" }]);
  });

  it("counts people with similar tickets up to three, so more of them rank an event higher", () => {
    const events = [1, 2, 3].map((id) => buildEvent({ id }));
    const ranked = rankRecommendations(
      events,
      signals({
        peopleLikeYou: new Map([
          [1, 1],
          [2, 9],
          [3, 3],
        ]),
      }),
      now,
    );
    expect(ids(ranked)).toEqual([2, 3, 1]);
    expect(ranked[0]!.score).toBe(ranked[1]!.score);
    expect(ranked[0]!.reasons).toEqual([{ kind: "people-like-you" }]);
  });

  it("prefers sooner events, all else equal, and breaks exact ties by start time then id", () => {
    const soon = buildEvent({ id: 5, startsAt: new Date(now.getTime() + 2 * DAY) });
    const later = buildEvent({ id: 1, startsAt: new Date(now.getTime() + 40 * DAY) });
    const twinA = buildEvent({ id: 3, startsAt: new Date(now.getTime() + 10 * DAY) });
    const twinB = buildEvent({ id: 2, startsAt: new Date(now.getTime() + 10 * DAY) });
    const ranked = rankRecommendations([later, twinA, soon, twinB], signals({ interestNames: ["Music"] }), now);
    expect(ids(ranked)).toEqual([5, 2, 3, 1]);
    expect(ranked[1]!.score).toBe(ranked[2]!.score);
  });

  it("keeps at most `limit` events", () => {
    const events = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => buildEvent({ id }));
    expect(rankRecommendations(events, signals({ interestNames: ["Music"] }), now, 3)).toHaveLength(3);
    expect(rankRecommendations(events, signals({ interestNames: ["Music"] }), now)).toHaveLength(6);
  });

  it("gives 'this weekend' as a fact for an event this weekend", () => {
    const tonight = buildEvent({ id: 1, startsAt: new Date(now.getTime() + 4 * 3_600_000) });
    const ranked = rankRecommendations([tonight], signals({ interestNames: ["Music"] }), now);
    expect(ranked[0]!.reasons).toEqual([{ kind: "interest", category: "music" }, { kind: "this-weekend" }]);
  });
});

describe("ranking by the matchmaker's answers", () => {
  const person = (overrides: Partial<MatchmakerAnswers>) => signals({ answers: answers(overrides) });

  it("ranks the answer's categories and languages", () => {
    const events = [
      buildEvent({ id: 1, categoryKey: "sports", categoryName: "Sports" }),
      buildEvent({ id: 2, categoryKey: "arts", categoryName: "Arts", language: "fr" }),
      buildEvent({ id: 3, categoryKey: "arts", categoryName: "Arts" }),
    ];
    const ranked = rankRecommendations(events, person({ categories: ["arts"], languages: ["fr"] }), now);
    expect(ids(ranked)).toEqual([2, 3]);
    expect(ranked[0]!.reasons).toEqual([
      { kind: "interest", category: "arts" },
      { kind: "language", language: "fr" },
    ]);
  });

  it("puts events within the price first and says so; a free event is 'free'", () => {
    const events = [
      buildEvent({ id: 1, minPriceCents: 80_00, startsAt: new Date(now.getTime() + 1 * DAY) }),
      buildEvent({ id: 2, minPriceCents: 20_00, startsAt: new Date(now.getTime() + 9 * DAY) }),
      buildEvent({ id: 3, minPriceCents: null, ticketTypes: [], startsAt: new Date(now.getTime() + 12 * DAY) }),
    ];
    const ranked = rankRecommendations(events, person({ maxPriceCents: 30_00 }), now);
    expect(ids(ranked)).toEqual([2, 3, 1]);
    expect(ranked[0]!.reasons).toContainEqual({ kind: "under-price", cents: 30_00 });
    expect(ranked[1]!.reasons).toContainEqual({ kind: "free" });
    expect(ranked[2]!.reasons.map((reason) => reason.kind)).toEqual(["interest"]);
  });

  it("puts nearer events first, those beyond 'how far' last, and gives the distance in miles", () => {
    const events = [
      buildEvent({ id: 1, venue: BALTIMORE, startsAt: new Date(now.getTime() + 1 * DAY) }),
      buildEvent({ id: 2, venue: MALL, startsAt: new Date(now.getTime() + 9 * DAY) }),
      buildEvent({ id: 3, venue: null, startsAt: new Date(now.getTime() + 9 * DAY) }),
    ];
    const near = rankRecommendations(
      events,
      person({ origin: { latitude: 38.9, longitude: -77.03 }, maxMiles: 10 }),
      now,
    );
    expect(ids(near)).toEqual([2, 3, 1]);
    expect(near[0]!.reasons).toContainEqual({ kind: "distance", miles: 1 });
    expect(near[2]!.reasons.some((reason) => reason.kind === "distance")).toBe(false);
    // With no starting point, distance changes nothing: sooner first.
    expect(ids(rankRecommendations(events, person({ maxMiles: 10 }), now))).toEqual([1, 2, 3]);
  });

  it("puts events inside 'when' first and names the window", () => {
    const tonight = buildEvent({ id: 1, startsAt: new Date(now.getTime() + 4 * 3_600_000) });
    const nextSaturday = buildEvent({ id: 2, startsAt: new Date("2026-11-28T18:00:00Z") });
    const ranked = rankRecommendations([tonight, nextSaturday], person({ when: "next-weekend" }), now);
    expect(ids(ranked)).toEqual([2, 1]);
    expect(ranked[0]!.reasons).toContainEqual({ kind: "next-weekend" });
    const thisWeek = rankRecommendations([tonight, nextSaturday], person({ when: "this-week" }), now);
    expect(ids(thisWeek)).toEqual([1, 2]);
    expect(thisWeek[0]!.reasons).toContainEqual({ kind: "this-week" });
  });

  it("with family, ranks family-friendly categories first", () => {
    const events = [
      buildEvent({ id: 1, categoryKey: "party", categoryName: "Party", startsAt: new Date(now.getTime() + 1 * DAY) }),
      buildEvent({ id: 2, categoryKey: "family", categoryName: "Family", startsAt: new Date(now.getTime() + 5 * DAY) }),
    ];
    const ranked = rankRecommendations(events, person({ categories: ["party", "family"], company: "family" }), now);
    expect(ids(ranked)).toEqual([2, 1]);
    expect(ranked[0]!.reasons).toContainEqual({ kind: "family-friendly" });
  });

  it("for a signed-out person, recommends any eligible event, since nothing is theirs", () => {
    const ranked = rankRecommendations([buildEvent({ id: 1 })], { ...EMPTY_SIGNALS, answers: answers({}) }, now);
    expect(ids(ranked)).toEqual([1]);
  });
});

describe("the matchmaker's 'when' windows, in Washington's calendar", () => {
  it("this weekend is today (a Sunday) until Monday; next weekend is the following Saturday and Sunday", () => {
    expect(whenWindow("this-weekend", now)).toEqual({ from: now, to: new Date("2026-11-23T05:00:00Z") });
    expect(whenWindow("next-weekend", now)).toEqual({
      from: new Date("2026-11-28T05:00:00Z"),
      to: new Date("2026-11-30T05:00:00Z"),
    });
    expect(whenWindow("any", now)).toBeNull();
  });
});
