import { describe, expect, it } from "vitest";
import { PLACES } from "./event-search-options";
import {
  MATCHMAKER_COMPANY,
  MATCHMAKER_DISTANCES_MILES,
  MATCHMAKER_WHEN,
  type MatchmakerAnswers,
} from "./matchmaker-answers";
import { COMPANY_CHOICES, DISTANCE_CHOICES, matchmakerSearch, WHEN_CHOICES, widenedValues } from "./matchmaker-choices";
import { matchReasons, parseMatchmakerQuery, valuesOfAnswers, whenWindow } from "./matchmaker-quiz";

const parse = (query: string) => parseMatchmakerQuery(new URLSearchParams(query));

describe("the matchmaker's quiz in the address", () => {
  it("offers exactly the schema's choices", () => {
    expect(WHEN_CHOICES).toEqual(MATCHMAKER_WHEN);
    expect(COMPANY_CHOICES).toEqual(MATCHMAKER_COMPANY);
    expect(DISTANCE_CHOICES).toEqual(MATCHMAKER_DISTANCES_MILES);
  });

  it("is not answered until the form is sent", () => {
    expect(parse("")).toEqual({ kind: "none" });
    expect(parse("lang=fr&category=music")).toEqual({ kind: "none" });
  });

  it("reads every answer: categories, time, budget in dollars, distance from a place, languages, company", () => {
    const query = parse(
      "category=music&category=arts&when=this-weekend&budget=30&miles=3&near=arlington&language=fr&language=am&company=family",
    );
    expect(query).toMatchObject({
      kind: "valid",
      answers: {
        categories: ["music", "arts"],
        when: "this-weekend",
        maxPriceCents: 3000,
        maxMiles: 3,
        origin: { latitude: PLACES.arlington.latitude, longitude: PLACES.arlington.longitude },
        languages: ["fr", "am"],
        company: "family",
      },
    });
    expect(
      parse("category=music&when=any&budget=free").kind === "valid" && parse("category=music&when=any&budget=free"),
    ).toMatchObject({ answers: { maxPriceCents: 0, maxMiles: null, origin: null, company: "alone" } });
  });

  it("takes the browser's position over a chosen place", () => {
    const query = parse("category=music&when=any&miles=10&near=bethesda&lat=38.9&lng=-77.05");
    expect(query.kind === "valid" && query.answers.origin).toEqual({ latitude: 38.9, longitude: -77.05 });
  });

  it("names the field of each bad answer with a message key", () => {
    expect(parse("when=any")).toMatchObject({ kind: "invalid", errors: { categories: "categories_required" } });
    expect(parse("category=nope&when=soon&budget=20&miles=7&language=xx&company=crowd&near=paris")).toMatchObject({
      kind: "invalid",
      errors: {
        categories: "categories_invalid",
        when: "when_invalid",
        budget: "price_invalid",
        distance: "origin_invalid",
        languages: "languages_invalid",
        company: "company_invalid",
      },
    });
    expect(parse("category=music&when=any&miles=10")).toMatchObject({ errors: { distance: "origin_required" } });
    expect(parse("category=music&when=any&miles=7&near=arlington")).toMatchObject({
      errors: { distance: "distance_invalid" },
    });
    expect(parse("category=music&when=any&lat=91&lng=0")).toMatchObject({ errors: { distance: "origin_invalid" } });
    expect(parse("category=music&category=music&when=any")).toMatchObject({
      errors: { categories: "categories_invalid" },
    });
  });

  it("gives saved answers back as the same form and address, and widens them", () => {
    const answers: MatchmakerAnswers = {
      categories: ["music", "sports"],
      when: "next-weekend",
      maxPriceCents: 6000,
      maxMiles: 25,
      origin: { latitude: PLACES["silver-spring"].latitude, longitude: PLACES["silver-spring"].longitude },
      languages: ["en"],
      company: "friends",
    };
    const values = valuesOfAnswers(answers);
    expect(values.near).toBe("silver-spring");
    const again = parse(matchmakerSearch(values).slice(1));
    expect(again.kind === "valid" && again.answers).toEqual(answers);
    const wide = parse(matchmakerSearch(widenedValues(values)).slice(1));
    expect(wide.kind === "valid" && wide.answers).toMatchObject({
      categories: ["music", "sports"],
      when: "any",
      maxPriceCents: null,
      maxMiles: null,
      languages: [],
    });
    const position = valuesOfAnswers({ ...answers, origin: { latitude: 38.91, longitude: -77.01 } });
    expect([position.near, position.lat, position.lng]).toEqual(["", "38.91", "-77.01"]);
  });
});

describe("when you are free", () => {
  // Wednesday 2026-11-25, 15:00 in Washington.
  const wednesday = new Date("2026-11-25T20:00:00Z");
  const at = (iso: string) => new Date(iso);

  it("is a window in Washington's calendar", () => {
    expect(whenWindow("any", wednesday)).toBeNull();
    expect(whenWindow("this-week", wednesday)).toEqual({ from: wednesday, to: at("2026-11-30T05:00:00Z") });
    expect(whenWindow("this-weekend", wednesday)).toEqual({
      from: at("2026-11-28T05:00:00Z"),
      to: at("2026-11-30T05:00:00Z"),
    });
    expect(whenWindow("next-weekend", wednesday)).toEqual({
      from: at("2026-12-05T05:00:00Z"),
      to: at("2026-12-07T05:00:00Z"),
    });
    expect(whenWindow("this-month", wednesday)).toEqual({ from: wednesday, to: at("2026-12-01T05:00:00Z") });
  });

  it("on a Sunday, this weekend is what is left of it and next weekend the following one", () => {
    const sunday = new Date("2026-11-22T19:00:00Z");
    expect(whenWindow("this-weekend", sunday)).toEqual({ from: sunday, to: at("2026-11-23T05:00:00Z") });
    expect(whenWindow("next-weekend", sunday)).toEqual({
      from: at("2026-11-28T05:00:00Z"),
      to: at("2026-11-30T05:00:00Z"),
    });
  });
});

describe("why an event matches", () => {
  const answers: MatchmakerAnswers = {
    categories: ["music"],
    when: "this-weekend",
    maxPriceCents: 3000,
    maxMiles: 3,
    origin: { latitude: 38.9, longitude: -77 },
    languages: [],
    company: "alone",
  };
  const facts = { categoryKey: "music", language: "en", cheapestCents: 2500, distanceMiles: 2.4 };

  it("reads 'Music · this weekend · under $30 · 2.4 mi'", () => {
    expect(matchReasons(facts, answers)).toEqual([
      { kind: "category", category: "music" },
      { kind: "when", when: "this-weekend" },
      { kind: "under", cents: 3000 },
      { kind: "distance", miles: 2.4 },
    ]);
  });

  it("says free for a free event, names the language when one was asked, and leaves out what was not asked", () => {
    expect(matchReasons({ ...facts, cheapestCents: 0 }, answers)).toContainEqual({ kind: "free" });
    expect(matchReasons({ ...facts, language: "fr" }, { ...answers, languages: ["fr"] }).at(-1)).toEqual({
      kind: "language",
      language: "fr",
    });
    expect(
      matchReasons(
        { ...facts, distanceMiles: null },
        { ...answers, when: "any", maxPriceCents: null, maxMiles: null, origin: null },
      ),
    ).toEqual([{ kind: "category", category: "music" }]);
  });
});
