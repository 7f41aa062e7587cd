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
