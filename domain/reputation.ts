export const REPUTATION_LEVELS = ["bronze", "silver", "gold", "elite"] as const;
export type ReputationLevel = (typeof REPUTATION_LEVELS)[number];

/** Score thresholds (0–100) at which an organizer reaches each level. */
const LEVEL_THRESHOLDS: readonly [ReputationLevel, number][] = [
  ["elite", 90],
  ["gold", 70],
  ["silver", 40],
  ["bronze", 0],
];

export function reputationLevel(score: number): ReputationLevel {
  return LEVEL_THRESHOLDS.find(([, threshold]) => score >= threshold)?.[0] ?? "bronze";
}

/** What an organizer has done, as counted by server/services/reputations.ts. */
export interface OrganizerActivity {
  /** Published events that have ended. */
  eventsHeld: number;
  /** Valid tickets of those events. */
  ticketsSold: number;
  /** Those tickets that were checked in at the door. */
  ticketsCheckedIn: number;
  /** Events the organizer cancelled. */
  eventsCancelled: number;
  /** Visible reviews of their events (none counts as no reviews). */
  reviewCount?: number;
  /** The sum of those reviews' ratings (1–5 each). */
  ratingTotal?: number;
}

/**
 * The formula's parts (docs/reputation.md explains each). The four maxima add up to 100; ratings then move
 * the score by up to 10 either way, and the total is kept within 0–100. Experience and
 * audience grow with volume but stop at a cap, so a long history cannot make up for no-shows or
 * cancellations; the check-in rate only counts fully once enough tickets were sold for it to mean
 * something, so one small event with three guests is not "perfect".
 */
export const REPUTATION_FORMULA = {
  experience: { maxPoints: 30, eventsForMax: 20 },
  audience: { maxPoints: 30, ticketsForMax: 1_000 },
  attendance: { maxPoints: 30, ticketsForFullWeight: 50 },
  reliability: { maxPoints: 10 },
  /**
   * Guests' ratings move the score up or down by at most `maxPoints`, through a Bayesian average: the
   * organizer's ratings plus `priorWeight` imaginary ratings of `priorMean` (a middling 3.5 stars). No
   * reviews leave the score as it is; a few cannot swing it much; many 5-star ones add nearly 10.
   */
  rating: { maxPoints: 10, priorMean: 3.5, priorWeight: 10 },
} as const;

/** The Bayesian average of an organizer's ratings (docs/reputation.md): pulled toward 3.5 while they are few. */
export function bayesianRating(reviewCount: number, ratingTotal: number): number {
  const { priorMean, priorWeight } = REPUTATION_FORMULA.rating;
  const count = Math.max(0, reviewCount);
  const total = Math.min(5 * count, Math.max(count, ratingTotal));
  return (priorWeight * priorMean + total) / (priorWeight + count);
}

/** The rating part of the score, from −10 (every rating 1 star, many of them) to +10 (all 5 stars). */
export function ratingPoints(reviewCount: number, ratingTotal: number): number {
  const { maxPoints, priorMean } = REPUTATION_FORMULA.rating;
  const average = bayesianRating(reviewCount, ratingTotal);
  // Distance from the prior to the nearer end (5 above, 1 below: 1.5 and 2.5 stars) scales to ±maxPoints.
  const span = average >= priorMean ? 5 - priorMean : priorMean - 1;
  return (maxPoints * (average - priorMean)) / span;
}

/** The organizer's score, an integer 0–100, from their activity (docs/reputation.md). */
export function reputationScore(activity: OrganizerActivity): number {
  const held = Math.max(0, activity.eventsHeld);
  const sold = Math.max(0, activity.ticketsSold);
  const checkedIn = Math.min(sold, Math.max(0, activity.ticketsCheckedIn));
  const cancelled = Math.max(0, activity.eventsCancelled);
  const { experience, audience, attendance, reliability } = REPUTATION_FORMULA;

  const experiencePoints = experience.maxPoints * Math.min(1, held / experience.eventsForMax);
  // Logarithmic: the first hundred tickets say more about an organizer than the ninth hundred.
  const audiencePoints =
    audience.maxPoints * Math.min(1, Math.log10(1 + sold) / Math.log10(1 + audience.ticketsForMax));
  const attendancePoints =
    sold === 0 ? 0 : attendance.maxPoints * (checkedIn / sold) * Math.min(1, sold / attendance.ticketsForFullWeight);
  const reliabilityPoints = held + cancelled === 0 ? 0 : reliability.maxPoints * (held / (held + cancelled));

  const total =
    experiencePoints +
    audiencePoints +
    attendancePoints +
    reliabilityPoints +
    ratingPoints(activity.reviewCount ?? 0, activity.ratingTotal ?? 0);
  return Math.max(0, Math.min(100, Math.round(total)));
}
