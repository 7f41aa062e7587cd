import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { badgeAwards } from "#server/db/schema";
import type { Actor } from "./actor";

// The badge notice's own markBadgesSeen (issue 19): badges.ts may have its twin; keep one at merge.
/**
 * The header's badge notice was dismissed: these badges of the signed-in person count as seen. Others, and ones already seen, are left alone.
 */
export async function markBadgesSeen(
  db: Pick<Database, "update">,
  actor: Actor,
  badges: readonly string[],
  now: Date,
): Promise<void> {
  if (badges.length === 0) return;
  await db
    .update(badgeAwards)
    .set({ seenAt: now })
    .where(
      and(eq(badgeAwards.userId, actor.userId), inArray(badgeAwards.badge, [...badges]), isNull(badgeAwards.seenAt)),
    );
}
