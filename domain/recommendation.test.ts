import { describe, expect, it } from "vitest";
import {
  hasCriteria,
  isRecommendable,
  recommend,
  recommendationCriteria,
  type RecommendableEvent,
} from "./recommendation";

const now = new Date("2026-11-22T19:00:00Z");
const viewer = { userId: "viewer", now };

function buildEvent(overrides: Partial<RecommendableEvent & { id: number }> = {}) {
  return {
    id: 1,
    categoryName: "Music",
    language: "en" as const,
    isPublic: true,
    status: "published" as const,
    endsAt: new Date("2026-12-01T03:00:00Z"),
    ticketTypes: [{ priceCents: 25_00, quantity: 100, sold: 40 }],
    staffIds: ["organizer"],
    ...overrides,
  };
}

describe("recommendations", () => {
  it("match on the category name, ignoring case", () => {
    const events = [buildEvent({ id: 1, categoryName: "Music" }), buildEvent({ id: 2, categoryName: "Sports" })];
    expect(recommend(events, ["music"], viewer).map((event) => event.id)).toEqual([1]);
  });

  it("match on the event's language by its English name", () => {
    const events = [
      buildEvent({ id: 1, language: "am", categoryName: "Arts" }),
      buildEvent({ id: 2, categoryName: "Arts" }),
    ];
    expect(recommend(events, ["Amharic"], viewer).map((event) => event.id)).toEqual([1]);
  });

  it("match every public event, and no private one, for 'Public Events'", () => {
    const events = [buildEvent({ id: 1, isPublic: true }), buildEvent({ id: 2, isPublic: false })];
    expect(recommend(events, ["Public Events"], viewer).map((event) => event.id)).toEqual([1]);
  });

  it("keep the given order and stop at six", () => {
    const events = Array.from({ length: 10 }, (_, index) => buildEvent({ id: index + 1 }));
    expect(recommend(events, ["Music"], viewer).map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("give nothing without interests", () => {
    expect(recommend([buildEvent()], [], viewer)).toEqual([]);
  });

  it("leave out sold-out, ended, draft, cancelled and the person's own events, and fill up with the next ones", () => {
    const events = [
      buildEvent({ id: 1, ticketTypes: [{ priceCents: 45_00, quantity: 200, sold: 200 }] }),
      buildEvent({ id: 2, endsAt: new Date(now.getTime() - 60_000) }),
      buildEvent({ id: 3, status: "draft" }),
      buildEvent({ id: 4, status: "cancelled" }),
      buildEvent({ id: 5, staffIds: ["viewer"] }),
      buildEvent({ id: 6, staffIds: ["organizer", "viewer"] }),
      ...Array.from({ length: 7 }, (_, index) => buildEvent({ id: 7 + index })),
    ];
    expect(recommend(events, ["Music"], viewer).map((event) => event.id)).toEqual([7, 8, 9, 10, 11, 12]);
  });
});

describe("whether an event may be recommended", () => {
  it("is yes for a published, upcoming event with tickets left that someone else runs", () => {
    expect(isRecommendable(buildEvent(), viewer)).toBe(true);
  });

  it("is no once every ticket type is sold out, and yes while one type has a ticket left", () => {
    const soldOut = { priceCents: 45_00, quantity: 50, sold: 50 };
    expect(isRecommendable(buildEvent({ ticketTypes: [soldOut, { ...soldOut, sold: 50 }] }), viewer)).toBe(false);
    expect(isRecommendable(buildEvent({ ticketTypes: [soldOut, { ...soldOut, sold: 49 }] }), viewer)).toBe(true);
  });

  it("is no for an event that has ended, and yes for one under way", () => {
    expect(isRecommendable(buildEvent({ endsAt: now }), viewer)).toBe(false);
    expect(isRecommendable(buildEvent({ endsAt: new Date(now.getTime() + 1) }), viewer)).toBe(true);
  });

  it("is no for a draft or a cancelled event", () => {
    expect(isRecommendable(buildEvent({ status: "draft" }), viewer)).toBe(false);
    expect(isRecommendable(buildEvent({ status: "cancelled" }), viewer)).toBe(false);
  });

  it("is no for an event the person organizes or co-organizes, and yes for the same event to anyone else", () => {
    const theirs = buildEvent({ staffIds: ["viewer", "helper"] });
    const helping = buildEvent({ staffIds: ["organizer", "viewer"] });
    expect(isRecommendable(theirs, viewer)).toBe(false);
    expect(isRecommendable(helping, viewer)).toBe(false);
    expect(isRecommendable(theirs, { userId: "someone-else", now })).toBe(true);
  });
});

describe("recommendation criteria", () => {
  it("name the categories in lower case, the languages by their English names, and public events", () => {
    expect(recommendationCriteria(["Music", "French", "Public Events"])).toEqual({
      categoryNames: ["music", "french", "public events"],
      languages: ["fr"],
      includesPublicEvents: true,
    });
  });

  it("ask for nothing without interests", () => {
    const criteria = recommendationCriteria([]);
    expect(hasCriteria(criteria)).toBe(false);
    expect(criteria).toEqual({ categoryNames: [], languages: [], includesPublicEvents: false });
  });
});
