import type { Database } from "#server/db/client";
import { staffMembers } from "#server/db/schema";

/** Makes an account staff in a test, as `npm run staff:grant` would (without the audit line). */
export async function makeStaff(db: Database, userId: string): Promise<void> {
  await db.insert(staffMembers).values({ userId }).onConflictDoNothing();
}
