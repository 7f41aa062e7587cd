import { describe, expect, it } from "vitest";
import { bayesianRating, ratingPoints, reputationLevel, reputationScore } from "./reputation";

const activity = (eventsHeld: number, ticketsSold: number, ticketsCheckedIn: number, eventsCancelled: number) => ({
  eventsHeld,
  ticketsSold,
  ticketsCheckedIn,
  eventsCancelled,
});

describe("organizer reputation level", () => {
  it("rises from bronze through silver and gold to elite at 90", () => {
    expect([0, 39, 40, 69, 70, 89, 90, 100].map(reputationLevel)).toEqual([
      "bronze",
      "bronze",
      "silver",
      "silver",
      "gold",
      "gold",
      "elite",
      "elite",
    ]);
  });
});

describe("organizer reputation score", () => {
  it("is 0 for an organizer who has held nothing yet", () => {
    expect(reputationScore(activity(0, 0, 0, 0))).toBe(0);
  });

  it("is 100 for twenty events, a thousand tickets, everyone checked in and no cancellation", () => {
    expect(reputationScore(activity(20, 1_000, 1_000, 0))).toBe(100);
    expect(reputationScore(activity(60, 50_000, 50_000, 0))).toBe(100);
  });

  it("matches the worked examples in docs/reputation.md", () => {
    expect(reputationScore(activity(1, 20, 15, 0))).toBe(34);
    expect(reputationScore(activity(5, 200, 170, 0))).toBe(66);
    expect(reputationScore(activity(12, 600, 540, 1))).toBe(82);
    expect(reputationScore(activity(20, 1_200, 1_100, 0))).toBe(98);
    expect(reputationScore(activity(20, 1_200, 1_100, 5))).toBe(96);
    expect(reputationScore(activity(3, 400, 100, 3))).toBe(43);
  });

  it("rewards a higher check-in rate, all else equal", () => {
    expect(reputationScore(activity(10, 500, 450, 0))).toBeGreaterThan(reputationScore(activity(10, 500, 200, 0)));
  });

  it("takes points away for cancellations", () => {
    expect(reputationScore(activity(10, 500, 450, 4))).toBeLessThan(reputationScore(activity(10, 500, 450, 0)));
  });

  it("weighs the check-in rate of a handful of tickets lightly", () => {
    // Three of three checked in is a perfect rate on too few tickets to mean much.
    expect(reputationScore(activity(1, 3, 3, 0))).toBeLessThan(40);
  });

  it("stays within 0–100 on nonsense counts (more check-ins than tickets, negatives)", () => {
    expect(reputationScore(activity(-5, -1, 10, -2))).toBe(0);
    expect(reputationScore(activity(20, 1_000, 5_000, 0))).toBe(100);
  });

  it("reaches elite only with a long, well-attended and reliable record", () => {
    expect(reputationLevel(reputationScore(activity(20, 1_200, 1_100, 0)))).toBe("elite");
    expect(reputationLevel(reputationScore(activity(20, 1_200, 500, 0)))).not.toBe("elite");
    expect(reputationLevel(reputationScore(activity(4, 1_200, 1_100, 0)))).not.toBe("elite");
  });
});

describe("ratings in the organizer reputation", () => {
  const base = activity(10, 500, 400, 0);
  const withRatings = (reviewCount: number, ratingTotal: number) =>
    reputationScore({ ...base, reviewCount, ratingTotal });

  it("leave the score as it was without any review", () => {
    expect(withRatings(0, 0)).toBe(reputationScore(base));
  });

  it("pull toward 3.5 stars while they are few (a Bayesian average with 10 imaginary 3.5-star ratings)", () => {
    expect(bayesianRating(0, 0)).toBe(3.5);
    expect(bayesianRating(1, 5)).toBeCloseTo(3.636, 3);
    expect(bayesianRating(1000, 5000)).toBeCloseTo(4.985, 3);
    // One 5-star review moves the score by about one point; a hundred by about nine.
    expect(ratingPoints(1, 5)).toBeCloseTo(0.909, 3);
    expect(ratingPoints(100, 500)).toBeCloseTo(9.091, 3);
  });

  it("add at most 10 points and take at most 10, at the ends of the scale", () => {
    expect(ratingPoints(1_000_000, 5_000_000)).toBeLessThanOrEqual(10);
    expect(ratingPoints(1_000_000, 5_000_000)).toBeGreaterThan(9.99);
    expect(ratingPoints(1_000_000, 1_000_000)).toBeGreaterThanOrEqual(-10);
    expect(ratingPoints(1_000_000, 1_000_000)).toBeLessThan(-9.99);
    // A middling 3.5 average changes nothing.
    expect(ratingPoints(2, 7)).toBe(0);
  });

  it("raise an organizer with good ratings above one with bad ones, and keep the score within 0–100", () => {
    expect(withRatings(50, 240)).toBeGreaterThan(reputationScore(base));
    expect(withRatings(50, 60)).toBeLessThan(reputationScore(base));
    const best = activity(40, 5_000, 5_000, 0);
    expect(reputationScore({ ...best, reviewCount: 500, ratingTotal: 2_500 })).toBe(100);
    expect(reputationScore({ ...activity(0, 0, 0, 0), reviewCount: 500, ratingTotal: 500 })).toBe(0);
  });

  it("ignore an impossible total (more than 5 stars a review) by reading it as all 5 stars", () => {
    expect(ratingPoints(10, 999)).toBe(ratingPoints(10, 50));
  });
});
