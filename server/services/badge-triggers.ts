import type { Database } from "#server/db/client";
import { enqueueJobs } from "./enqueue-job";

/** The job kind that re-checks one person's badges and awards what they now earn (services/badges.ts). */
export const AWARD_BADGES_JOB = "award_badges";

/**
 * Asks the jobs worker to check these people's badges, in the caller's transaction: called by every
 * activity a badge counts (publishing, selling out, a check-in, a review, a share visit, a photo). The
 * check is idempotent, so asking twice costs a query and never awards twice.
 */
export async function queueBadgeCheck(
  db: Pick<Database, "insert">,
  userIds: readonly (string | null)[],
): Promise<void> {
  const people = [...new Set(userIds.filter((id): id is string => id !== null))];
  await enqueueJobs(
    db,
    AWARD_BADGES_JOB,
    people.map((userId) => ({ userId })),
  );
}
