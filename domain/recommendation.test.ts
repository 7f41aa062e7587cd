import { describe, expect, it } from "vitest";
import { hasCriteria, recommend, recommendationCriteria, type RecommendableEvent } from "./recommendation";

function buildEvent(overrides: Partial<RecommendableEvent & { id: number }> = {}) {
  return { id: 1, categoryName: "Music", language: "en" as const, isPublic: true, ...overrides };
}

describe("recommendations", () => {
  it("match on the category name, ignoring case", () => {
    const events = [buildEvent({ id: 1, categoryName: "Music" }), buildEvent({ id: 2, categoryName: "Sports" })];
    expect(recommend(events, ["music"]).map((event) => event.id)).toEqual([1]);
  });

  it("match on the event's language by its English name", () => {
    const events = [
      buildEvent({ id: 1, language: "am", categoryName: "Arts" }),
      buildEvent({ id: 2, categoryName: "Arts" }),
    ];
    expect(recommend(events, ["Amharic"]).map((event) => event.id)).toEqual([1]);
  });

  it("match every public event, and no private one, for 'Public Events'", () => {
    const events = [buildEvent({ id: 1, isPublic: true }), buildEvent({ id: 2, isPublic: false })];
    expect(recommend(events, ["Public Events"]).map((event) => event.id)).toEqual([1]);
  });

  it("keep the given order and stop at six", () => {
    const events = Array.from({ length: 10 }, (_, index) => buildEvent({ id: index + 1 }));
    expect(recommend(events, ["Music"]).map((event) => event.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("give nothing without interests", () => {
    expect(recommend([buildEvent()], [])).toEqual([]);
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
